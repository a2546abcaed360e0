/**
 * Issue 37: a role may require a second factor. A signed-in user of such a role who has neither an
 * authenticator app nor a passkey is answered `403 {message, code: "mfa_enrolment_required"}` by
 * every API route except those below (enrolling, their own account, signing out); the SPA then shows
 * only the enrolment screen. Kept free of imports: the server's gate and the SPA's base query read it.
 */
export const MFA_ENROLMENT_REQUIRED = 'mfa_enrolment_required';

/** The routes (`METHOD /path` as the server registers them) that stay open to such a user. */
export const ENROLMENT_ROUTES: readonly string[] = [
  'GET /api/account',
  'POST /api/account/logout',
  'GET /api/account/two-factor',
  'POST /api/account/two-factor',
  'POST /api/account/two-factor/confirm',
  'GET /api/account/passkeys',
  'POST /api/account/passkeys/options',
  'POST /api/account/passkeys',
];

/** Whether an answer's body is the enrolment refusal. */
export const isEnrolmentRequired = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { code?: unknown }).code === MFA_ENROLMENT_REQUIRED;
