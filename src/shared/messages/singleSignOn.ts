import type { SsoError } from '../contracts/singleSignOn';

/**
 * Single sign-on's texts: the sign-in screen's button and refusals (a lazy chunk of /login) and the
 * server's answers. Kept out of messages.ts, which every guest screen loads. `{…}` placeholders are
 * filled with `format`.
 */
export const SSO_MESSAGES = {
  button: 'Sign in with {name}',
  or: 'or',
  missingCode: 'Missing parameter: `code`',
  invalidCode: 'The single sign-on has expired or was already used; please sign in again.',
  /** Audit summaries. */
  linked: '{email} was linked to their account at the single sign-on provider',
  created: '{email} was created at their first single sign-on',
} as const;

/** What the sign-in screen says when the callback refused (the fragment's `sso_error`). */
export const SSO_ERROR_MESSAGES: Record<SsoError, string> = {
  expired: 'The single sign-on took too long or was already used; please try again.',
  state: 'The answer of the sign-in provider did not match this browser’s request; please try again.',
  provider: 'The sign-in provider did not sign you in.',
  unverified:
    'The sign-in provider did not confirm your e-mail address, so it cannot be matched to an account.',
  unknown: 'There is no account for your e-mail address here. Ask an administrator to create one.',
  inactive: 'This account is not active.',
  unavailable: 'Single sign-on is not available at the moment; please try again later.',
};
