import type { User } from '../../src/shared/contracts/account';
import { API_PATHS } from '../../src/shared/routes';
import type { AuthUser } from '../repositories/tokens';
import { SessionCache, type FoundSession } from '../security/sessionCache';
import { parseSessionChange } from '../security/sessionChanges';
import { putUser, setUserStatus, signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

const user = (name: string): AuthUser => ({
  id: 7,
  name,
  email: 'a@example.com',
  status: 1,
  roleId: 1,
  isSuper: false,
  mustEnrolSecondFactor: false,
  permissions: ['products.index'],
  tokenId: 1,
  familyId: 'f',
});

describe('SessionCache', () => {
  let clock = 0;
  const found = (name: string, expiresAt = 1_000_000): FoundSession => ({
    user: user(name),
    expiresAt: new Date(expiresAt),
  });

  beforeEach(() => {
    clock = 0;
  });

  it('reads a token once within its life, and again after it', async () => {
    const cache = new SessionCache(1000, () => clock);
    const load = jest.fn(async () => found('first'));
    expect((await cache.get('h', load))?.name).toBe('first');
    clock = 999;
    expect((await cache.get('h', load))?.name).toBe('first');
    expect(load).toHaveBeenCalledTimes(1);
    clock = 1000;
    load.mockResolvedValueOnce(found('second'));
    expect((await cache.get('h', load))?.name).toBe('second');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never serves a token past its own expiry', async () => {
    const cache = new SessionCache(1000, () => clock);
    const load = jest.fn(async (): Promise<FoundSession | null> => found('short', 100));
    await cache.get('h', load);
    clock = 100;
    load.mockResolvedValueOnce(null);
    expect(await cache.get('h', load)).toBeNull();
  });

  it('keeps no unknown token and reads it every time', async () => {
    const cache = new SessionCache(1000, () => clock);
    const load = jest.fn(async () => null);
    expect(await cache.get('h', load)).toBeNull();
    expect(await cache.get('h', load)).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one lookup between the requests waiting on it', async () => {
    const cache = new SessionCache(1000, () => clock);
    const load = jest.fn(async () => found('shared'));
    const users = await Promise.all([cache.get('h', load), cache.get('h', load), cache.get('h', load)]);
    expect(users.map((u) => u?.name)).toEqual(['shared', 'shared', 'shared']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets every entry, and keeps no lookup that was under way when it forgot', async () => {
    const cache = new SessionCache(1000, () => clock);
    await cache.get('a', async () => found('a'));
    cache.forget();
    const reload = jest.fn(async () => found('a again'));
    expect((await cache.get('a', reload))?.name).toBe('a again');

    let finish: (value: FoundSession) => void = () => undefined;
    const slow = cache.get('b', () => new Promise<FoundSession>((resolve) => (finish = resolve)));
    cache.forget();
    // A request after the forget does not join the lookup from before it.
    const after = jest.fn(async () => found('b after'));
    const fresh = cache.get('b', after);
    finish(found('b before'));
    expect((await slow)?.name).toBe('b before');
    expect((await fresh)?.name).toBe('b after');
    expect((await cache.get('b', async () => found('b third')))?.name).toBe('b after');
  });

  it('forgets only the sign-ins a change elsewhere affects: its users, roles and sign-ins', async () => {
    const cache = new SessionCache(1000, () => clock);
    const entry = (id: number, roleId: number, familyId: string): FoundSession => ({
      user: { ...user(`u${id}`), id, roleId, familyId },
      expiresAt: new Date(1_000_000),
    });
    await cache.get('by-user', async () => entry(1, 10, 'f1'));
    await cache.get('by-role', async () => entry(2, 20, 'f2'));
    await cache.get('by-family', async () => entry(3, 30, 'f3'));
    await cache.get('kept', async () => entry(4, 40, 'f4'));
    cache.forgetMatching({ users: [1], roles: [20], families: ['f3'] });
    const reload = jest.fn(async () => entry(0, 0, 'again'));
    for (const hash of ['by-user', 'by-role', 'by-family']) await cache.get(hash, reload);
    expect(reload).toHaveBeenCalledTimes(3);
    expect((await cache.get('kept', reload))?.name).toBe('u4');
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('takes from another instance only a well-formed change', () => {
    expect(parseSessionChange({ users: [1, 2], roles: [3], families: ['a'] })).toEqual({
      users: [1, 2],
      roles: [3],
      families: ['a'],
    });
    expect(parseSessionChange({ users: ['1'] })).toBeNull();
    expect(parseSessionChange({ families: [1] })).toBeNull();
    expect(parseSessionChange('users')).toBeNull();
    expect(parseSessionChange(null)).toBeNull();
    expect(parseSessionChange({ other: true })).toEqual({});
  });

  it('hands out frozen users, permissions included', async () => {
    const cache = new SessionCache(1000, () => clock);
    const got = await cache.get('h', async () => found('frozen'));
    expect(Object.isFrozen(got)).toBe(true);
    expect(Object.isFrozen(got?.permissions)).toBe(true);
  });

  it('reads every time with a life of 0', async () => {
    const cache = new SessionCache(0, () => clock);
    const load = jest.fn(async () => found('x'));
    await cache.get('h', load);
    await cache.get('h', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

/** The cache as requests see it: whatever changes through this server applies from the next request. */
describe('signed-in sessions with the cache on (AUTH_CACHE_MS)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ authCacheMs: 60_000 });
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const products = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/products', headers: authHeader(token) });
  const userOf = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: authHeader(admin) })).json<{
      data: User;
    }>().data;

  it('refuses a user an administrator deactivates at the next request', async () => {
    const { token, userId } = await signInWith(t.app, admin, ['products.index']);
    expect((await products(token)).statusCode).toBe(200);
    expect((await putUser(t.app, admin, await userOf(userId), { status: 0 })).statusCode).toBe(200);
    expect((await products(token)).statusCode).toBe(401);
  });

  it('refuses what a role no longer holds at the next request', async () => {
    const { token, roleId } = await signInWith(t.app, admin, ['products.index']);
    expect((await products(token)).statusCode).toBe(200);
    const role = (
      await t.app.inject({ method: 'GET', url: `/api/roles/${roleId}`, headers: authHeader(admin) })
    ).json<{ data: { name: string; updated_at: string } }>().data;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/roles/${roleId}`,
      headers: authHeader(admin),
      payload: { name: role.name, permissions: [], updated_at: role.updated_at },
    });
    expect(changed.statusCode).toBe(200);
    expect((await products(token)).statusCode).toBe(403);
  });

  it('refuses a token signed out at the next request', async () => {
    const { token } = await signInWith(t.app, admin, ['products.index']);
    expect((await products(token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: API_PATHS.logout, headers: authHeader(token) });
    expect(out.statusCode).toBeLessThan(300);
    expect((await products(token)).statusCode).toBe(401);
  });

  it('keeps serving a session changed in the database by hand until AUTH_CACHE_MS has passed', async () => {
    const { token, userId } = await signInWith(t.app, admin, ['products.index']);
    expect((await products(token)).statusCode).toBe(200);
    // As another instance of the server would: nothing here knows of the change.
    await setUserStatus(t.app, userId, 0);
    expect((await products(token)).statusCode).toBe(200);
    // Any change through this server forgets every session (the life running out: SessionCache above).
    await t.app.inject({ method: 'POST', url: API_PATHS.logout });
    expect((await products(token)).statusCode).toBe(401);
  });
});
