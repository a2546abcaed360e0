import { eq } from 'drizzle-orm';
import { DASHBOARD_LIMITS, type Dashboard } from '../../src/shared/contracts/dashboard';
import { en } from '../../src/shared/messages';
import { API_PATHS, ROUTES } from '../../src/shared/routes';
import { contactForms, subscribes } from '../db/schema';
import { news } from '../db/schema/news';
import { setClock, setCompanyZone } from '../lib/clock';
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
        email: 'pending@example.org',
        source: 'footer' as const,
        unsubscribe_token: 'token-pending',
        state: 'pending' as const,
        created_at: new Date(NOON - 2 * 86_400_000),
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

  it('counts the subscribers of each of the last 30 days, oldest first, confirmed ones only', async () => {
    const data = await dashboard();
    const days = data.subscribers_by_day!;
    expect(days).toHaveLength(DASHBOARD_LIMITS.subscriberDays);
    expect(days[0].date).toBe(day(-29));
    expect(days.at(-1)!.date).toBe(TODAY);
    // The one of yesterday and the one of 29 days ago; the pending one (2 days ago) is not counted.
    expect(days.filter((entry) => entry.count)).toEqual([
      { date: day(-29), count: 1 },
      { date: day(-1), count: 1 },
    ]);
    expect(days.reduce((sum, entry) => sum + entry.count, 0)).toBe(data.subscribers_added);
  });

  it("counts by the company's days: 14 hours ahead of UTC, noon is already tomorrow", async () => {
    setCompanyZone('Pacific/Kiritimati');
    try {
      const days = (await dashboard()).subscribers_by_day!;
      // Noon UTC of TODAY is 02:00 of the next day there: the 30 days end on it.
      expect([days[0].date, days.at(-1)!.date]).toEqual([day(-28), day(1)]);
      expect(days.filter((entry) => entry.count)).toEqual([
        { date: day(-28), count: 1 },
        { date: TODAY, count: 1 },
      ]);
    } finally {
      setCompanyZone(null);
    }
  });

  it("lists the caller's own last 10 changes, newest first, only in what they may read, each named by its title now", async () => {
    const editor = await signInWith(t.app, admin, [
      'news.index',
      'news.store',
      'news.update',
      'news.destroy',
      'promotions.store',
    ]);
    const api = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const response = await t.app.inject({ method, url, payload, headers: authHeader(editor.token) });
      expect([method, url, response.statusCode]).toEqual([method, url, method === 'POST' ? 201 : 200]);
      return response.json<{ data: { id: number; updated_at: string } }>().data;
    };
    expect((await dashboard(editor.token)).recent_changes).toEqual([]);
    const kept = await api('POST', '/api/news', { title: 'Kept news', date: TODAY, status: 0 });
    const gone = await api('POST', '/api/news', { title: 'Gone news', date: TODAY, status: 0 });
    // A promotion the editor may create but not read: not on their dashboard.
    await api('POST', '/api/promotions', { title: 'Unreadable sale', date: TODAY, status: 0 });
    await api('PUT', `/api/news/${kept.id}`, {
      title: 'Kept news, renamed',
      date: TODAY,
      status: 0,
      updated_at: kept.updated_at,
    });
    await api('DELETE', `/api/news/${gone.id}`);

    const line = (id: number, title: string, action: string, deleted: boolean) => ({
      key: 'news',
      item: 'News',
      route: ROUTES.news,
      id,
      title,
      action,
      deleted,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await dashboard(editor.token)).recent_changes).toEqual([
      line(gone.id, 'Gone news', 'delete', true),
      line(kept.id, 'Kept news, renamed', 'update', false),
      line(gone.id, 'Gone news', 'create', true),
      line(kept.id, 'Kept news, renamed', 'create', false),
    ]);
    // Another user's changes are not the editor's: the admin's news are not in it, nor the editor's in theirs.
    const own = (await dashboard()).recent_changes;
    expect(own.some((change) => change.id === kept.id && change.key === 'news')).toBe(false);

    const more: number[] = [];
    for (let index = 1; index <= 8; index++)
      more.push((await api('POST', '/api/news', { title: `More news ${index}`, date: TODAY, status: 0 })).id);
    const latest = (await dashboard(editor.token)).recent_changes;
    expect(latest).toHaveLength(DASHBOARD_LIMITS.recentChanges);
    expect(latest.map((change) => `${change.action} ${change.title}`)).toEqual([
      ...more.map((_id, index) => `create More news ${8 - index}`),
      'delete Gone news',
      'update Kept news, renamed',
    ]);
  });

  it('counts the inbox: New messages, open ones past their due time, and the open ones assigned to the caller', async () => {
    const reader = await signInWith(t.app, admin, ['contact-forms.index']);
    const message = (subject: string, fields: Partial<typeof contactForms.$inferInsert>) => ({
      name: 'Ada',
      email: 'ada@example.org',
      subject,
      message: 'Hello',
      source: 'contact-page' as const,
      ...fields,
    });
    const past = new Date(NOON - 3_600_000);
    const later = new Date(NOON + 86_400_000);
    await t.app.db
      .insert(contactForms)
      .values([
        message('new, overdue', { state: 'new', due_at: past }),
        message('new, not due yet', { state: 'new', due_at: later, assignee_id: reader.userId }),
        message('read, overdue, mine', { state: 'read', due_at: past, assignee_id: reader.userId }),
        message('answered late', { state: 'replied', due_at: past, assignee_id: reader.userId }),
      ]);
    expect((await dashboard(reader.token)).inbox).toEqual({ new: 2, overdue: 2, mine: 2 });
    expect((await dashboard()).inbox).toEqual({ new: 2, overdue: 2, mine: 0 });
    // Without the inbox's read permission: no counts.
    const newsOnly = await signInWith(t.app, admin, ['news.index']);
    expect((await dashboard(newsOnly.token)).inbox).toBeNull();
  });

  it('says only what the caller may read', async () => {
    const newsOnly = await signInWith(t.app, admin, ['news.index']);
    const data = await dashboard(newsOnly.token);
    expect(data.week.changes.map((change) => change.key)).toEqual(['news', 'news']);
    expect(data.stale.map((stale) => stale.key)).toEqual(['news']);
    expect(data.subscribers_added).toBeNull();
    expect(data.subscribers_by_day).toBeNull();
    expect(data.inbox).toBeNull();
    const nothing = await signInWith(t.app, admin, ['users.index']);
    expect(await dashboard(nothing.token)).toEqual({
      week: { from: TODAY, to: day(6), changes: [] },
      stale: [],
      subscribers_added: null,
      subscribers_by_day: null,
      recent_changes: [],
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
