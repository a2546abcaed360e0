import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAuth } from '../../auth/AuthContext';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import { en, t } from '../../shared/messages';
import { AccountCard } from './AccountCard';
import { QuickLinksCard } from './QuickLinksCard';

export type DashboardScreenProps = Record<string, never>;

/** The greeting, the signed-in account and shortcuts to the sections the user may open. */
export function DashboardScreen(_props: DashboardScreenProps) {
  const { user } = useAuth();
  useBreadcrumbs([{ label: en.dashboard }]);
  if (!user) return null;

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('welcome', { name: user.name })}</Typography>
      <Grid container spacing={3}>
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
