/**
 * The token endpoint's second-factor error (the shape Auth0 documents for the password grant with
 * MFA), apart from contracts/twoFactor.ts, which brings Yup, and from the grants (mfaGrants.ts): the
 * auth machine, on every guest screen, needs only this name.
 */
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
