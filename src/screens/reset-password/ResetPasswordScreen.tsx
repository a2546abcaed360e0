import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useResetPasswordFlow } from '../../auth/useResetPasswordFlow';
import { LoadingBlock } from '../../components/feedback/LoadingBlock';
import { useNotify } from '../../hooks/useNotify';
import { en } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';
import { ResetPasswordForm } from './ResetPasswordForm';
import { TokenExpired } from './TokenExpired';

export type ResetPasswordScreenProps = Record<string, never>;

/** Sets a new password from the e-mailed link (`?token=…&email=…`). */
export function ResetPasswordScreen(_props: ResetPasswordScreenProps) {
  const [params] = useSearchParams();
  const flow = useResetPasswordFlow(params.get('token'), params.get('email'));
  const notify = useNotify();
  const navigate = useNavigate();
  const finished = useRef(false);

  useEffect(() => {
    if (flow.state !== 'done' || finished.current) return;
    finished.current = true;
    notify.success(en.passwordCreated);
    navigate(ROUTES.login, { replace: true });
  }, [flow.state, notify, navigate]);

  if (flow.state === 'checking' || flow.state === 'done') return <LoadingBlock height={240} />;
  if (flow.state === 'token-expired') return <TokenExpired />;

  return (
    <Stack spacing={3}>
      <Typography variant="h2" component="h1" textAlign="center">
        {en.resetPasswordTitle}
      </Typography>
      {flow.fieldErrors.token && <Alert severity="error">{flow.fieldErrors.token}</Alert>}
      <ResetPasswordForm
        email={flow.email}
        submitting={flow.state === 'submitting'}
        fieldErrors={flow.fieldErrors}
        onSubmit={flow.submit}
      />
    </Stack>
  );
}
