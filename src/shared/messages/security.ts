/**
 * What the sign-in provider answers a malformed request with (server only: no screen shows them).
 * Kept out of messages.ts, which the guest screens load.
 */
export const SECURITY_MESSAGES = {
  // RFC 6749 §2.3: one client authentication method per token request
  oneClientAuthentication:
    'Send the client credentials once: in the Authorization header or in the body, not both.',
} as const;
