import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { FormTextField, SubmitButton, validateWith } from '../../components/form';
import { otpStepSchema, recoveryStepSchema } from '../../shared/contracts/twoFactor';
import { TWO_FACTOR_MESSAGES as M } from '../../shared/messages/twoFactor';

const validateOtp = validateWith(otpStepSchema);
const validateRecovery = validateWith(recoveryStepSchema);

/**
 * The sign-in's second step (the password was right, the account has an authenticator app): the
 * app's 6-digit code, or one of the recovery codes. Loaded only when it is needed (LoginScreen).
 */
export default function SecondFactorStep() {
  const { signingIn, signInError, verifySecondFactor, cancelSecondFactor } = useAuth();
  const [recovery, setRecovery] = useState(false);
  return (
    <Stack spacing={3}>
      <Typography variant="h2" component="h1" textAlign="center">
        {M.stepTitle}
      </Typography>
      <Typography>{recovery ? M.recoveryHelp : M.stepHelp}</Typography>
      {recovery ? (
        <Formik
          key="recovery"
          initialValues={{ recovery_code: '' }}
          validate={validateRecovery}
          onSubmit={(values) =>
            verifySecondFactor({ recovery_code: recoveryStepSchema.cast(values).recovery_code })
          }
        >
          <Form noValidate>
            <Stack spacing={2}>
              {signInError && <Alert severity="error">{signInError}</Alert>}
              <FormTextField name="recovery_code" label={M.recoveryCode} autoComplete="off" autoFocus />
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
          onSubmit={(values) => verifySecondFactor({ otp: otpStepSchema.cast(values).otp })}
        >
          <Form noValidate>
            <Stack spacing={2}>
              {signInError && <Alert severity="error">{signInError}</Alert>}
              <FormTextField name="otp" label={M.code} autoComplete="one-time-code" autoFocus />
              <SubmitButton size="large" fullWidth busy={signingIn}>
                {M.verify}
              </SubmitButton>
            </Stack>
          </Form>
        </Formik>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" spacing={1}>
        <Button variant="text" onClick={() => setRecovery((current) => !current)} disabled={signingIn}>
          {recovery ? M.useAuthenticator : M.useRecoveryCode}
        </Button>
        <Button variant="text" onClick={cancelSecondFactor} disabled={signingIn}>
          {M.back}
        </Button>
      </Stack>
    </Stack>
  );
}
