import type { Session } from '../../src/shared/contracts/sessions';
import { SESSION_MESSAGES } from '../../src/shared/messages/sessions';
import { en } from '../../src/shared/messages';
import {
  accountSessionPath,
  API_PATHS,
  userSessionPath,
  userSessionsEndAllPath,
  userSessionsPath,
} from '../../src/shared/routes';
import type { TokenResponse } from '../../src/shared/contracts/account';
import { createTestUser, signInWith, type TestUser } from './fixtures';
import { adminToken, authHeader, buildTestApp, TEST_ADMIN, tokenRequest, type TestApp } from './helper';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

describe('sessions', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  /** A password sign-in from a browser and an address. */
  const signIn = async (user: TestUser, userAgent = CHROME_LINUX, ip = '127.0.0.1') => {
    const response = await t.app.inject({
      ...tokenRequest({ grant_type: 'password', username: user.email, password: user.password }),
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
    expect(response.statusCode).toBe(200);
    return response.json<TokenResponse>();
  };
  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: authHeader(token) });
  const send = (method: 'POST' | 'DELETE', url: string, token: string) =>
    t.app.inject({ method, url, headers: authHeader(token) });
  const listOf = async (token: string, url: string = API_PATHS.accountSessions) => {
    const response = await get(url, token);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: Session[] }>().data;
  };
  const account = (token: string) => get(API_PATHS.account, token);

  it('lists the caller’s own live sessions with browser, system, address and times, the current one marked', async () => {
    const user = await createTestUser(t.app);
    const first = await signIn(user, CHROME_LINUX, '10.1.1.1');
    const second = await signIn(user, FIREFOX_WINDOWS, '10.2.2.2');
    const list = await listOf(second.access_token);
    expect(list).toHaveLength(2);
    expect(list.find((session) => session.current)).toMatchObject({
      browser: 'Firefox 121.0',
      system: 'Windows 10',
      ip: '10.2.2.2',
    });
    expect(list.find((session) => !session.current)).toMatchObject({
      browser: 'Chrome 120.0',
      system: 'Linux',
      ip: '10.1.1.1',
    });
    for (const session of list) {
      expect(Date.parse(session.signed_in_at)).not.toBeNaN();
      expect(Date.parse(session.last_used_at)).toBeGreaterThanOrEqual(Date.parse(session.signed_in_at));
    }
    // Seen from the other session, the other one is current.
    expect((await listOf(first.access_token)).find((session) => session.current)?.ip).toBe('10.1.1.1');
    // Nobody else's sessions are in it.
    expect((await listOf(admin)).every((session) => session.ip !== '10.1.1.1')).toBe(true);
  });

  it('marks a session used when its tokens are refreshed, and a signed-out one is gone', async () => {
    const user = await createTestUser(t.app);
    const tokens = await signIn(user);
    const [before] = await listOf(tokens.access_token);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const refreshed = (
      await t.app.inject(tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }))
    ).json<TokenResponse>();
    const [after] = await listOf(refreshed.access_token);
    expect(after.id).toBe(before.id);
    expect(Date.parse(after.last_used_at)).toBeGreaterThan(Date.parse(before.last_used_at));
    const other = await signIn(user);
    await send('POST', API_PATHS.logout, refreshed.access_token);
    expect((await listOf(other.access_token)).map((session) => session.id)).not.toContain(before.id);
  });

  it('ends one session at once: its access and refresh tokens are dead, the others live', async () => {
    const user = await createTestUser(t.app);
    const stolen = await signIn(user, FIREFOX_WINDOWS, '10.9.9.9');
    const mine = await signIn(user);
    const target = (await listOf(mine.access_token)).find((session) => !session.current)!;
    const ended = await send('DELETE', accountSessionPath(target.id), mine.access_token);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ message: SESSION_MESSAGES.ended });
    expect((await account(stolen.access_token)).statusCode).toBe(401);
    const refresh = await t.app.inject(
      tokenRequest({ grant_type: 'refresh_token', refresh_token: stolen.refresh_token }),
    );
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await account(mine.access_token)).statusCode).toBe(200);
    expect((await listOf(mine.access_token)).map((session) => session.id)).not.toContain(target.id);
    // Ended already: 404 the second time.
    expect((await send('DELETE', accountSessionPath(target.id), mine.access_token)).statusCode).toBe(404);
  });

  it('answers 404, not 403, for another user’s session id, a made-up one and a malformed one; nothing is ended', async () => {
    const owner = await createTestUser(t.app);
    const ownerTokens = await signIn(owner);
    const [ownerSession] = await listOf(ownerTokens.access_token);
    const attacker = await createTestUser(t.app);
    const attackerTokens = await signIn(attacker);
    for (const id of [String(ownerSession.id), '999999', 'abc', '0', '99999999999']) {
      const response = await send('DELETE', accountSessionPath(id), attackerTokens.access_token);
      expect([id, response.statusCode]).toEqual([id, 404]);
      expect(response.json()).toEqual({ message: SESSION_MESSAGES.notFound });
    }
    expect((await account(ownerTokens.access_token)).statusCode).toBe(200);
    // Without a token: 401.
    expect((await t.app.inject({ method: 'GET', url: API_PATHS.accountSessions })).statusCode).toBe(401);
  });

  it('ends every other session and keeps this one', async () => {
    const user = await createTestUser(t.app);
    const others = [await signIn(user), await signIn(user, FIREFOX_WINDOWS)];
    const mine = await signIn(user);
    const response = await send('POST', API_PATHS.accountSessionsEndOthers, mine.access_token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ ended: 2 });
    for (const tokens of others) expect((await account(tokens.access_token)).statusCode).toBe(401);
    const left = await listOf(mine.access_token);
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
  });

  describe("a user's sessions, for holders of users.update", () => {
    it('lists and ends them (audited), and refuses callers without users.update', async () => {
      const user = await createTestUser(t.app);
      const tokens = await signIn(user, FIREFOX_WINDOWS, '10.3.3.3');
      const second = await signIn(user);
      const { token: reader } = await signInWith(t.app, admin, ['users.index']);
      expect((await get(userSessionsPath(user.id), reader)).statusCode).toBe(403);
      expect((await send('POST', userSessionsEndAllPath(user.id), reader)).statusCode).toBe(403);
      const { token: editor } = await signInWith(t.app, admin, ['users.index', 'users.update']);
      const list = await listOf(editor, userSessionsPath(user.id));
      expect(list).toHaveLength(2);
      expect(list.every((session) => !session.current)).toBe(true);
      const target = list.find((session) => session.ip === '10.3.3.3')!;
      expect((await send('DELETE', userSessionPath(user.id, target.id), editor)).statusCode).toBe(200);
      expect((await account(tokens.access_token)).statusCode).toBe(401);
      expect((await account(second.access_token)).statusCode).toBe(200);

      const audit = await get('/api/audit-logs?kinds=session.ended&sort=created_at&order=desc', admin);
      expect(audit.statusCode).toBe(200);
      expect(audit.json().data[0]).toMatchObject({ kind: 'session.ended', record_id: user.id });

      const all = await send('POST', userSessionsEndAllPath(user.id), editor);
      expect(all.json().data).toEqual({ ended: 1 });
      expect((await account(second.access_token)).statusCode).toBe(401);
    });

    it("answers 404 for a session of another user under this user's path", async () => {
      const a = await createTestUser(t.app);
      const b = await createTestUser(t.app);
      const bTokens = await signIn(b);
      const [bSession] = await listOf(bTokens.access_token);
      const { token: editor } = await signInWith(t.app, admin, ['users.index', 'users.update']);
      expect((await send('DELETE', userSessionPath(a.id, bSession.id), editor)).statusCode).toBe(404);
      expect((await account(bTokens.access_token)).statusCode).toBe(200);
    });

    it('refuses to show or end the sessions of a user holding more than the caller', async () => {
      const { token: editor } = await signInWith(t.app, admin, ['users.index', 'users.update']);
      const adminId = (await account(admin)).json().data.id as number;
      expect((await get(userSessionsPath(adminId), editor)).statusCode).toBe(403);
      expect((await send('POST', userSessionsEndAllPath(adminId), editor)).statusCode).toBe(403);
      expect((await account(admin)).statusCode).toBe(200);
      expect((await get(userSessionsPath(adminId), editor)).json()).toEqual({
        message: expect.not.stringContaining(en.unauthenticated),
      });
    });
  });

  describe('the new sign-in mail', () => {
    it('is sent on a sign-in from a browser and address not seen before, never on the first sign-in', async () => {
      const user = await createTestUser(t.app);
      const to = async () => (await t.mails()).filter((mail) => mail.to === user.email);
      await signIn(user, CHROME_LINUX, '10.5.5.5');
      expect(await to()).toHaveLength(0);
      await signIn(user, CHROME_LINUX, '10.5.5.5');
      expect(await to()).toHaveLength(0);
      await signIn(user, FIREFOX_WINDOWS, '10.5.5.5');
      const mails = await to();
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toContain('a new sign-in');
      expect(mails[0].text).toContain('Firefox 121.0 on Windows 10 at 10.5.5.5');
      // The same browser from another address is new too; that pair again is not.
      await signIn(user, CHROME_LINUX, '10.6.6.6');
      await signIn(user, CHROME_LINUX, '10.6.6.6');
      expect(await to()).toHaveLength(2);
    });

    it('is not sent for the administrator signing in again from the same place', async () => {
      const before = (await t.mails()).filter((mail) => mail.to === TEST_ADMIN.email).length;
      await adminToken(t.app);
      expect((await t.mails()).filter((mail) => mail.to === TEST_ADMIN.email)).toHaveLength(before);
    });
  });
});
