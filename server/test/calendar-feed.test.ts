import { eq } from 'drizzle-orm';
import { API_PATHS } from '../../src/shared/routes';
import { calendarFeeds } from '../db/schema/calendarFeeds';
import { users } from '../db/schema/users';
import { setClock } from '../lib/clock';
import { sha256 } from '../lib/crypto';
import { signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

const NOON = Date.parse('2026-06-15T12:00:00Z');

describe('the iCal feed (/api/calendar/feed)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    setClock(() => NOON);
    t = await buildTestApp();
    admin = await adminToken(t.app);
    const create = async (url: string, payload: object) =>
      expect(
        (await t.app.inject({ method: 'POST', url, payload, headers: authHeader(admin) })).statusCode,
      ).toBe(201);
    await create('/api/news', { title: 'Feed news', date: '2026-06-20', status: 1 });
    await create('/api/promotions', {
      title: 'Feed sale',
      date: '2026-06-01',
      end_date: '2026-06-30',
      status: 1,
    });
    await create('/api/news', { title: 'Far news', date: '2028-01-01', status: 1 });
  });
  afterAll(async () => {
    setClock(null);
    await t.close();
  });

  const make = async (token: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: API_PATHS.calendarFeed,
      headers: authHeader(token),
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: { url: string; active: boolean } }>().data;
  };
  const read = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

  it('makes a secret address whose feed is the items the owner may read, as text/calendar', async () => {
    const { token } = await signInWith(t.app, admin, ['news.index']);
    const feed = await make(token);
    expect(feed.active).toBe(true);
    const path = new URL(feed.url).pathname;
    expect(path).toMatch(/^\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const answer = await read(feed.url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/calendar/);
    expect(answer.body).toContain('BEGIN:VCALENDAR');
    expect(answer.body).toContain('SUMMARY:Feed news (News');
    expect(answer.body).toContain('DTSTART;VALUE=DATE:20260620');
    expect(answer.body).not.toContain('Feed sale');
    expect(answer.body).not.toContain('Far news');
    const stored = await t.app.db.select().from(calendarFeeds);
    const secret = path.split('/').pop()!.replace('.ics', '');
    expect(stored.map((row) => row.token_hash)).toContain(sha256(secret));
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  it("draws a promotion's run to its end day, and says whether a feed exists", async () => {
    const feed = await make(admin);
    const body = (await read(feed.url)).body;
    expect(body).toContain('SUMMARY:Feed sale (Promotion');
    expect(body).toContain('DTEND;VALUE=DATE:20260701');
    const status = await t.app.inject({ url: API_PATHS.calendarFeed, headers: authHeader(admin) });
    expect(status.json()).toMatchObject({ data: { active: true } });
  });

  it('stops answering an old address once a new one is made, and any once revoked (404)', async () => {
    const { token } = await signInWith(t.app, admin, ['promotions.index']);
    const first = await make(token);
    const second = await make(token);
    expect((await read(first.url)).statusCode).toBe(404);
    expect((await read(second.url)).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: API_PATHS.calendarFeed,
      headers: authHeader(token),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await read(second.url)).statusCode).toBe(404);
    const status = await t.app.inject({ url: API_PATHS.calendarFeed, headers: authHeader(token) });
    expect(status.json()).toEqual({ data: { active: false, created_at: null } });
  });

  it.each([
    ['an unknown token', `/api/calendar/feed/${'a'.repeat(43)}.ics`],
    ['a malformed name', '/api/calendar/feed/nothing.txt'],
  ])('answers %s with 404', async (_name, url) => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('answers nothing for a deactivated owner', async () => {
    const { token, userId } = await signInWith(t.app, admin, ['news.index']);
    const feed = await make(token);
    await t.app.db.update(users).set({ status: 0 }).where(eq(users.id, userId));
    expect((await read(feed.url)).statusCode).toBe(404);
  });

  it('needs a sign-in to make or revoke a feed', async () => {
    expect((await t.app.inject({ method: 'POST', url: API_PATHS.calendarFeed })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: API_PATHS.calendarFeed })).statusCode).toBe(401);
  });

  it('limits feed reads per address (429)', async () => {
    const limited = await buildTestApp({
      rateLimit: { ...t.config.rateLimit, publicReadPerIp: { max: 2, windowMs: 60_000 } },
    });
    try {
      const url = `/api/calendar/feed/${'b'.repeat(43)}.ics`;
      const codes = [];
      for (let i = 0; i < 3; i += 1)
        codes.push((await limited.app.inject({ method: 'GET', url })).statusCode);
      expect(codes).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
