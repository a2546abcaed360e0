import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { PUBLIC_API, publicPath } from '../../src/shared/routes';
import { contactForms, subscribes } from '../db/schema';
import { PUBLIC_TEXT } from '../routes/public';
import { createProduct, createTaxon } from './catalogFixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

const SITE = 'https://www.example-company.test';
const NOW = new Date('2026-11-24T12:00:00.000Z');
const limits = loadConfig({}).rateLimit;

const message = (fields: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  phone_number: '+44 20 7946 0000',
  subject: 'Do you ship abroad?',
  message: 'I would like to order two pumps.',
  source: 'contact-page',
  website: '',
  started_at: NOW.getTime() - 30_000,
  ...fields,
});

describe('the public API for the website (/public/v1)', () => {
  let t: TestApp;
  let admin: string;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  let ids: { brandOn: number; brandOff: number; categoryOn: number; categoryOff: number };

  beforeAll(async () => {
    t = await buildTestApp(
      {
        hostAppUrl: `${SITE}/`,
        rateLimit: { ...limits, publicContactPerIp: { max: 1000, windowMs: 60_000 } },
      },
      { now: () => NOW },
    );
    admin = await adminToken(t.app);
    const brandOn = await createTaxon(t, admin, '/api/brands', { name: 'Acme' });
    const brandOff = await createTaxon(t, admin, '/api/brands', { name: 'Gone', status: 0 });
    const categoryOn = await createTaxon(t, admin, '/api/categories', { name: 'Pumps' });
    const categoryOff = await createTaxon(t, admin, '/api/categories', { name: 'Hidden', status: 0 });
    ids = {
      brandOn: brandOn.id,
      brandOff: brandOff.id,
      categoryOn: categoryOn.id,
      categoryOff: categoryOff.id,
    };
    await createProduct(t, admin, { name: 'Live pump', brand_id: brandOn.id, category_id: categoryOn.id });
    await createProduct(t, admin, {
      name: 'Other live pump',
      category_id: categoryOn.id,
      other_brand: 'X',
      brand_id: null,
    });
    await createProduct(t, admin, {
      name: 'Draft pump',
      status: 0,
      brand_id: brandOn.id,
      category_id: categoryOn.id,
    });
    await createProduct(t, admin, {
      name: 'Brandless off',
      brand_id: brandOff.id,
      category_id: categoryOn.id,
    });
    await createProduct(t, admin, {
      name: 'In hidden category',
      brand_id: brandOn.id,
      category_id: categoryOff.id,
    });
  });
  afterAll(() => t.close());

  describe('contact form', () => {
    it('accepts a valid message with 202 and a neutral answer, stored as New with its product', async () => {
      const product = await createProduct(t, admin, {
        name: 'Asked pump',
        brand_id: ids.brandOn,
        category_id: ids.categoryOn,
      });
      const response = await post(
        PUBLIC_API.contactForms,
        message({ source: 'product-page', product: product.slug }),
      );
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: PUBLIC_TEXT.contactReceived });
      const [row] = await t.app.db.select().from(contactForms).where(eq(contactForms.product_id, product.id));
      expect(row).toMatchObject({
        name: 'Ada Lovelace',
        state: 'new',
        source: 'product-page',
        created_by: null,
      });
      // By id too.
      expect((await post(PUBLIC_API.contactForms, message({ product: String(product.id) }))).statusCode).toBe(
        202,
      );
    });

    it('refuses invalid input with 422 in the contract shape, storing nothing', async () => {
      const before = (await t.app.db.select().from(contactForms)).length;
      const response = await post(
        PUBLIC_API.contactForms,
        message({ name: '', email: 'nope', source: 'elsewhere', message: 'x'.repeat(5001) }),
      );
      expect(response.statusCode).toBe(422);
      const body = response.json<{ message: string; errors: Record<string, string[]> }>();
      expect(Object.keys(body.errors).sort()).toEqual(['email', 'message', 'name', 'source']);
      expect(body.errors.name).toEqual(['Name is required']);
      expect((await post(PUBLIC_API.contactForms, message({ name: ['a'] }))).statusCode).toBe(422);
      expect((await t.app.db.select().from(contactForms)).length).toBe(before);
    });

    it('refuses a product that is unknown or not published (422 on product)', async () => {
      const draft = await createProduct(t, admin, {
        name: 'Secret',
        status: 0,
        brand_id: ids.brandOn,
        category_id: ids.categoryOn,
      });
      for (const product of ['no-such-product', draft.slug, String(draft.id), '99999']) {
        const response = await post(PUBLIC_API.contactForms, message({ product }));
        expect([product, response.statusCode]).toEqual([product, 422]);
        expect(Object.keys(response.json().errors)).toEqual(['product']);
      }
    });

    it('accepts a filled honeypot and a too-fast form with 202, but stores them as Spam and mails nobody', async () => {
      await t.app.inject({
        method: 'PUT',
        url: '/api/settings/company',
        headers: authHeader(admin),
        payload: { notification_email: 'inbox@example.com', updated_at: null },
      });
      (await t.mails()).length = 0;
      const trap = await post(
        PUBLIC_API.contactForms,
        message({ subject: 'Honeypot', website: 'http://spam' }),
      );
      const fast = await post(
        PUBLIC_API.contactForms,
        message({ subject: 'Too fast', started_at: NOW.getTime() - 500 }),
      );
      const none = await post(PUBLIC_API.contactForms, message({ subject: 'No start', started_at: null }));
      for (const response of [trap, fast, none]) {
        expect(response.statusCode).toBe(202);
        expect(response.json()).toEqual({ message: PUBLIC_TEXT.contactReceived });
      }
      const rows = await t.app.db.select().from(contactForms);
      for (const subject of ['Honeypot', 'Too fast', 'No start'])
        expect(rows.find((row) => row.subject === subject)?.state).toBe('spam');
      expect(await t.mails()).toEqual([]);

      // A real one is announced once to the notification address.
      await post(PUBLIC_API.contactForms, message({ subject: 'Real one' }));
      expect(await t.mails()).toHaveLength(1);
      expect((await t.mails())[0]).toMatchObject({ to: 'inbox@example.com' });
      expect((await t.mails())[0].subject).toContain('Real one');
    });

    it('rate limits per address (429 with Retry-After) and caps the staff mails site-wide', async () => {
      const strict = await buildTestApp({
        hostAppUrl: SITE,
        rateLimit: {
          ...limits,
          publicContactPerIp: { max: 2, windowMs: 60_000 },
          publicNotifications: { max: 2, windowMs: 60_000 },
        },
      });
      try {
        await strict.app.inject({
          method: 'PUT',
          url: '/api/settings/company',
          headers: authHeader(await adminToken(strict.app)),
          payload: { notification_email: 'inbox@example.com', updated_at: null },
        });
        const send = () =>
          strict.app.inject({
            method: 'POST',
            url: PUBLIC_API.contactForms,
            payload: message({ subject: 'Line\r\nBcc: victim@example.org', started_at: Date.now() - 10_000 }),
          });
        expect((await send()).statusCode).toBe(202);
        expect((await send()).statusCode).toBe(202);
        const refused = await send();
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        const other = await strict.app.inject({
          method: 'POST',
          url: PUBLIC_API.contactForms,
          payload: message(),
          remoteAddress: '10.1.2.3',
        });
        expect(other.statusCode).toBe(202);
        const third = await strict.app.inject({
          method: 'POST',
          url: PUBLIC_API.contactForms,
          payload: message({ subject: 'Line\r\nBcc: victim@example.org' }),
          remoteAddress: '10.9.9.9',
        });
        expect(third.statusCode).toBe(202);
        // Two mails (the cap), none with a header break from the subject; the third message is stored all the same.
        expect(await strict.mails()).toHaveLength(2);
        expect((await strict.mails()).map((mail) => mail.to)).toEqual([
          'inbox@example.com',
          'inbox@example.com',
        ]);
        expect((await strict.mails()).map((mail) => mail.subject)).toEqual([
          'New message: Line Bcc: victim@example.org',
          'New message: Line Bcc: victim@example.org',
        ]);
        const rows = await strict.app.db.select().from(contactForms);
        expect(rows).toHaveLength(4);
      } finally {
        await strict.close();
      }
    });
  });

  describe('CORS', () => {
    it("admits HOST_APP_URL's origin and refuses any other before anything runs", async () => {
      const ok = await get(publicPath('brands'), { origin: SITE });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['access-control-allow-origin']).toBe(SITE);

      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: PUBLIC_API.contactForms,
        headers: { origin: SITE, 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(SITE);
      expect(preflight.headers['access-control-allow-methods']).toContain('POST');

      const before = (await t.app.db.select().from(contactForms)).length;
      const foreign = await post(PUBLIC_API.contactForms, message(), { origin: 'https://evil.test' });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
      expect((await t.app.db.select().from(contactForms)).length).toBe(before);
      const foreignRead = await get(publicPath('products'), { origin: 'https://evil.test' });
      expect(foreignRead.statusCode).toBe(403);
      const foreignPreflight = await t.app.inject({
        method: 'OPTIONS',
        url: PUBLIC_API.subscribes,
        headers: { origin: 'https://evil.test' },
      });
      expect(foreignPreflight.statusCode).toBe(403);
    });
  });

  describe('newsletter', () => {
    it('subscribes idempotently: one subscriber, the same answer whether known', async () => {
      const first = await post(PUBLIC_API.subscribes, { email: 'Reader@Example.org', source: 'footer' });
      const again = await post(PUBLIC_API.subscribes, {
        email: 'reader@example.org',
        source: 'contact-page',
      });
      expect(first.statusCode).toBe(202);
      expect(again.statusCode).toBe(202);
      expect(again.body).toBe(first.body);
      const rows = await t.app.db.select().from(subscribes).where(eq(subscribes.email, 'reader@example.org'));
      expect(rows).toHaveLength(1);
      // Pending until the confirmation link is followed (subscribe-opt-in.test.ts).
      expect(rows[0]).toMatchObject({ state: 'pending', source: 'footer' });
      expect(rows[0].unsubscribe_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await post(PUBLIC_API.subscribes, { email: 'not-an-address' })).statusCode).toBe(422);
      // A honeypot sign-up is answered alike and stores nothing.
      const trap = await post(PUBLIC_API.subscribes, { email: 'bot@example.org', website: 'x' });
      expect(trap.body).toBe(first.body);
      expect(await t.app.db.select().from(subscribes).where(eq(subscribes.email, 'bot@example.org'))).toEqual(
        [],
      );
    });

    it('unsubscribes with a good token (kept, marked) and refuses a forged one', async () => {
      await post(PUBLIC_API.subscribes, { email: 'leaver@example.org' });
      const [row] = await t.app.db
        .select()
        .from(subscribes)
        .where(eq(subscribes.email, 'leaver@example.org'));
      const forged = await post(PUBLIC_API.unsubscribe, { token: 'A'.repeat(43) });
      expect(forged.statusCode).toBe(422);
      expect(Object.keys(forged.json().errors)).toEqual(['token']);
      expect((await post(PUBLIC_API.unsubscribe, { token: "' or 1=1 --" })).statusCode).toBe(422);

      const good = await post(PUBLIC_API.unsubscribe, { token: row.unsubscribe_token });
      expect(good.statusCode).toBe(202);
      expect(good.json()).toEqual({ message: PUBLIC_TEXT.unsubscribed });
      const [after] = await t.app.db.select().from(subscribes).where(eq(subscribes.id, row.id));
      expect(after.state).toBe('unsubscribed');
      expect(after.unsubscribed_at?.toISOString()).toBe(NOW.toISOString());

      // Subscribing again asks for a confirmation again.
      await post(PUBLIC_API.subscribes, { email: 'leaver@example.org' });
      const [back] = await t.app.db.select().from(subscribes).where(eq(subscribes.id, row.id));
      expect(back).toMatchObject({ state: 'pending', unsubscribed_at: null });
    });
  });

  describe('read endpoints', () => {
    it('serve only published products (Active, Active category and brand) with public fields only', async () => {
      const response = await get(`${publicPath('products')}?per_page=100`);
      expect(response.statusCode).toBe(200);
      const { data, meta } = response.json<{ data: Record<string, unknown>[]; meta: { total: number } }>();
      const names = data.map((item) => item.name);
      expect(names).toEqual(expect.arrayContaining(['Live pump', 'Other live pump']));
      for (const hidden of ['Draft pump', 'Brandless off', 'In hidden category', 'Secret'])
        expect(names).not.toContain(hidden);
      expect(meta.total).toBe(data.length);
      for (const item of data) {
        for (const key of ['status', 'created_at', 'updated_at', 'created_by', 'updated_by'])
          expect([key, key in item]).toEqual([key, false]);
      }
      const live = data.find((item) => item.name === 'Live pump')!;
      expect(live.brand).toEqual({ id: ids.brandOn, name: 'Acme', slug: 'acme' });
    });

    it('filters products by brand and category slug, searches and pages; bad parameters are a 422', async () => {
      const byBrand = (await get(`${publicPath('products')}?brand=acme`)).json().data;
      const brandNames = byBrand.map((item: { name: string }) => item.name);
      expect(brandNames).toContain('Live pump');
      expect(brandNames).not.toContain('Other live pump');
      expect((await get(`${publicPath('products')}?brand=gone`)).json().data).toEqual([]);
      expect((await get(`${publicPath('products')}?category=hidden`)).json().data).toEqual([]);
      const searched = (await get(`${publicPath('products')}?search=other`)).json().data;
      expect(searched.map((item: { name: string }) => item.name)).toEqual(['Other live pump']);
      const paged = (await get(`${publicPath('products')}?per_page=1&page=2`)).json();
      expect(paged.meta).toMatchObject({ current_page: 2, per_page: 1 });
      expect(paged.data).toHaveLength(1);
      for (const query of ['page=0', 'per_page=1000', 'brand=%27%20or%201=1', 'page=1&page=2'])
        expect([query, (await get(`${publicPath('products')}?${query}`)).statusCode]).toEqual([query, 422]);
    });

    it('finds one by slug, and answers 404 for what is not published', async () => {
      const live = await get(`${publicPath('products')}/live-pump`);
      expect(live.statusCode).toBe(200);
      expect(live.json().data.name).toBe('Live pump');
      expect((await get(`${publicPath('products')}/draft-pump`)).statusCode).toBe(404);
      expect((await get(`${publicPath('brands')}/gone`)).statusCode).toBe(404);
      expect((await get(`${publicPath('categories')}/pumps`)).json().data).toEqual({
        id: ids.categoryOn,
        name: 'Pumps',
        slug: 'pumps',
        description: null,
        image: null,
      });
      expect((await get(`${publicPath('products')}/..%2f..%2fetc`)).statusCode).toBe(404);
    });

    it('lists Active brands and categories only', async () => {
      const brands = (await get(publicPath('brands'))).json().data.map((item: { slug: string }) => item.slug);
      expect(brands).toEqual(['acme']);
      const categories = (await get(publicPath('categories')))
        .json()
        .data.map((item: { slug: string }) => item.slug);
      expect(categories).toEqual(['pumps']);
    });

    it('serves the company without its notification address', async () => {
      const response = await get(PUBLIC_API.company);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).not.toHaveProperty('notification_email');
      expect(data).not.toHaveProperty('updated_at');
      expect(data).toHaveProperty('address');
    });

    it('answers with ETag and Cache-Control, and 304 to a matching conditional request', async () => {
      const first = await get(publicPath('products'));
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
      const again = await get(publicPath('products'), { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      // A change makes a new entity tag.
      await createProduct(t, admin, {
        name: 'Newest pump',
        brand_id: ids.brandOn,
        category_id: ids.categoryOn,
      });
      const changed = await get(publicPath('products'), { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
    });
  });
});
