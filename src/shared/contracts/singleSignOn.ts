/**
 * Single sign-on through the company's OpenID Connect provider (server/routes/singleSignOn.ts):
 * the callback hands the SPA a one-time code in the fragment of the sign-in screen's address
 * (`#sso_code=…`, never sent to a server nor in a Referer), which the SPA exchanges at /oauth/token
 * with this grant for the usual tokens; or it names why the sign-on was refused (`#sso_error=…`).
 * Tiny on purpose: the sign-in screen carries it.
 */
export const SSO_GRANT = 'urn:company-admin:params:oauth:grant-type:sso-code';

/** The fragment's parameter names. */
export const SSO_FRAGMENT = { code: 'sso_code', error: 'sso_error' } as const;

/** Why a single sign-on was refused (the fragment's `sso_error`); the texts are in messages/singleSignOn.ts. */
export const SSO_ERRORS = [
  /** No authorization request of this browser is open: expired, used, or started elsewhere. */
  'expired',
  /** The provider's answer does not belong to the request this browser made (state). */
  'state',
  /** The provider refused, or its answer did not check out (code, ID token, nonce). */
  'provider',
  /** The provider did not vouch for the e-mail address (email_verified not true), or gave none. */
  'unverified',
  /** Nobody here has that e-mail address and new users are not created. */
  'unknown',
  /** The account is not active. */
  'inactive',
  /** The provider cannot be reached, or too many sign-ons from this address. */
  'unavailable',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

/** What the auth machine's `signIn` actor sends for a finished single sign-on. */
export interface SsoCodeInput {
  ssoCode: string;
}
