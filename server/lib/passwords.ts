import { hash, verify } from '@node-rs/argon2';
import { randomToken } from './crypto';

// @node-rs/argon2 defaults to argon2id; the parameters are OWASP's minimum for argon2id.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash (unknown user) it verifies against a throwaway hash so
 * the answer takes as long as for a known user with a wrong password.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(randomToken(16));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/** A strong generated password: 18 random bytes, base64url (24 characters). */
export const generatePassword = (): string => randomToken(18);
