import dayjs from 'dayjs';
import { DATE_FORMATS } from '../src/shared/formats';
import { AUTH_STORAGE_KEYS, STORAGE_KEYS } from '../src/shared/storageKeys';
import type { TokenResponse, User } from '../src/shared/contracts/account';

/** The stored session (spec §3 Session values), read and written only through this module. */
export interface StoredSession {
  accessToken: string;
  refreshToken: string | null;
  expiresIn: number;
  /** Epoch ms of `auth.expires_at`. */
  expiresAt: number;
}

export function readSession(storage: Storage = localStorage): StoredSession | null {
  const accessToken = storage.getItem(STORAGE_KEYS.accessToken);
  const expiresAtText = storage.getItem(STORAGE_KEYS.expiresAt);
  if (!accessToken || !expiresAtText) return null;
  const expiresAt = dayjs(expiresAtText);
  if (!expiresAt.isValid()) return null;
  return {
    accessToken,
    refreshToken: storage.getItem(STORAGE_KEYS.refreshToken),
    expiresIn: Number(storage.getItem(STORAGE_KEYS.expiresIn) ?? 0),
    expiresAt: expiresAt.valueOf(),
  };
}

/** Stores a token answer; `auth.expires_at` is now + expires_in, formatted YYYY-MM-DD HH:mm:ss. */
export function writeSession(
  token: TokenResponse,
  now: number,
  storage: Storage = localStorage,
): StoredSession {
  const expiresAt = dayjs(now).add(token.expires_in, 'second');
  storage.setItem(STORAGE_KEYS.accessToken, token.access_token);
  storage.setItem(STORAGE_KEYS.refreshToken, token.refresh_token);
  storage.setItem(STORAGE_KEYS.expiresIn, String(token.expires_in));
  storage.setItem(STORAGE_KEYS.expiresAt, expiresAt.format(DATE_FORMATS.expiresAt));
  // expires_at keeps whole seconds, so the session is read back the way other tabs will read it.
  return readSession(storage) as StoredSession;
}

export function clearSession(storage: Storage = localStorage): void {
  for (const key of [...AUTH_STORAGE_KEYS, STORAGE_KEYS.account]) storage.removeItem(key);
}

/** The account last loaded with the stored session, or null (none, or not an account). */
export function readAccount(storage: Storage = localStorage): User | null {
  try {
    const user = JSON.parse(storage.getItem(STORAGE_KEYS.account) ?? '0') as User | 0;
    return user && Array.isArray(user.permissions) ? user : null;
  } catch {
    return null;
  }
}

/**
 * Forgets the stored account (a new sign-in: the account may be another user's, so no tab that
 * reloads meanwhile draws for the previous one; the signed-in shell stores the new one).
 */
export const forgetAccount = (storage: Storage = localStorage): void =>
  storage.removeItem(STORAGE_KEYS.account);

export const writeAccount = (user: User, storage: Storage = localStorage): void =>
  storage.setItem(STORAGE_KEYS.account, JSON.stringify(user));

/** A token is expired once its expiry time has passed (spec §4). */
/** The session ran out (the page reloads next): the sign-in screen says so once. */
export const noteSessionRanOut = (storage: Storage = sessionStorage): void =>
  storage.setItem(STORAGE_KEYS.sessionRanOut, '1');

/** Whether the session ran out before this page load. */
export const sessionRanOut = (storage: Storage = sessionStorage): boolean =>
  storage.getItem(STORAGE_KEYS.sessionRanOut) !== null;

/** The note is said once: removed when the sign-in screen has shown it. */
export const forgetSessionRanOut = (storage: Storage = sessionStorage): void =>
  storage.removeItem(STORAGE_KEYS.sessionRanOut);

export const isExpired = (session: StoredSession | null, now: number): boolean =>
  !session || now >= session.expiresAt;

export const accessToken = (storage: Storage = localStorage): string | null =>
  storage.getItem(STORAGE_KEYS.accessToken);
