import { and, eq } from 'drizzle-orm';
import type { CalendarItem, CalendarMoveAnswer } from '../../src/shared/contracts/calendar';
import { API_PATHS } from '../../src/shared/routes';
import { revisions } from '../db/schema/revisions';
import { setClock } from '../lib/clock';
import { signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

const NOON = Date.parse('2026-06-15T12:00:00Z');

describe('moving a calendar item (POST /api/calendar/move)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    setClock(() => NOON);
    t = await buildTestApp();
    admin = await adminToken(t.app);
  });
  afterAll(async () => {
    setClock(null);
    await t.close();
  });

  const create = async (url: string, payload: object) => {
    const response = await t.app.inject({ method: 'POST', url, payload, headers: authHeader(admin) });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: { id: number; updated_at: string } }>().data;
  };
  const move = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: API_PATHS.calendarMove, payload, headers: authHeader(token) });

  it('moves the go-live day and the end by as many days, recorded as an edit', async () => {
    const sale = await create('/api/promotions', {
      title: 'Move sale',
      date: '2026-06-10',
      end_date: '2026-06-20',
      status: 1,
    });
    const response = await move(admin, {
      key: 'promotions',
      id: sale.id,
      date: '2026-06-13',
      updated_at: sale.updated_at,
    });
    expect(response.statusCode).toBe(200);
    const item: CalendarItem = response.json<CalendarMoveAnswer>().data;
    expect([item.date, item.end_date, item.publish_state]).toEqual(['2026-06-13', '2026-06-23', 'live']);
    expect(item.updated_at).not.toBe(sale.updated_at);
    const shown = await t.app.inject({ url: `/api/promotions/${sale.id}`, headers: authHeader(admin) });
    expect(shown.json()).toMatchObject({ data: { title: 'Move sale', date: '2026-06-13' } });
    const edits = await t.app.db
      .select({ action: revisions.action, changes: revisions.changes })
      .from(revisions)
      .where(and(eq(revisions.resource, 'promotions'), eq(revisions.record_id, sale.id)));
    expect(edits.map((edit) => edit.action)).toEqual(['create', 'update']);
    expect(Object.keys(edits[1].changes).sort()).toEqual(['date', 'end_date']);
  });

  it('moves an item without an end (news) back, and undoes with the new version', async () => {
    const news = await create('/api/news', { title: 'Move news', date: '2026-07-01', status: 1 });
    const moved = (
      await move(admin, { key: 'news', id: news.id, date: '2026-06-01', updated_at: news.updated_at })
    ).json<CalendarMoveAnswer>().data;
    expect([moved.date, moved.end_date, moved.publish_state]).toEqual(['2026-06-01', null, 'live']);
    const undone = await move(admin, {
      key: 'news',
      id: news.id,
      date: '2026-07-01',
      updated_at: moved.updated_at,
    });
    expect(undone.json<CalendarMoveAnswer>().data.date).toBe('2026-07-01');
  });

  it('refuses a stale version with 409 and leaves the dates', async () => {
    const news = await create('/api/news', { title: 'Stale news', date: '2026-07-05', status: 1 });
    const first = await move(admin, {
      key: 'news',
      id: news.id,
      date: '2026-07-06',
      updated_at: news.updated_at,
    });
    expect(first.statusCode).toBe(200);
    const stale = await move(admin, {
      key: 'news',
      id: news.id,
      date: '2026-07-09',
      updated_at: news.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    const shown = await t.app.inject({ url: `/api/news/${news.id}`, headers: authHeader(admin) });
    expect(shown.json()).toMatchObject({ data: { date: '2026-07-06' } });
  });

  it("needs the resource's update key (403), with a token (401)", async () => {
    const news = await create('/api/news', { title: 'Guarded news', date: '2026-07-05', status: 1 });
    const body = { key: 'news', id: news.id, date: '2026-07-06', updated_at: news.updated_at };
    const { token: reader } = await signInWith(t.app, admin, ['news.index', 'promotions.update']);
    expect((await move(reader, body)).statusCode).toBe(403);
    const { token: editor } = await signInWith(t.app, admin, ['news.index', 'news.update']);
    expect((await move(editor, body)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: API_PATHS.calendarMove, payload: body });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    ['an unknown resource', { key: 'pages', id: 1, date: '2026-07-01', updated_at: 'x' }, 422],
    ['a day that is not a date', { key: 'news', id: 1, date: '2026-02-30', updated_at: 'x' }, 422],
    ['a missing id', { key: 'news', date: '2026-07-01', updated_at: 'x' }, 422],
    ['a record that does not exist', { key: 'news', id: 99999, date: '2026-07-01', updated_at: 'x' }, 404],
  ])('refuses %s', async (_name, body, status) => {
    const response = await move(admin, body);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toHaveProperty('message');
  });
});
