/** The token endpoint's second-factor grants (Auth0's names), for the sign-in's lazily loaded second step and the server. */
export const MFA_GRANTS = {
  otp: 'http://auth0.com/oauth/grant-type/mfa-otp',
  recoveryCode: 'http://auth0.com/oauth/grant-type/mfa-recovery-code',
  /**
   * A passkey's assertion as the second step. Auth0 names no grant for it: this product's own URN,
   * shaped like the two above (`mfa_token` and the proof, here `assertion`).
   */
  passkey: 'urn:back-office:oauth:grant-type:mfa-passkey',
} as const;

/** A passkey as the whole sign-in (a discoverable credential, user verification required): `assertion` only. */
export const PASSKEY_GRANT = 'urn:back-office:oauth:grant-type:passkey';
