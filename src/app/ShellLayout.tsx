import Box from '@mui/material/Box';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useNewContactFormsCountQuery } from '../../store/inboxCountApi';
import { writeAccount } from '../../store/session';
import { useAuth } from '../auth/AuthContext';
import {
  clearEnrolmentRefusal,
  listenForEnrolmentRefusals,
  useSecondFactorDue,
} from '../auth/secondFactorDue';
import { MAIN_ID, ScreenFocus } from '../components/layout/ScreenFocus';
import { useAfterPaint } from '../hooks/useAfterPaint';
import { firstScreenLoaded } from '../hooks/routePreload';
import { AppLayout } from '../components/layout/AppLayout';
import { MenuBadgesContext } from '../components/navigation/menuBadges';
import { hasPermission, PERMISSIONS } from '../shared/permissions';
import { ROUTES } from '../shared/routes';
import { SearchEverything } from './search/SearchEverything';

/** How often the menu's count of New messages is refreshed (any inbox write refreshes it at once). */
const INBOX_POLL_MS = 60_000;

export type ShellLayoutProps = Record<string, never>;

/**
 * A user who must enrol the second factor their role requires (issue 37) sees its screen only: no
 * menu, no header, every other path brought back to it.
 */
function EnrolmentLayout() {
  const location = useLocation();
  if (location.pathname !== ROUTES.secondFactorEnrolment)
    return <Navigate to={ROUTES.secondFactorEnrolment} replace />;
  return (
    <Box
      component="main"
      id={MAIN_ID}
      tabIndex={-1}
      sx={{ minHeight: '100vh', p: { xs: 2, md: 3 }, '&:focus': { outline: 'none' } }}
    >
      <ScreenFocus titleFrom="heading" />
      <Outlet />
    </Box>
  );
}

/**
 * The signed-in shell with the menu's counts (New contact-form messages beside Contact Form); it keeps
 * the signed-in account in storage.
 */
export function ShellLayout(_props: ShellLayoutProps) {
  const { user, phase, confirmAccount } = useAuth();
  const due = useSecondFactorDue();
  useEffect(() => listenForEnrolmentRefusals(), []);
  useEffect(() => {
    if (phase === 'no-auth') clearEnrolmentRefusal();
  }, [phase]);
  // Kept for the next load, which draws the screens for it before asking the server (issue #15).
  useEffect(() => {
    if (user) writeAccount(user);
  }, [user]);
  // Drawn for a stored account: the server is asked for it, and for the menu's count, once the
  // first screen (a list's rows) is on the screen, not before: the list opened first draws this
  // layout before its own chunk is there (src/app/guarded.tsx), and these wait for that chunk too.
  const painted = useAfterPaint();
  const [screenShown, setScreenShown] = useState(false);
  useEffect(() => {
    if (!painted) return undefined;
    let live = true;
    void firstScreenLoaded().then(() =>
      requestAnimationFrame(() => setTimeout(() => live && setScreenShown(true), 0)),
    );
    return () => {
      live = false;
    };
  }, [painted]);
  useEffect(() => {
    if (screenShown) confirmAccount();
  }, [screenShown, confirmAccount]);
  const mayRead = phase === 'auth' && hasPermission(user?.permissions, PERMISSIONS.contactFormsIndex);
  const { data: newMessages } = useNewContactFormsCountQuery(undefined, {
    skip: !mayRead || !screenShown || due,
    pollingInterval: INBOX_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const badges = useMemo<Record<string, number>>(() => {
    const counts: Record<string, number> = {};
    if (mayRead && newMessages) counts[ROUTES.contactForms] = newMessages;
    return counts;
  }, [mayRead, newMessages]);
  if (phase === 'auth' && due) return <EnrolmentLayout />;
  return (
    <MenuBadgesContext.Provider value={badges}>
      <AppLayout headerActions={<SearchEverything />} />
    </MenuBadgesContext.Provider>
  );
}
