import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { Webhook as Verifier } from 'standardwebhooks';
import type { Webhook, WebhookDelivery } from '../../src/shared/resources/webhooks';
import { PUBLIC_API } from '../../src/shared/routes';
import { subscribes } from '../db/schema';
import { webhookDeliveries, webhooks } from '../db/schema/webhooks';
import { randomToken, sha256 } from '../lib/crypto';
import { JOB_SCHEMA } from '../jobs/queue';
import { webhooksServer } from '../resources/webhooks';
import { postOnce, refusedAddress } from '../webhooks/deliver';
import { webhookDeliveryJob, webhookTransitionJob, type WebhookPayload } from '../webhooks/plugin';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';
import { describeResource } from './roundTrip';

// Every field set: the round trip checks each one survives create, show and list.
describeResource(
  webhooksServer,
  async () => ({
    name: 'The website',
    url: 'https://www.example-company.test/api/revalidate',
    events: ['news.published', 'news.unpublished', 'products.updated'],
    status: 1,
  }),
  undefined,
  { nullOnCreate: ['disabled_at'], newOnRestore: ['secret'] },
);

/** The loopback receiver's port (one per database project: the two may run at once). */
const RECEIVER_PORT = 8304 + (process.env.TEST_DB_DRIVER === 'postgres' ? 1 : 0);
const RECEIVER = `http://127.0.0.1:${RECEIVER_PORT}`;

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An endpoint on loopback: records every request; `answer` decides the status per path. */
function startReceiver() {
  const received: Received[] = [];
  let answer: (path: string) => number = () => 200;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (path === '/hang') return; // never answers
      if (path === '/redirect') {
        response.writeHead(302, { location: `${RECEIVER}/redirected` }).end();
        return;
      }
      if (path === '/large') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('x'.repeat(1024 * 1024));
        return;
      }
      response.writeHead(answer(path), { 'content-type': 'text/plain' }).end(`ok ${path}`);
    });
  });
  return {
    received,
    setAnswer: (next: (path: string) => number) => (answer = next),
    listen: () => new Promise<void>((resolve) => server.listen(RECEIVER_PORT, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    port: () => (server.address() as AddressInfo).port,
  };
}

/**
 * The app's clock: held at the moment the file starts, so every judgement of the publishing rule
 * sees one day. It is the real moment (not a fixed date) because pg-boss says when a job is due by
 * the database's clock, which no test can hold: a go-live scheduled on a fixed past day would be
 * due at once. Scheduled days are two days ahead or more, never reached while the file runs.
 */
const NOW = new Date();
const DAY_MS = 24 * 60 * 60 * 1000;
/** The UTC day `offset` days from NOW, `YYYY-MM-DD`. */
const dayFrom = (offset: number) => new Date(NOW.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);
const TODAY = dayFrom(0);

describe('webhooks: signed deliveries of what the website shows', () => {
  let t: TestApp;
  let admin: string;
  let clock = NOW;
  const receiver = startReceiver();
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: authHeader(admin), ...(payload ? { payload } : {}) });
  const createWebhook = async (fields: Record<string, unknown>): Promise<Webhook> => {
    const response = await api('POST', '/api/webhooks', { name: 'Site', status: 1, ...fields });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: Webhook }>().data;
  };
  const payloads = (path: string) =>
    receiver.received
      .filter((entry) => entry.path === path)
      .map((entry) => JSON.parse(entry.body) as WebhookPayload);
  const deliveriesOf = async (id: number) =>
    (await api('GET', `/api/webhooks/${id}/deliveries`)).json<{ data: WebhookDelivery[] }>().data;

  beforeAll(async () => {
    await receiver.listen();
    // The default time-out (10 s) is no budget to hold a loaded machine to: every attempt here is
    // answered (the time-out itself is tried on `postOnce`, below).
    t = await buildTestApp({ webhooks: { allowLoopback: true, timeoutMs: 60_000 } }, { now: () => clock });
    admin = await adminToken(t.app);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('delivers created and published of a live news item, signed as Standard Webhooks says', async () => {
    const hook = await createWebhook({ url: `${RECEIVER}/news`, events: ['news.created', 'news.published'] });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const news = await api('POST', '/api/news', { title: 'Open day', date: TODAY, status: 1 });
    expect(news.statusCode).toBe(201);
    await t.app.jobs.settle();
    const got = receiver.received.filter((entry) => entry.path === '/news');
    expect(got.map((entry) => (JSON.parse(entry.body) as WebhookPayload).type).sort()).toEqual([
      'news.created',
      'news.published',
    ]);
    expect(got).toHaveLength(2);
    const [first] = got;
    expect(first.headers['content-type']).toBe('application/json');
    expect(first.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(first.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(first.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // The endpoint's check, as docs/website-api.md shows it: verify() throws on a bad or old signature.
    const verifier = new Verifier(hook.secret);
    for (const entry of got) {
      const headers = entry.headers as Record<string, string>;
      expect(verifier.verify(entry.body, headers)).toEqual(JSON.parse(entry.body));
      expect(() => verifier.verify(entry.body.replace('open-day', 'shut-day'), headers)).toThrow();
      expect(() => verifier.verify(entry.body, { ...headers, 'webhook-timestamp': '1700000000' })).toThrow();
    }
    const published = payloads('/news').find((payload) => payload.type === 'news.published');
    expect(published?.data).toEqual({
      resource: 'news',
      id: news.json<{ data: { id: number } }>().data.id,
      slug: 'open-day',
      path: '/public/v1/news/open-day',
    });
    const log = await deliveriesOf(hook.id);
    expect(log.map((entry) => [entry.state, entry.status_code, entry.attempts, entry.response])).toEqual([
      ['delivered', 200, 1, 'ok /news'],
      ['delivered', 200, 1, 'ok /news'],
    ]);
  });

  it('tells a slug change (previous_slug), an unpublish and a delete', async () => {
    const hook = await createWebhook({
      url: `${RECEIVER}/changes`,
      events: ['promotions.updated', 'promotions.unpublished', 'promotions.deleted'],
    });
    const created = (
      await api('POST', '/api/promotions', { title: 'Summer sale', date: TODAY, status: 1 })
    ).json<{ data: { id: number; updated_at: string } }>().data;
    const renamed = await api('PUT', `/api/promotions/${created.id}`, {
      title: 'Summer sale',
      slug: 'summer-sale-2026',
      date: TODAY,
      status: 0,
      updated_at: created.updated_at,
    });
    expect(renamed.statusCode).toBe(200);
    expect((await api('DELETE', `/api/promotions/${created.id}`)).statusCode).toBe(200);
    await t.app.jobs.settle();
    // Deliveries run side by side (at least once, in no set order), as Standard Webhooks allows.
    const got = payloads('/changes');
    expect(got.map((payload) => payload.type).sort()).toEqual([
      'promotions.deleted',
      'promotions.unpublished',
      'promotions.updated',
    ]);
    expect(got.find((payload) => payload.type === 'promotions.updated')?.data).toMatchObject({
      slug: 'summer-sale-2026',
      previous_slug: 'summer-sale',
    });
    expect(hook.id).toBeGreaterThan(0);
  });

  /** The day comes for the queue: the job pending under `key` is due now (its start_after passed). */
  const makeDue = (key: string) =>
    t.app.db.execute(
      sql`update ${sql.raw(JOB_SCHEMA)}.job set start_after = now() where name = ${webhookTransitionJob.name} and singleton_key = ${key} and state < 'active'`,
    );

  it("publishes a scheduled item at its day's start: a job due then, moved when the date moves", async () => {
    await createWebhook({ url: `${RECEIVER}/scheduled`, events: ['news.published'] });
    const created = (
      await api('POST', '/api/news', { title: 'Later on', date: dayFrom(2), status: 1 })
    ).json<{ data: { id: number; updated_at: string } }>().data;
    const key = `news:${created.id}`;
    expect(await t.app.jobs.scheduledAt(webhookTransitionJob, key)).toEqual(startOf(dayFrom(2)));
    await api('PUT', `/api/news/${created.id}`, {
      title: 'Later on',
      slug: 'later-on',
      date: dayFrom(3),
      status: 1,
      updated_at: created.updated_at,
    });
    expect(await t.app.jobs.scheduledAt(webhookTransitionJob, key)).toEqual(startOf(dayFrom(3)));
    await t.app.jobs.settle();
    expect(payloads('/scheduled')).toEqual([]);
    // The day comes: the app's clock passes its start and the queue finds the job due.
    clock = new Date(startOf(dayFrom(3)).getTime() + 5000);
    try {
      await makeDue(key);
      await t.app.jobs.settle();
    } finally {
      clock = NOW;
    }
    expect(payloads('/scheduled').map((payload) => [payload.type, payload.data.slug])).toEqual([
      ['news.published', 'later-on'],
    ]);
    expect(await t.app.jobs.scheduledAt(webhookTransitionJob, key)).toBeNull();
  });

  it("tells the go-live once when the queue finds it due while the app's clock is still before it", async () => {
    // Two clocks: the queue's (the database's) and the app's may differ by a little; the job's
    // run judges at its own moment, so it neither misses the event nor runs again and again.
    await createWebhook({ url: `${RECEIVER}/early`, events: ['news.published'] });
    const created = (
      await api('POST', '/api/news', { title: 'Early bird', date: dayFrom(2), status: 1 })
    ).json<{ data: { id: number } }>().data;
    const key = `news:${created.id}`;
    await makeDue(key);
    await t.app.jobs.settle();
    expect(payloads('/early').map((payload) => [payload.type, payload.data.slug])).toEqual([
      ['news.published', 'early-bird'],
    ]);
    expect(await t.app.jobs.scheduledAt(webhookTransitionJob, key)).toBeNull();
  });

  it("ends a promotion after its end day: the go-live's run schedules the end, which says unpublished", async () => {
    await createWebhook({
      url: `${RECEIVER}/ending`,
      events: ['promotions.published', 'promotions.unpublished'],
    });
    const created = (
      await api('POST', '/api/promotions', {
        title: 'Short sale',
        date: dayFrom(2),
        end_date: dayFrom(4),
        status: 1,
      })
    ).json<{ data: { id: number } }>().data;
    const key = `promotions:${created.id}`;
    expect(await t.app.jobs.scheduledAt(webhookTransitionJob, key)).toEqual(startOf(dayFrom(2)));
    clock = new Date(startOf(dayFrom(2)).getTime() + 5000);
    try {
      await makeDue(key);
      await t.app.jobs.settle();
      // Live now; its end is the start of the day after its end day.
      expect(await t.app.jobs.scheduledAt(webhookTransitionJob, key)).toEqual(startOf(dayFrom(5)));
      clock = new Date(startOf(dayFrom(5)).getTime() + 5000);
      await makeDue(key);
      await t.app.jobs.settle();
    } finally {
      clock = NOW;
    }
    expect(payloads('/ending').map((payload) => [payload.type, payload.data.slug])).toEqual([
      ['promotions.published', 'short-sale'],
      ['promotions.unpublished', 'short-sale'],
    ]);
    expect(await t.app.jobs.scheduledAt(webhookTransitionJob, key)).toBeNull();
  });

  it('an edit that makes an item live at once delivers published right away', async () => {
    await createWebhook({ url: `${RECEIVER}/now`, events: ['product-articles.published'] });
    const created = (
      await api('POST', '/api/product-articles', { title: 'Later', date: dayFrom(30), status: 1 })
    ).json<{ data: { id: number; updated_at: string } }>().data;
    await api('PUT', `/api/product-articles/${created.id}`, {
      title: 'Later',
      slug: 'later',
      date: TODAY,
      status: 1,
      updated_at: created.updated_at,
    });
    await t.app.jobs.settle();
    expect(payloads('/now').map((payload) => payload.type)).toEqual(['product-articles.published']);
    expect(await t.app.jobs.scheduledAt(webhookTransitionJob, `product-articles:${created.id}`)).toBeNull();
  });

  it('retries a failed delivery with the same webhook-id, logs each answer, and Resend sends it again', async () => {
    let failures = 1;
    receiver.setAnswer((path) => (path === '/flaky' && failures-- > 0 ? 503 : 200));
    const hook = await createWebhook({ url: `${RECEIVER}/flaky`, events: ['brands.created'] });
    await api('POST', '/api/brands', { name: 'Flaky brand', status: 1 });
    await t.app.jobs.settle();
    let [entry] = await deliveriesOf(hook.id);
    expect([entry.state, entry.status_code, entry.attempts]).toEqual(['retrying', 503, 1]);
    // Its backoff waited out: the retry is due.
    expect(await t.app.jobs.retryNow(webhookDeliveryJob)).toBe(1);
    await t.app.jobs.settle();
    [entry] = await deliveriesOf(hook.id);
    expect([entry.state, entry.status_code, entry.attempts]).toEqual(['delivered', 200, 2]);
    const ids = receiver.received
      .filter((got) => got.path === '/flaky')
      .map((got) => got.headers['webhook-id']);
    expect(ids).toEqual([entry.message_id, entry.message_id]);

    expect((await api('POST', `/api/webhooks/${hook.id}/deliveries/${entry.id}/resend`)).statusCode).toBe(
      202,
    );
    await t.app.jobs.settle();
    [entry] = await deliveriesOf(hook.id);
    expect([entry.state, entry.attempts]).toEqual(['delivered', 3]);
    expect((await api('POST', `/api/webhooks/${hook.id}/deliveries/999999/resend`)).statusCode).toBe(404);
    receiver.setAnswer(() => 200);
  });

  it('sends a test event on request, whatever the webhook subscribes to', async () => {
    const hook = await createWebhook({ url: `${RECEIVER}/test`, events: ['pages.updated'] });
    const sent = await api('POST', `/api/webhooks/${hook.id}/test`);
    expect(sent.statusCode).toBe(202);
    await t.app.jobs.settle();
    expect(payloads('/test').map((payload) => [payload.type, payload.data])).toEqual([
      ['webhook.test', { webhook_id: hook.id }],
    ]);
    expect((await api('POST', '/api/webhooks/999999/test')).statusCode).toBe(404);
  });

  it('disables an endpoint after repeated failed deliveries, and saving it Active turns it on again', async () => {
    receiver.setAnswer((path) => (path === '/down' ? 500 : 200));
    const hook = await createWebhook({ url: `${RECEIVER}/down`, events: ['categories.created'] });
    await t.app.db.update(webhooks).set({ failure_count: 4 }).where(eq(webhooks.id, hook.id));
    await api('POST', '/api/categories', { name: 'Down category', status: 1 });
    await t.app.jobs.settle();
    // Its last retry comes: every retry used up.
    await t.app.db.execute(
      sql`update ${sql.raw(JOB_SCHEMA)}.job set retry_count = retry_limit, start_after = now() where name = ${webhookDeliveryJob.name} and state = 'retry'`,
    );
    await t.app.jobs.settle();
    const after = (await api('GET', `/api/webhooks/${hook.id}`)).json<{ data: Webhook }>().data;
    expect([after.status, after.failure_count, after.disabled_at === null]).toEqual([0, 5, false]);
    const [entry] = await deliveriesOf(hook.id);
    expect(entry.state).toBe('failed');
    // Not Active: a new event is not delivered to it.
    const before = receiver.received.length;
    await api('POST', '/api/categories', { name: 'Unheard category', status: 1 });
    await t.app.jobs.settle();
    expect(receiver.received.length).toBe(before);
    receiver.setAnswer(() => 200);
    const saved = await api('PUT', `/api/webhooks/${hook.id}`, {
      name: after.name,
      url: after.url,
      events: after.events,
      status: 1,
      updated_at: after.updated_at,
    });
    expect(saved.json<{ data: Webhook }>().data).toMatchObject({
      status: 1,
      failure_count: 0,
      disabled_at: null,
    });
  });

  it('tells subscribes.added when a sign-up is confirmed (not while Pending), and removed when it leaves', async () => {
    const hook = await createWebhook({
      url: `${RECEIVER}/subscribers`,
      events: ['subscribes.added', 'subscribes.removed'],
    });
    const signUp = await t.app.inject({
      method: 'POST',
      url: PUBLIC_API.subscribes,
      payload: { email: 'reader@example.test', source: 'footer' },
    });
    expect(signUp.statusCode).toBe(202);
    await t.app.jobs.settle();
    expect(payloads('/subscribers')).toEqual([]);
    // The confirmation mail's link carries a token only its hash is stored of: set one to follow.
    const token = randomToken(32);
    const [pending] = await t.app.db
      .update(subscribes)
      .set({ confirm_token_hash: sha256(token) })
      .where(eq(subscribes.email, 'reader@example.test'))
      .returning({ id: subscribes.id, state: subscribes.state, unsubscribe: subscribes.unsubscribe_token });
    expect(pending.state).toBe('pending');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: PUBLIC_API.confirmSubscribe,
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    await t.app.jobs.settle();
    expect(payloads('/subscribers').map((payload) => [payload.type, payload.data])).toEqual([
      [
        'subscribes.added',
        { resource: 'subscribes', id: pending.id, email: 'reader@example.test', source: 'footer' },
      ],
    ]);
    const left = await t.app.inject({
      method: 'POST',
      url: PUBLIC_API.unsubscribe,
      payload: { token: pending.unsubscribe },
    });
    expect(left.statusCode).toBe(202);
    await t.app.jobs.settle();
    expect(payloads('/subscribers').map((payload) => payload.type)).toEqual([
      'subscribes.added',
      'subscribes.removed',
    ]);
    expect((await deliveriesOf(hook.id)).map((entry) => entry.state)).toEqual(['delivered', 'delivered']);
  });

  it('delivers nothing of a write that is rolled back', async () => {
    const hook = await createWebhook({ url: `${RECEIVER}/rollback`, events: ['news.created'] });
    const refused = await api('POST', '/api/news', { title: 'Bad', date: 'not a day', status: 1 });
    expect(refused.statusCode).toBe(422);
    await t.app.jobs.settle();
    expect(await deliveriesOf(hook.id)).toEqual([]);
    const rows = await t.app.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhook_id, hook.id));
    expect(rows).toEqual([]);
  });

  it('refuses a URL that is not http(s) or names a private address, with a 422 on url', async () => {
    for (const url of [
      'ftp://example.com/x',
      'http://user:pw@example.com/',
      'http://10.1.2.3/hook',
      'http://[fd00::1]/',
      'http://169.254.169.254/latest',
    ]) {
      const response = await api('POST', '/api/webhooks', {
        name: 'Bad',
        url,
        events: ['news.created'],
        status: 1,
      });
      expect([
        url,
        response.statusCode,
        Object.keys(response.json<{ errors?: object }>().errors ?? {}),
      ]).toEqual([url, 422, ['url']]);
    }
  });
});

describe('a delivery attempt (SSRF, redirects, time-out, size)', () => {
  const receiver = startReceiver();
  const strict = { allowLoopback: false };
  const loose = { allowLoopback: true };
  const post = (url: string, policy = loose, timeoutMs = 2000) =>
    postOnce({ url, headers: {}, body: '{}', timeoutMs, maxResponseBytes: 1024, policy });

  beforeAll(() => receiver.listen());
  afterAll(() => receiver.close());

  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fd12::1', 'uniqueLocal'],
    ['0.0.0.0', 'unspecified'],
    ['100.64.0.1', 'carrierGradeNat'],
  ])('refuses %s (%s)', (address, range) => {
    expect(refusedAddress(address, strict)).toContain(range);
  });

  it('lets a public address through, and loopback only where allowed', () => {
    expect(refusedAddress('93.184.215.14', strict)).toBeNull();
    expect(refusedAddress('2606:4700::1111', strict)).toBeNull();
    expect(refusedAddress('127.0.0.1', loose)).toBeNull();
    expect(refusedAddress('10.0.0.1', loose)).toContain('private');
  });

  it('refuses loopback targets by default, by address and by a name that resolves to one', async () => {
    for (const url of [`http://127.0.0.1:${RECEIVER_PORT}/x`, `http://localhost:${RECEIVER_PORT}/x`]) {
      const result = await post(url, strict);
      expect([result.status, result.error]).toEqual([null, expect.stringMatching(/^refused: .*loopback/)]);
    }
    expect(receiver.received).toEqual([]);
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    const result = await post(`http://127.0.0.1:${RECEIVER_PORT}/redirect`);
    expect(result.status).toBe(302);
    expect(receiver.received.map((entry) => entry.path)).toEqual(['/redirect']);
  });

  it('gives up on an endpoint that does not answer in time', async () => {
    const result = await post(`http://127.0.0.1:${RECEIVER_PORT}/hang`, loose, 300);
    expect([result.status, result.error]).toEqual([null, 'no answer within 300 ms']);
  });

  it('reads only the first bytes of a large answer', async () => {
    const result = await post(`http://127.0.0.1:${RECEIVER_PORT}/large`);
    expect([result.status, result.excerpt.length]).toEqual([200, 1024]);
  });
});
