/**
 * The token endpoint's second-factor error (the shape Auth0 documents for the password grant with
 * MFA), apart from contracts/twoFactor.ts, which brings Yup, and from the grants (mfaGrants.ts): the
 * auth machine, on every guest screen, needs only this name.
 */
export const MFA_REQUIRED = 'mfa_required';

/** The second factors an account may have: an authenticator app (with its recovery codes), passkeys. */
export type MfaFactor = 'otp' | 'passkey';

/** What a right password answers when a second factor is due (403). */
export interface MfaRequiredAnswer {
  error: typeof MFA_REQUIRED;
  error_description: string;
  message: string;
  mfa_token: string;
  /** Which second factors the account has, so that the step offers those. */
  mfa_factors: MfaFactor[];
}

/**
 * The second step's proof: a code of the authenticator app, a recovery code, or a passkey (the
 * browser is asked for its assertion when the step is sent).
 */
export type SecondFactorProof = ({ otp: string } | { recovery_code: string } | { passkey: true }) & {
  /** "Remember this device for 30 days": the server sets an HttpOnly cookie with the tokens. */
  remember_device?: boolean;
};
