import { useMemo } from 'react';
import { useNewContactFormsCountQuery } from '../../store/inboxCountApi';
import { useAuth } from '../auth/AuthContext';
import { AppLayout } from '../components/layout/AppLayout';
import { MenuBadgesContext } from '../components/navigation/menuBadges';
import { hasPermission, PERMISSIONS } from '../shared/permissions';
import { ROUTES } from '../shared/routes';

/** How often the menu's count of New messages is refreshed (any inbox write refreshes it at once). */
const INBOX_POLL_MS = 60_000;

export type ShellLayoutProps = Record<string, never>;

/** The signed-in shell with the menu's counts: New contact-form messages beside Contact Form. */
export function ShellLayout(_props: ShellLayoutProps) {
  const { user, phase } = useAuth();
  const mayRead = phase === 'auth' && hasPermission(user?.permissions, PERMISSIONS.contactFormsIndex);
  const { data: newMessages } = useNewContactFormsCountQuery(undefined, {
    skip: !mayRead,
    pollingInterval: INBOX_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const badges = useMemo<Record<string, number>>(() => {
    const counts: Record<string, number> = {};
    if (mayRead && newMessages) counts[ROUTES.contactForms] = newMessages;
    return counts;
  }, [mayRead, newMessages]);
  return (
    <MenuBadgesContext.Provider value={badges}>
      <AppLayout />
    </MenuBadgesContext.Provider>
  );
}
