import { eq } from 'drizzle-orm';
import { DASHBOARD_LIMITS, type Dashboard } from '../../src/shared/contracts/dashboard';
import { en } from '../../src/shared/messages';
import { API_PATHS, ROUTES } from '../../src/shared/routes';
import { subscribes } from '../db/schema';
import { news } from '../db/schema/news';
import { setClock } from '../lib/clock';
import { signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

const TODAY = '2026-06-15';
const NOON = Date.parse(`${TODAY}T12:00:00Z`);
const day = (offset: number) => new Date(NOON + offset * 86_400_000).toISOString().slice(0, 10);

describe('the dashboard (GET /api/dashboard)', () => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    setClock(() => NOON);
    t = await buildTestApp();
    admin = await adminToken(t.app);
    const create = async (url: string, name: string, payload: object) => {
      const response = await t.app.inject({ method: 'POST', url, payload, headers: authHeader(admin) });
      expect([name, response.statusCode]).toEqual([name, 201]);
      ids[name] = response.json<{ data: { id: number } }>().data.id;
    };
    await create('/api/news', 'in three days', { title: 'News in three days', date: day(3), status: 1 });
    await create('/api/news', 'last day', { title: 'News on the last day', date: day(6), status: 1 });
    await create('/api/news', 'too far', { title: 'News in a week', date: day(7), status: 1 });
    await create('/api/news', 'today', { title: 'News today', date: TODAY, status: 1 });
    await create('/api/news', 'draft', { title: 'Draft news', date: day(2), status: 0 });
    await create('/api/promotions', 'ending', {
      title: 'Sale ending',
      date: day(-10),
      end_date: day(2),
      status: 1,
    });
    await create('/api/promotions', 'starting', {
      title: 'Sale starting',
      date: day(1),
      end_date: day(20),
      status: 1,
    });
    // Untouched for 13 months.
    await t.app.db
      .update(news)
      .set({ updated_at: new Date(NOON - 396 * 86_400_000) })
      .where(eq(news.id, ids.draft));
    await t.app.db.insert(subscribes).values([
      {
        email: 'recent@example.org',
        source: 'footer' as const,
        unsubscribe_token: 'token-recent',
        created_at: new Date(NOON - 86_400_000),
      },
      {
        email: 'month@example.org',
        source: 'footer' as const,
        unsubscribe_token: 'token-month',
        created_at: new Date(NOON - 29 * 86_400_000),
      },
      {
        email: 'old@example.org',
        source: 'footer' as const,
        unsubscribe_token: 'token-old',
        created_at: new Date(NOON - 31 * 86_400_000),
      },
    ]);
  });
  afterAll(async () => {
    setClock(null);
    await t.close();
  });

  const dashboard = async (token = admin) => {
    const response = await t.app.inject({
      method: 'GET',
      url: API_PATHS.dashboard,
      headers: authHeader(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: Dashboard }>().data;
  };

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: API_PATHS.dashboard });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: en.unauthenticated });
  });

  it('lists what goes live and ends in the next 7 days, by date, and counts stale content and new subscribers', async () => {
    const data = await dashboard();
    expect(data.week).toEqual({
      from: TODAY,
      to: day(DASHBOARD_LIMITS.weekDays - 1),
      changes: [
        {
          key: 'promotions',
          item: 'Promotion',
          route: ROUTES.promotions,
          id: ids.starting,
          title: 'Sale starting',
          date: day(1),
          change: 'goes-live',
        },
        {
          key: 'promotions',
          item: 'Promotion',
          route: ROUTES.promotions,
          id: ids.ending,
          title: 'Sale ending',
          date: day(2),
          change: 'ends',
        },
        {
          key: 'news',
          item: 'News',
          route: ROUTES.news,
          id: ids['in three days'],
          title: 'News in three days',
          date: day(3),
          change: 'goes-live',
        },
        {
          key: 'news',
          item: 'News',
          route: ROUTES.news,
          id: ids['last day'],
          title: 'News on the last day',
          date: day(6),
          change: 'goes-live',
        },
      ],
    });
    // The site's seven pages were created by the migrations (before the clock was set back): not stale.
    expect(data.stale).toEqual([{ key: 'news', item: 'News', route: ROUTES.news, count: 1 }]);
    expect(data.subscribers_added).toBe(2);
  });

  it('says only what the caller may read', async () => {
    const newsOnly = await signInWith(t.app, admin, ['news.index']);
    const data = await dashboard(newsOnly.token);
    expect(data.week.changes.map((change) => change.key)).toEqual(['news', 'news']);
    expect(data.stale.map((stale) => stale.key)).toEqual(['news']);
    expect(data.subscribers_added).toBeNull();
    const nothing = await signInWith(t.app, admin, ['users.index']);
    expect(await dashboard(nothing.token)).toEqual({
      week: { from: TODAY, to: day(6), changes: [] },
      stale: [],
      subscribers_added: null,
      inbox: null,
    });
  });

  it('moves with the clock: tomorrow, what went live today is no longer ahead', async () => {
    setClock(() => NOON + 86_400_000);
    try {
      const data = await dashboard();
      expect(data.week.from).toBe(day(1));
      expect(data.week.changes.map((change) => change.title)).toEqual([
        'Sale ending',
        'News in three days',
        'News on the last day',
        'News in a week',
      ]);
    } finally {
      setClock(() => NOON);
    }
  });
});
