// PostgreSQL only (the api:pglite project leaves out *.postgres.test.ts): two instances need one
// database they both reach. Redis is the machine's (database 3, a channel prefix of this run's own).
import { randomBytes } from 'node:crypto';
import type { User } from '../../src/shared/contracts/account';
import { accountSessionPath, API_PATHS } from '../../src/shared/routes';
import { putUser, setUserStatus, signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, throwawayDatabase, type TestApp } from './helper';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/3';

describe('two instances on one database, with Redis', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  beforeAll(async () => {
    database = await throwawayDatabase();
    // A cached sign-in lives a minute: whatever B refuses sooner, it heard of through Redis.
    const settings = {
      databaseUrl: database.url,
      redisUrl: REDIS_URL,
      redisPrefix: `h34q-test-${randomBytes(4).toString('hex')}:`,
      authCacheMs: 60_000,
    };
    a = await buildTestApp(settings);
    b = await buildTestApp(settings);
    admin = await adminToken(a.app);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  const products = (t: TestApp, token: string) =>
    t.app.inject({ method: 'GET', url: '/api/products', headers: authHeader(token) });
  const userOf = async (id: number) =>
    (await a.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: authHeader(admin) })).json<{
      data: User;
    }>().data;
  /** B's answer once it has heard (a message on its way takes milliseconds; the cache a minute). */
  const soon = async (token: string, status: number) => {
    const deadline = Date.now() + 5_000;
    let answer = (await products(b, token)).statusCode;
    while (answer !== status && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      answer = (await products(b, token)).statusCode;
    }
    return answer;
  };

  it('keeps serving from its cache a change nobody told it of (SQL by hand) — the baseline', async () => {
    const { token, userId } = await signInWith(a.app, admin, ['products.index']);
    expect((await products(b, token)).statusCode).toBe(200);
    await setUserStatus(a.app, userId, 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await products(b, token)).statusCode).toBe(200);
  });

  it('refuses on B a token signed out on A', async () => {
    const { token } = await signInWith(a.app, admin, ['products.index']);
    expect((await products(b, token)).statusCode).toBe(200);
    const out = await a.app.inject({ method: 'POST', url: API_PATHS.logout, headers: authHeader(token) });
    expect(out.statusCode).toBeLessThan(300);
    expect(await soon(token, 401)).toBe(401);
  });

  it('refuses on B a session ended on A from the sessions page', async () => {
    const { token } = await signInWith(a.app, admin, ['products.index']);
    expect((await products(b, token)).statusCode).toBe(200);
    // The session's own list, through A; it ends itself there (as from another device).
    const mine = await a.app.inject({
      method: 'GET',
      url: API_PATHS.accountSessions,
      headers: authHeader(token),
    });
    const [session] = mine.json<{ data: { id: number }[] }>().data;
    const ended = await a.app.inject({
      method: 'DELETE',
      url: accountSessionPath(session.id),
      headers: authHeader(token),
    });
    expect(ended.statusCode).toBe(200);
    expect(await soon(token, 401)).toBe(401);
  });

  it('refuses on B a user deactivated on A', async () => {
    const { token, userId } = await signInWith(a.app, admin, ['products.index']);
    expect((await products(b, token)).statusCode).toBe(200);
    expect((await putUser(a.app, admin, await userOf(userId), { status: 0 })).statusCode).toBe(200);
    expect(await soon(token, 401)).toBe(401);
  });

  it('refuses on B a session revoked on A (an administrator sets the password)', async () => {
    const { token, userId } = await signInWith(a.app, admin, ['products.index']);
    expect((await products(b, token)).statusCode).toBe(200);
    const password = 'Another-Secret-2024!';
    const set = await putUser(a.app, admin, await userOf(userId), {
      password,
      password_confirmation: password,
    });
    expect(set.statusCode).toBe(200);
    expect(await soon(token, 401)).toBe(401);
  });

  it('refuses on B what a role changed on A no longer holds', async () => {
    const { token, roleId } = await signInWith(a.app, admin, ['products.index']);
    expect((await products(b, token)).statusCode).toBe(200);
    const role = (
      await a.app.inject({ method: 'GET', url: `/api/roles/${roleId}`, headers: authHeader(admin) })
    ).json<{ data: { name: string; updated_at: string } }>().data;
    const changed = await a.app.inject({
      method: 'PUT',
      url: `/api/roles/${roleId}`,
      headers: authHeader(admin),
      payload: { name: role.name, permissions: [], updated_at: role.updated_at },
    });
    expect(changed.statusCode).toBe(200);
    expect(await soon(token, 403)).toBe(403);
  });

  it('keeps the other sessions cached on B (a change drops only the sign-ins it affects)', async () => {
    const kept = await signInWith(a.app, admin, ['products.index']);
    const gone = await signInWith(a.app, admin, ['products.index']);
    expect((await products(b, kept.token)).statusCode).toBe(200);
    expect((await products(b, gone.token)).statusCode).toBe(200);
    // Deactivated by hand: only a message would tell B; then signed out through A, which sends one.
    await setUserStatus(a.app, kept.userId, 0);
    await a.app.inject({ method: 'POST', url: API_PATHS.logout, headers: authHeader(gone.token) });
    expect(await soon(gone.token, 401)).toBe(401);
    expect((await products(b, kept.token)).statusCode).toBe(200);
  });
});
