import { STORAGE_KEYS } from '../src/shared/storageKeys';
import { testUser } from '../test/accountFixtures';
import { clearSession, isExpired, readAccount, readSession, writeAccount, writeSession } from './session';

const token = { token_type: 'Bearer' as const, access_token: 'a1', refresh_token: 'r1', expires_in: 3600 };

describe('session storage', () => {
  beforeEach(() => localStorage.clear());

  it('stores the four session values under the spec keys', () => {
    const now = new Date(2026, 10, 22, 10, 0, 0).getTime();
    writeSession(token, now);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('a1');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r1');
    expect(localStorage.getItem(STORAGE_KEYS.expiresIn)).toBe('3600');
    expect(localStorage.getItem(STORAGE_KEYS.expiresAt)).toBe('2026-11-22 11:00:00');
  });

  it('reads back what it stored', () => {
    const now = new Date(2026, 10, 22, 10, 0, 0).getTime();
    const written = writeSession(token, now);
    expect(readSession()).toEqual(written);
    expect(written.expiresAt).toBe(now + 3600 * 1000);
  });

  it('counts a token as expired once its expiry time has passed', () => {
    const now = new Date(2026, 10, 22, 10, 0, 0).getTime();
    const session = writeSession(token, now);
    expect(isExpired(session, now + 3599 * 1000)).toBe(false);
    expect(isExpired(session, now + 3600 * 1000)).toBe(true);
    expect(isExpired(null, now)).toBe(true);
  });

  it('clears every session value', () => {
    writeSession(token, Date.now());
    localStorage.setItem(STORAGE_KEYS.filterStatus, '[1]');
    clearSession();
    expect(readSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.filterStatus)).toBe('[1]');
  });

  it('keeps the account beside the session and removes it with the session', () => {
    writeSession(token, Date.now());
    writeAccount(testUser);
    expect(readAccount()).toEqual(testUser);
    clearSession();
    expect(readAccount()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.account)).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['not an account', '{"id":1}'],
    ['null', 'null'],
  ])('reads no account from a stored value that is %s', (_, value) => {
    localStorage.setItem(STORAGE_KEYS.account, value);
    expect(readAccount()).toBeNull();
  });
});
