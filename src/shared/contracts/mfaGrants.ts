/** The token endpoint's second-factor grants (Auth0's names), for the sign-in's lazily loaded second step and the server. */
export const MFA_GRANTS = {
  otp: 'http://auth0.com/oauth/grant-type/mfa-otp',
  recoveryCode: 'http://auth0.com/oauth/grant-type/mfa-recovery-code',
} as const;
