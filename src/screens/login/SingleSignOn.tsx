import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { runtimeEnv } from '../../../store/runtimeEnv';
import { useAuth } from '../../auth/AuthContext';
import { SSO_ERRORS, SSO_FRAGMENT, type SsoError } from '../../shared/contracts/singleSignOn';
import { format } from '../../shared/messages';
import { SSO_ERROR_MESSAGES, SSO_MESSAGES } from '../../shared/messages/singleSignOn';
import { API_PATHS } from '../../shared/routes';

type Returned = { code: string } | { error: SsoError } | null;

/**
 * What the callback left in the address (`#sso_code=…` or `#sso_error=…`), taken once and removed
 * at once, so neither a reload nor the history repeats it (module state: React's development
 * double rendering must not see it twice either).
 */
let taken = false;
function takeReturn(): Returned {
  if (taken || !window.location.hash.startsWith('#sso_')) return null;
  taken = true;
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  const code = fragment.get(SSO_FRAGMENT.code);
  if (code) return { code };
  const error = fragment.get(SSO_FRAGMENT.error);
  return { error: SSO_ERRORS.find((known) => known === error) ?? 'provider' };
}

/** For tests: the next mount reads the address again. */
export const resetSingleSignOnReturn = () => {
  taken = false;
};

/**
 * The sign-in screen's single sign-on (LoginScreen loads it only when OIDC is configured): the
 * "Sign in with …" button, which goes to the API's start route (a full navigation to the
 * provider), and, back from it, the one-time code handed to the auth machine or the refusal shown.
 */
export default function SingleSignOn() {
  const { signInWithSso, signingIn } = useAuth();
  const [returned] = useState(takeReturn);
  // Sent once: the auth value (and so signInWithSso) changes as the sign-in goes on.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !returned || !('code' in returned)) return;
    sent.current = true;
    signInWithSso(returned.code);
  }, [returned, signInWithSso]);
  const { SSO_NAME, AUTH_HOST } = runtimeEnv();
  return (
    <Stack spacing={2}>
      {returned && 'error' in returned && (
        <Alert severity="error">{SSO_ERROR_MESSAGES[returned.error]}</Alert>
      )}
      {SSO_NAME && (
        <>
          <Divider>{SSO_MESSAGES.or}</Divider>
          <Button
            variant="outlined"
            size="large"
            fullWidth
            href={`${AUTH_HOST}${API_PATHS.ssoStart}`}
            disabled={signingIn}
          >
            {format(SSO_MESSAGES.button, { name: SSO_NAME })}
          </Button>
        </>
      )}
    </Stack>
  );
}
