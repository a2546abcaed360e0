import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque bearer secret: 32 random bytes, base64url. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Whether `secret` is the one whose SHA-256 is `hash`, compared in constant time. */
export const matchesHash = (secret: string, hash: string): boolean => {
  const given = Buffer.from(sha256(secret), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
};
