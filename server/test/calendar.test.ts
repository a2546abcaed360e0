import type { CalendarAnswer } from '../../src/shared/contracts/calendar';
import { API_PATHS } from '../../src/shared/routes';
import { setClock } from '../lib/clock';
import { signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

const TODAY = '2026-06-15';
const NOON = Date.parse(`${TODAY}T12:00:00Z`);

describe('the publishing calendar (GET /api/calendar)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    setClock(() => NOON);
    t = await buildTestApp();
    admin = await adminToken(t.app);
    const create = async (url: string, payload: object) => {
      const response = await t.app.inject({ method: 'POST', url, payload, headers: authHeader(admin) });
      expect(response.statusCode).toBe(201);
    };
    await create('/api/news', { title: 'June news', date: '2026-06-20', status: 1 });
    await create('/api/news', { title: 'July news', date: '2026-07-20', status: 1 });
    await create('/api/promotions', {
      title: 'Summer sale',
      date: '2026-06-01',
      end_date: '2026-06-30',
      status: 1,
    });
    await create('/api/promotions', {
      title: 'Long sale',
      date: '2026-05-01',
      end_date: '2026-08-31',
      status: 0,
    });
    await create('/api/promotions', {
      title: 'Open sale',
      date: '2026-04-01',
      status: 1,
    });
    await create('/api/promotions', {
      title: 'Old sale',
      date: '2026-01-01',
      end_date: '2026-01-31',
      status: 1,
    });
  });
  afterAll(async () => {
    setClock(null);
    await t.close();
  });

  const get = (token: string, query: string) =>
    t.app.inject({ method: 'GET', url: `${API_PATHS.calendar}?${query}`, headers: authHeader(token) });

  it('answers the items going live, ending or running across the range, with state and overlaps', async () => {
    const response = await get(admin, 'from=2026-06-01&to=2026-06-30');
    expect(response.statusCode).toBe(200);
    const { items } = response.json<CalendarAnswer>().data;
    expect(items.map((item) => [item.title, item.publish_state, item.overlaps])).toEqual([
      ['Open sale', 'live', true],
      ['Long sale', 'draft', true],
      ['Summer sale', 'live', true],
      ['June news', 'scheduled', false],
    ]);
  });

  it('answers an open-ended promotion that went live before the range, not one that ended before it', async () => {
    const { items } = (await get(admin, 'from=2026-09-01&to=2026-09-30')).json<CalendarAnswer>().data;
    expect(items.map((item) => [item.title, item.end_date])).toEqual([['Open sale', null]]);
  });

  it('answers only the resources the caller may read', async () => {
    const { token } = await signInWith(t.app, admin, ['news.index']);
    const { items } = (await get(token, 'from=2026-06-01&to=2026-06-30')).json<CalendarAnswer>().data;
    expect(items.map((item) => item.title)).toEqual(['June news']);
  });

  it.each([
    ['a missing range', ''],
    ['a day that is not a date', 'from=2026-13-01&to=2026-06-30'],
    ['an end before the start', 'from=2026-06-30&to=2026-06-01'],
    ['a range over 62 days', 'from=2026-06-01&to=2026-08-15'],
  ])('refuses %s with 422', async (_name, query) => {
    const response = await get(admin, query);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toHaveProperty('errors');
  });

  it('needs a token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.calendar}?from=2026-06-01&to=2026-06-30`,
    });
    expect(response.statusCode).toBe(401);
  });
});
