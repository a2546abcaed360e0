import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import { FormTextField, PasswordField, SubmitButton, validateWith } from '../../components/form';
import type { LoginInput } from '../../shared/contracts/account';
import { en, LABELS } from '../../shared/messages';
import { PASSKEY_SIGN_IN } from '../../shared/messages/passkeySignIn';
import { ROUTES } from '../../shared/routes';
import { runtimeEnv } from '../../../store/runtimeEnv';
import { forgetSessionRanOut, sessionRanOut } from '../../../store/session';
import { accountSchemas } from '../accountSchemas';

const loginSchema = async () => (await accountSchemas()).loginSchema;
const validate = validateWith<LoginInput>(loginSchema);

export type LoginScreenProps = Record<string, never>;

const initialValues: LoginInput = { username: '', password: '' };

/** The code step, only for accounts with an authenticator app: its own chunk, off the guest budget. */
const SecondFactorStep = lazy(() => import('./SecondFactorStep'));

/** "Sign in with …" and a single sign-on's return, only when it is configured (or returning): its own chunk. */
const SingleSignOn = lazy(() => import('./SingleSignOn'));
const singleSignOnShown = () => Boolean(runtimeEnv().SSO_NAME) || window.location.hash.startsWith('#sso_');

/** Sign-in with e-mail and password; GuestLayout moves the user on once signed in. */
export function LoginScreen(props: LoginScreenProps) {
  const { awaitingSecondFactor } = useAuth();
  if (awaitingSecondFactor) {
    return (
      <Suspense fallback={null}>
        <SecondFactorStep />
      </Suspense>
    );
  }
  return <PasswordStep {...props} />;
}

/**
 * "Sign in with a passkey" (a discoverable passkey, the device's screen lock as the second factor),
 * where the browser has WebAuthn. The button costs /login a few bytes; what it does
 * (store/passkeySignIn.ts, @simplewebauthn/browser) is loaded when it is pressed.
 */
function PasskeyButton() {
  const { signingIn, signInWithPasskey } = useAuth();
  if (typeof window === 'undefined' || !window.PublicKeyCredential) return null;
  return (
    <Button variant="outlined" size="large" fullWidth onClick={signInWithPasskey} disabled={signingIn}>
      {PASSKEY_SIGN_IN}
    </Button>
  );
}

function PasswordStep(_props: LoginScreenProps) {
  const { signingIn, signInError, signIn } = useAuth();
  // The session ran out and the page reloaded here: say why, once.
  const [ranOut] = useState(sessionRanOut);
  const [sso] = useState(singleSignOnShown);
  useEffect(() => forgetSessionRanOut(), []);
  return (
    <Stack spacing={3}>
      <Typography variant="h2" component="h1" textAlign="center">
        {en.signInTitle}
      </Typography>
      <Formik
        initialValues={initialValues}
        validate={validate}
        onSubmit={async (values) => {
          const { username, password } = (await loginSchema()).cast(values);
          signIn({ username, password });
        }}
      >
        <Form noValidate>
          <Stack spacing={2}>
            {signInError ? (
              <Alert severity="error">{signInError}</Alert>
            ) : (
              ranOut && (
                <Alert severity="info" role="status">
                  {en.sessionRanOut}
                </Alert>
              )
            )}
            <FormTextField
              name="username"
              label={LABELS.email}
              type="email"
              autoComplete="username"
              autoFocus
            />
            <PasswordField name="password" label={LABELS.password} autoComplete="current-password" />
            <Stack direction="row" justifyContent="flex-end">
              <Link component={RouterLink} to={ROUTES.forgotPassword} variant="body2">
                {en.forgotPasswordLink}
              </Link>
            </Stack>
            <SubmitButton size="large" fullWidth busy={signingIn}>
              {en.login}
            </SubmitButton>
            <PasskeyButton />
          </Stack>
        </Form>
      </Formik>
      {sso && (
        <Suspense fallback={null}>
          <SingleSignOn />
        </Suspense>
      )}
    </Stack>
  );
}
