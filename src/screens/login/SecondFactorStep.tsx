import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { FormTextField, SubmitButton, validateWith } from '../../components/form';
import { otpStepSchema, recoveryStepSchema } from '../../shared/contracts/twoFactor';
import { PASSKEY_MESSAGES } from '../../shared/messages/passkeys';
import { REMEMBERED_DEVICE_MESSAGES as RM } from '../../shared/messages/rememberedDevices';
import { TWO_FACTOR_MESSAGES as M } from '../../shared/messages/twoFactor';

const validateOtp = validateWith(otpStepSchema);
const validateRecovery = validateWith(recoveryStepSchema);

type Mode = 'otp' | 'recovery' | 'passkey';

/**
 * The sign-in's second step (the password was right, the account has a second factor): the
 * app's 6-digit code, one of the recovery codes, or a passkey, as the account has them. Loaded only
 * when it is needed (LoginScreen, and the session dialog when a re-sign-in needs it).
 */
export default function SecondFactorStep({
  heading = 'h1',
  titleId,
}: {
  /** On /login the page's heading; in the session dialog its title (h2, named by the dialog). */
  heading?: 'h1' | 'h2';
  titleId?: string;
}) {
  const { signingIn, signInError, verifySecondFactor, cancelSecondFactor, secondFactors } = useAuth();
  const hasApp = secondFactors.includes('otp');
  const hasPasskey = secondFactors.includes('passkey');
  const [mode, setMode] = useState<Mode>(hasApp ? 'otp' : 'passkey');
  const [remember, setRemember] = useState(false);
  const choice = remember ? { remember_device: true } : {};
  const rememberBox = (
    <FormControlLabel
      control={
        <Checkbox
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
          disabled={signingIn}
        />
      }
      label={RM.rememberDevice}
    />
  );
  const recovery = mode === 'recovery';
  const help = { otp: M.stepHelp, recovery: M.recoveryHelp, passkey: PASSKEY_MESSAGES.passkeyHelp }[mode];
  return (
    <Stack spacing={3}>
      <Typography variant="h2" component={heading} id={titleId} textAlign="center">
        {M.stepTitle}
      </Typography>
      <Typography>{help}</Typography>
      {mode === 'passkey' ? (
        <Stack spacing={2}>
          {signInError && <Alert severity="error">{signInError}</Alert>}
          {rememberBox}
          <Button
            variant="contained"
            size="large"
            fullWidth
            autoFocus
            disabled={signingIn}
            onClick={() => verifySecondFactor({ passkey: true, ...choice })}
          >
            {PASSKEY_MESSAGES.usePasskey}
          </Button>
        </Stack>
      ) : recovery ? (
        <Formik
          key="recovery"
          initialValues={{ recovery_code: '' }}
          validate={validateRecovery}
          onSubmit={(values) =>
            verifySecondFactor({ recovery_code: recoveryStepSchema.cast(values).recovery_code, ...choice })
          }
        >
          <Form noValidate>
            <Stack spacing={2}>
              {signInError && <Alert severity="error">{signInError}</Alert>}
              <FormTextField name="recovery_code" label={M.recoveryCode} autoComplete="off" autoFocus />
              {rememberBox}
              <SubmitButton size="large" fullWidth busy={signingIn}>
                {M.verify}
              </SubmitButton>
            </Stack>
          </Form>
        </Formik>
      ) : (
        <Formik
          key="otp"
          initialValues={{ otp: '' }}
          validate={validateOtp}
          onSubmit={(values) => verifySecondFactor({ otp: otpStepSchema.cast(values).otp, ...choice })}
        >
          <Form noValidate>
            <Stack spacing={2}>
              {signInError && <Alert severity="error">{signInError}</Alert>}
              <FormTextField name="otp" label={M.code} autoComplete="one-time-code" autoFocus />
              {rememberBox}
              <SubmitButton size="large" fullWidth busy={signingIn}>
                {M.verify}
              </SubmitButton>
            </Stack>
          </Form>
        </Formik>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" spacing={1}>
        {hasApp && (
          <Button variant="text" onClick={() => setMode(recovery ? 'otp' : 'recovery')} disabled={signingIn}>
            {recovery ? M.useAuthenticator : M.useRecoveryCode}
          </Button>
        )}
        {hasApp && hasPasskey && (
          <Button
            variant="text"
            onClick={() => setMode(mode === 'passkey' ? 'otp' : 'passkey')}
            disabled={signingIn}
          >
            {mode === 'passkey' ? M.useAuthenticator : PASSKEY_MESSAGES.usePasskey}
          </Button>
        )}
        <Button variant="text" onClick={cancelSecondFactor} disabled={signingIn}>
          {M.back}
        </Button>
      </Stack>
    </Stack>
  );
}
