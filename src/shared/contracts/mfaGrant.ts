/**
 * The token endpoint's second-factor grants and error (the shape Auth0 documents for the password
 * grant with MFA). Apart from contracts/twoFactor.ts, which brings Yup: the sign-in and the auth
 * machine need only these names.
 */
export const MFA_GRANTS = {
  otp: 'http://auth0.com/oauth/grant-type/mfa-otp',
  recoveryCode: 'http://auth0.com/oauth/grant-type/mfa-recovery-code',
} as const;
export const MFA_REQUIRED = 'mfa_required';

/** What a right password answers when a second factor is due (403). */
export interface MfaRequiredAnswer {
  error: typeof MFA_REQUIRED;
  error_description: string;
  message: string;
  mfa_token: string;
}

/** The second step's proof: a code of the authenticator app, or a recovery code. */
export type SecondFactorProof = { otp: string } | { recovery_code: string };
