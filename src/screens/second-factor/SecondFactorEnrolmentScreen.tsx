import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, useNavigate } from 'react-router-dom';
import { useGetPasskeysQuery } from '../../../store/passkeysApi';
import { useGetTwoFactorQuery } from '../../../store/twoFactorApi';
import { useAuth } from '../../auth/AuthContext';
import { clearEnrolmentRefusal, useSecondFactorDue } from '../../auth/secondFactorDue';
import { en } from '../../shared/messages';
import { TWO_FACTOR_MESSAGES as M } from '../../shared/messages/twoFactor';
import { ROUTES } from '../../shared/routes';
import { PasskeysSection } from '../profile/PasskeysSection';
import { TwoFactorSection } from '../profile/TwoFactorSection';

export type SecondFactorEnrolmentScreenProps = Record<string, never>;

/**
 * `/second-factor` (issue 37): the only screen of a user whose role requires a second factor they
 * have not set up. The profile's authenticator-app and passkey sections, as they are; once either
 * is set up the user continues to the dashboard.
 */
export function SecondFactorEnrolmentScreen(_props: SecondFactorEnrolmentScreenProps) {
  const { user, updateProfile, signOut } = useAuth();
  const due = useSecondFactorDue();
  const navigate = useNavigate();
  const { data: app } = useGetTwoFactorQuery();
  const { data: passkeys } = useGetPasskeysQuery();
  const enrolled = Boolean(app?.enabled) || (passkeys?.length ?? 0) > 0;
  if (!due) return <Navigate to={ROUTES.dashboard} replace />;

  const proceed = () => {
    if (user) updateProfile({ ...user, second_factor_due: undefined });
    clearEnrolmentRefusal();
    navigate(ROUTES.dashboard, { replace: true });
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h1">{M.enrolmentTitle}</Typography>
      <Alert severity="info">{M.enrolmentIntro}</Alert>
      <TwoFactorSection />
      <PasskeysSection />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button variant="contained" onClick={proceed} disabled={!enrolled}>
          {M.enrolmentContinue}
        </Button>
        <Button onClick={signOut}>{en.logout}</Button>
      </Stack>
      {!enrolled && <Typography color="text.secondary">{M.enrolmentPending}</Typography>}
    </Stack>
  );
}
