import { lazy, Suspense, useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { Form, Formik, useFormikContext } from 'formik';
import { useAuth } from '../../auth/AuthContext';
import { loginSchema, type LoginInput } from '../../shared/contracts/account';
import { en, LABELS, t } from '../../shared/messages';
import { FormTextField, PasswordField, SubmitButton, validateWith } from '../form';

const validate = validateWith<LoginInput>(loginSchema);

/** The code step of a re-sign-in, for accounts with a second factor: the sign-in's own, lazily. */
const SecondFactorStep = lazy(() => import('../../screens/login/SecondFactorStep'));

/** Whole seconds left until `expiresAt`, counted down once a second. */
function useSecondsLeft(expiresAt: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAt === null) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt === null ? null : Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/** Warns, under the e-mail field, when the dialog is about to sign in someone else. */
function OtherUserWarning({ email }: { email: string }) {
  const { values } = useFormikContext<LoginInput>();
  const typed = values.username.trim().toLowerCase();
  if (!typed || typed === email.toLowerCase()) return null;
  return <Alert severity="warning">{en.otherUserWarning}</Alert>;
}

export type SessionDialogProps = Record<string, never>;

/**
 * The session's end without loss: while the signed-in shell stays mounted (the open form, its
 * edits, the save waiting for an answer), this dialog asks for the password again — a minute ahead
 * when the token cannot be refreshed ("Your session ends in 60 s — stay signed in"), or at once when
 * a request answered 401. An account with a second factor is then asked for its code (or passkey)
 * in the dialog too. Signing in as the same user resumes the waiting requests; as another user
 * discards the screen's unsaved changes (said before and after).
 */
export function SessionDialog(_props: SessionDialogProps) {
  const {
    user,
    reauthReason,
    reauthSaving,
    sessionExpiresAt,
    signingIn,
    signInError,
    reauthenticate,
    signOut,
    awaitingSecondFactor,
  } = useAuth();
  const titleId = useId();
  const textId = useId();
  const seconds = useSecondsLeft(reauthReason === 'expiring' ? sessionExpiresAt : null);
  if (!user || !reauthReason) return null;

  const expiring = reauthReason === 'expiring';
  // The password was right and the account has a second factor: the dialog asks for it (the
  // requests keep waiting); Back returns to the password.
  if (awaitingSecondFactor) {
    return (
      <Dialog open aria-labelledby={titleId} disableEscapeKeyDown maxWidth="xs" fullWidth>
        <DialogContent>
          <Suspense fallback={null}>
            <SecondFactorStep heading="h2" titleId={titleId} />
          </Suspense>
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      aria-labelledby={titleId}
      aria-describedby={textId}
      disableEscapeKeyDown
      maxWidth="xs"
      fullWidth
    >
      <Formik<LoginInput>
        initialValues={{ username: user.email, password: '' }}
        validate={validate}
        // The password has focus as the dialog opens: a click beside it must not call it missing
        // before anything was typed. Typing, and Sign in, still check it.
        validateOnBlur={false}
        onSubmit={(values) => {
          const { username, password } = loginSchema.cast(values);
          reauthenticate({ username, password });
        }}
      >
        <Form noValidate>
          <DialogTitle id={titleId}>
            {expiring ? t('sessionEnding', { seconds: seconds ?? 0 }) : en.sessionEnded}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <DialogContentText id={textId}>
                {expiring
                  ? en.sessionEndingText
                  : reauthSaving
                    ? en.sessionEndedSavingText
                    : en.sessionEndedText}
              </DialogContentText>
              {signInError && <Alert severity="error">{signInError}</Alert>}
              <FormTextField name="username" label={LABELS.email} type="email" autoComplete="username" />
              <OtherUserWarning email={user.email} />
              <PasswordField
                name="password"
                label={LABELS.password}
                autoComplete="current-password"
                autoFocus
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={signOut} disabled={signingIn} color="secondary">
              {en.logout}
            </Button>
            <SubmitButton busy={signingIn}>{expiring ? en.staySignedIn : en.signInAgain}</SubmitButton>
          </DialogActions>
        </Form>
      </Formik>
    </Dialog>
  );
}
