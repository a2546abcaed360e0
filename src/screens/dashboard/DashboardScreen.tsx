import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDashboardQuery } from '../../../store/dashboardApi';
import { useNewContactFormsCountQuery } from '../../../store/inboxCountApi';
import { useAuth } from '../../auth/AuthContext';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import { en, t } from '../../shared/messages';
import { hasPermission, PERMISSIONS } from '../../shared/permissions';
import { AttentionCard } from './AttentionCard';
import { AccountCard } from './AccountCard';
import { QuickLinksCard } from './QuickLinksCard';
import { RecentChangesCard } from './RecentChangesCard';
import { SubscribersCard } from './SubscribersCard';
import { WeekAheadCard } from './WeekAheadCard';

export type DashboardScreenProps = Record<string, never>;

/**
 * The greeting, what needs attention (the week ahead, new messages, stale content, new subscribers:
 * each only as far as the user may read it), the subscribers of the last 30 days (a chart), the
 * user's own recent changes, the signed-in account and shortcuts to the sections.
 */
export function DashboardScreen(_props: DashboardScreenProps) {
  const { user } = useAuth();
  useBreadcrumbs([{ label: en.dashboard }]);
  const dashboard = useDashboardQuery(undefined, { skip: !user });
  const mayReadInbox = hasPermission(user?.permissions, PERMISSIONS.contactFormsIndex);
  const { data: newMessages } = useNewContactFormsCountQuery(undefined, { skip: !mayReadInbox });
  if (!user) return null;
  // The server leaves the subscribers out (null) for whoever may not read them; until it answers,
  // the user's own permissions say whether the card will come.
  const subscribers = dashboard.data
    ? dashboard.data.subscribers_by_day
    : hasPermission(user.permissions, PERMISSIONS.subscribesIndex)
      ? undefined
      : null;

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('welcome', { name: user.name })}</Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <WeekAheadCard week={dashboard.data?.week} failed={dashboard.isError} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <AttentionCard
            dashboard={dashboard.data}
            newMessages={mayReadInbox ? newMessages : undefined}
            failed={dashboard.isError}
          />
        </Grid>
        {subscribers !== null && (
          <Grid size={{ xs: 12, md: 7 }}>
            <SubscribersCard days={subscribers} failed={dashboard.isError} />
          </Grid>
        )}
        <Grid size={{ xs: 12, md: subscribers === null ? 12 : 5 }}>
          <RecentChangesCard changes={dashboard.data?.recent_changes} failed={dashboard.isError} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <AccountCard user={user} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <QuickLinksCard permissions={user.permissions} />
        </Grid>
      </Grid>
    </Stack>
  );
}
