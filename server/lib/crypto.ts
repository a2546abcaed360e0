import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque bearer secret: 32 random bytes, base64url. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Compares two secrets by their hashes so neither length nor content leaks through timing. */
export const secretsEqual = (a: string, b: string): boolean =>
  timingSafeEqual(Buffer.from(sha256(a), 'hex'), Buffer.from(sha256(b), 'hex'));
