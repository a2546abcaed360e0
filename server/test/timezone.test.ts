import { eq } from 'drizzle-orm';
import type { CompanySettings } from '../../src/shared/resources/company';
import { API_PATHS, publicPath } from '../../src/shared/routes';
import { addDays, serverTimeZone } from '../../src/shared/zonedDays';
import { webhookDeliveries } from '../db/schema/webhooks';
import { setClock } from '../lib/clock';
import { webhookTransitionJob } from '../webhooks/plugin';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

/**
 * A day starts at midnight in the company's time zone (issue 36): the publish state, the public
 * reads and the go-live job's due time follow Setting › Company › Time zone. The app's clock is
 * held on a day a year and more ahead: pg-boss judges a job due by the database's clock, so every
 * transition scheduled here stays in the queue's future and none runs behind the test's back.
 */
const DAY_MS = 86_400_000;
const BASE = new Date(Date.now() + 400 * DAY_MS).toISOString().slice(0, 10);
const day = (offset: number) => addDays(BASE, offset);
const at = (iso: string) => new Date(iso);

describe('the company time zone: where a day starts', () => {
  let t: TestApp;
  let admin: string;
  let clock = at(`${BASE}T12:00:00Z`);
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: authHeader(admin), ...(payload ? { payload } : {}) });
  const company = async () =>
    (await api('GET', API_PATHS.companySettings)).json<{ data: CompanySettings }>().data;
  const setZone = async (time_zone: string | null) =>
    api('PUT', API_PATHS.companySettings, { time_zone, updated_at: (await company()).updated_at });
  const createNews = async (title: string, date: string) => {
    const response = await api('POST', '/api/news', { title, date, status: 1 });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: { id: number; slug: string } }>().data;
  };
  const stateOf = async (id: number) =>
    (await api('GET', `/api/news/${id}`)).json<{ data: { publish_state: string } }>().data.publish_state;
  const dueAt = (id: number) => t.app.jobs.scheduledAt(webhookTransitionJob, `news:${id}`);
  const delivered = async (event: string) =>
    (
      await t.app.db
        .select({ body: webhookDeliveries.body })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.event, event))
    ).map((row) => (JSON.parse(row.body) as { data: { id: number } }).data.id);

  beforeAll(async () => {
    setClock(() => clock.getTime());
    t = await buildTestApp({ webhooks: { allowLoopback: true, timeoutMs: 60_000 } });
    admin = await adminToken(t.app);
    // Deliveries are only looked at in the table: the endpoint is a closed port, never reached in time.
    const hook = await api('POST', '/api/webhooks', {
      name: 'Site',
      status: 1,
      url: 'http://127.0.0.1:9/hook',
      events: ['news.published', 'news.unpublished'],
    });
    expect(hook.statusCode).toBe(201);
  });
  beforeEach(() => {
    clock = at(`${BASE}T12:00:00Z`);
  });
  afterAll(async () => {
    setClock(null);
    await t.close();
  });

  it("answers the server's zone before one is saved, refuses an unknown zone with 422, saves a known one", async () => {
    expect((await company()).time_zone).toBe(serverTimeZone());
    const unknown = await setZone('Mars/Olympus_Mons');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ time_zone: ['Time Zone is invalid'] });
    expect((await setZone('Asia/Jakarta')).statusCode).toBe(200);
    expect((await company()).time_zone).toBe('Asia/Jakarta');
    const audit = await api('GET', '/api/audit-logs?per_page=100&kinds=company.changed');
    expect(audit.json<{ data: { details: unknown }[] }>().data[0].details).toEqual({ fields: ['time_zone'] });
    // Empty puts the server's own zone back.
    expect((await setZone('')).statusCode).toBe(200);
    expect((await company()).time_zone).toBe(serverTimeZone());
  });

  it("flips an item dated D to live at D's midnight in the zone (Jakarta: 17:00 UTC the day before), admin and public alike", async () => {
    expect((await setZone('Asia/Jakarta')).statusCode).toBe(200);
    const news = await createNews('Jakarta opening', day(5));
    const publicItem = () => t.app.inject({ method: 'GET', url: `${publicPath('news')}/${news.slug}` });
    clock = at(`${day(4)}T16:59:59Z`);
    expect(await stateOf(news.id)).toBe('scheduled');
    expect((await publicItem()).statusCode).toBe(404);
    clock = at(`${day(4)}T17:00:00Z`);
    expect(await stateOf(news.id)).toBe('live');
    expect((await publicItem()).statusCode).toBe(200);
    // The dashboard's week and the calendar's state start on the zone's day too.
    const week = (await api('GET', API_PATHS.dashboard)).json<{
      data: { week: { from: string; to: string } };
    }>().data.week;
    expect(week).toMatchObject({ from: day(5), to: day(11) });
    const calendar = await api('GET', `${API_PATHS.calendar}?from=${day(5)}&to=${day(5)}`);
    expect(calendar.statusCode).toBe(200);
    expect(JSON.stringify(calendar.json())).toContain('"publish_state":"live"');
    clock = at(`${BASE}T12:00:00Z`);
    // The go-live job is due at that same instant.
    expect(await dueAt(news.id)).toEqual(at(`${day(4)}T17:00:00Z`));
  });

  it('moves pending go-lives when the zone changes, and tells at once what the change made live or hid', async () => {
    expect((await setZone('UTC')).statusCode).toBe(200);
    // At BASE 12:00 UTC it is already BASE+1 (02:00) on Kiritimati (UTC+14).
    const soon = await createNews('Island morning', day(1));
    const later = await createNews('Later still', day(3));
    expect(await dueAt(soon.id)).toEqual(at(`${day(1)}T00:00:00Z`));
    expect(await dueAt(later.id)).toEqual(at(`${day(3)}T00:00:00Z`));

    expect((await setZone('Pacific/Kiritimati')).statusCode).toBe(200);
    expect(await stateOf(soon.id)).toBe('live');
    expect(await delivered('news.published')).toContain(soon.id);
    expect(await dueAt(soon.id)).toBeNull();
    expect(await dueAt(later.id)).toEqual(at(`${day(2)}T10:00:00Z`));

    // Back west: on Jakarta's clock (19:00) it is BASE again, so the island item is hidden once more.
    expect((await setZone('Asia/Jakarta')).statusCode).toBe(200);
    expect(await stateOf(soon.id)).toBe('scheduled');
    expect(await delivered('news.unpublished')).toContain(soon.id);
    expect(await dueAt(soon.id)).toEqual(at(`${BASE}T17:00:00Z`));
    expect(await dueAt(later.id)).toEqual(at(`${day(2)}T17:00:00Z`));
  });
});
