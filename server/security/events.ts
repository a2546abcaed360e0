import type { FastifyBaseLogger } from 'fastify';

/**
 * Security events, logged as one structured line each (`{"security": "sign-in.failed", ...}`) so
 * they can be found, counted and alerted on: who, what, from where.
 */
export type SecurityEvent =
  /** A password grant refused: wrong password or unknown account (`account` is what was tried). */
  | 'sign-in.failed'
  /** An account's sign-ins are held back after too many failures. */
  | 'sign-in.locked'
  /** A right password of an account with an authenticator: an mfa_token was answered. */
  | 'sign-in.second-factor-required'
  /** A second-factor grant refused: wrong code, or an unknown, expired or used mfa_token. */
  | 'sign-in.second-factor-failed'
  /** A rotated refresh token came back: its whole sign-in was revoked. */
  | 'token.reused'
  /** A signed-in user asked for something their role does not hold. */
  | 'permission.denied'
  /** A wrong current password (change password, e-mail change). */
  | 'password.failed'
  /** A reset mail was not sent: the account had its hourly share. */
  | 'password.reset-capped'
  /** A password was reset with a mailed link, or set by someone else. */
  | 'password.reset'
  /** The sign-in e-mail of an account changed (the old address is told). */
  | 'email.changed'
  /** A sign-in from a browser and address the user never signed in from (they are told). */
  | 'sign-in.new-device'
  /** A session was ended from the sessions page (by its user or an administrator). */
  | 'session.ended'
  /** A right password from a remembered device: the second step was skipped. */
  | 'sign-in.remembered-device'
  /** A browser was remembered after a second factor, or remembered devices were forgotten. */
  | 'device.remembered'
  | 'device.forgotten';

export function securityEvent(
  log: FastifyBaseLogger,
  event: SecurityEvent,
  fields: Record<string, string | number | null | undefined>,
): void {
  log.warn({ security: event, ...fields }, `security event: ${event}`);
}
