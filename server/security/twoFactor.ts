import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, type EnrolmentStart } from '../../src/shared/contracts/twoFactor';
import type { Executor } from '../db/client';
import { now } from '../lib/clock';
import { matchesHash, randomToken, sha256 } from '../lib/crypto';
import {
  createMfaChallenge,
  markRecoveryCodeUsed,
  unusedRecoveryCodes,
  recordTimeStep,
  type Authenticator,
} from '../repositories/twoFactor';

/** How long an `mfa_token` lives, and how many wrong codes it takes. */
export const MFA_TOKEN_TTL_MS = 5 * 60_000;
export const MFA_TOKEN_MAX_FAILURES = 5;

/**
 * A code of the step before or after the server's also counts (RFC 6238 §5.2: a clock a little off,
 * a code typed as it turned over); never one of a step already used.
 */
const WINDOW_STEPS = 1;

/** A new authenticator secret (160 bits, base32) and what the app is given: URI and its QR code. */
export async function newEnrolment(issuer: string, account: string): Promise<EnrolmentStart> {
  const secret = new Secret({ size: 20 });
  const otpauthUri = new TOTP({ issuer, label: account, secret }).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret: secret.base32,
    otpauth_uri: otpauthUri,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * Whether `code` is the authenticator's for now (± one step; compared in constant time by otpauth)
 * and of a later step than any accepted before; the step is recorded in the same statement that
 * checks it, so a code is accepted once even when sent twice at the same moment. Accepting a pending
 * authenticator's code activates it.
 */
export async function acceptTotp(
  db: Executor,
  authenticator: Authenticator,
  code: string,
  at = new Date(now()),
): Promise<boolean> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  const totp = new TOTP({ secret: Secret.fromBase32(authenticator.secret) });
  const timestamp = at.getTime();
  const delta = totp.validate({ token, timestamp, window: WINDOW_STEPS });
  if (delta === null) return false;
  const step = totp.counter({ timestamp }) + delta;
  if (authenticator.lastUsedStep !== null && step <= authenticator.lastUsedStep) return false;
  return recordTimeStep(db, authenticator.id, step, at);
}

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Lower-case, without the dashes and spaces a user may type. */
const normalizeRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]+/g, '');

/** Ten new recovery codes, `xxxx-xxxx-xxxx-xxxx` (16 of 31 characters: 79 bits), and their hashes. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 16 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
    return [0, 4, 8, 12].map((start) => chars.slice(start, start + 4).join('')).join('-');
  });
  return { codes, hashes: codes.map((code) => sha256(normalizeRecoveryCode(code))) };
}

/** Consumes one of the user's unused recovery codes; every stored hash is compared, in constant time. */
export async function acceptRecoveryCode(
  db: Executor,
  userId: number,
  code: string,
  at = new Date(now()),
): Promise<boolean> {
  const given = normalizeRecoveryCode(code);
  if (given.length === 0 || given.length > 64) return false;
  let match: number | null = null;
  for (const row of await unusedRecoveryCodes(db, userId)) {
    if (matchesHash(given, row.hash)) match = row.id;
  }
  return match !== null && markRecoveryCodeUsed(db, match, at);
}

/** A new `mfa_token` for a user whose password was right, bound to the client; only its hash is kept. */
export async function issueMfaToken(
  db: Executor,
  userId: number,
  clientId: number,
  at = new Date(now()),
): Promise<string> {
  const token = randomToken(32);
  await createMfaChallenge(db, {
    userId,
    clientId,
    tokenHash: sha256(token),
    expiresAt: new Date(at.getTime() + MFA_TOKEN_TTL_MS),
  });
  return token;
}
