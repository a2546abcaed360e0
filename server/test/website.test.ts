import { and, eq } from 'drizzle-orm';
import {
  PREVIEWABLE,
  PREVIEW_HEADER,
  WEBSITE_KEY_HEADER,
  type CreatedWebsiteKey,
  type Preview,
  type WebsiteKey,
} from '../../src/shared/resources/website';
import { API_PATHS, PUBLIC_API, publicPath } from '../../src/shared/routes';
import { loadConfig } from '../config';
import { RESOURCES } from '../resources';
import { auditLogs, previewTokens, websiteKeys } from '../db/schema';
import { createProduct, createTaxon } from './catalogFixtures';
import { createRole, createTestUser } from './fixtures';
import { adminToken, authHeader, buildTestApp, login, type TestApp } from './helper';

/**
 * Setting › Website: read keys (shown once, stored hashed, revocable, last use noted) lift the
 * per-address read limit and nothing else; "Preview on site" tokens show one item, unpublished as
 * it is, to a by-slug read carrying them, never cached, and nothing else.
 */
const TODAY = '2026-06-15';
const AT = Date.parse(`${TODAY}T12:00:00Z`);
const base = loadConfig({}).rateLimit;
const NEWS = publicPath('news');
const keyPath = (id: number) => API_PATHS.websiteKey.replace(':id', String(id));
const previewPath = (id: number) => API_PATHS.preview.replace(':id', String(id));

describe('Setting › Website and previews', () => {
  let t: TestApp;
  let admin: string;
  let clock = AT;
  const api = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, headers: authHeader(token), ...(payload ? { payload } : {}) });
  const read = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const tokenHolding = async (keys: string[]) => {
    const user = await createTestUser(t.app, { roleId: await createRole(t.app, keys) });
    return (await login(t.app, user.email, user.password)).access_token;
  };
  const createKey = async (name: string): Promise<CreatedWebsiteKey> => {
    const response = await api('POST', API_PATHS.websiteKeys, { name });
    expect([response.statusCode, response.body]).toEqual([201, expect.any(String)]);
    return response.json<{ data: CreatedWebsiteKey }>().data;
  };
  const createNews = async (fields: object) => {
    const response = await api('POST', '/api/news', { date: TODAY, status: 1, ...fields });
    expect([response.statusCode, response.body]).toEqual([201, expect.any(String)]);
    return response.json<{ data: { id: number; slug: string } }>().data;
  };
  const preview = (resource: string, id: number, token = admin) =>
    api('POST', API_PATHS.previews, { resource, id }, token);

  beforeAll(async () => {
    t = await buildTestApp(
      {
        hostAppUrl: 'https://www.example.test',
        rateLimit: {
          ...base,
          tokenPerIp: { max: 10_000, windowMs: 60_000 },
          publicReadPerIp: { max: 3, windowMs: 60_000 },
          publicContactPerIp: { max: 2, windowMs: 60_000 },
        },
        website: { ...loadConfig({}).website, cacheMaxAge: 30, cacheStale: 600 },
      },
      { now: () => new Date(clock) },
    );
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  describe('read keys', () => {
    it('shows a key once, keeps only its hash, and lists its name, prefix and last use', async () => {
      const created = await createKey('Production site');
      expect(created.key).toMatch(/^wk_[A-Za-z0-9_-]{43}$/);
      expect(created.key.startsWith(created.prefix)).toBe(true);
      const [row] = await t.app.db.select().from(websiteKeys).where(eq(websiteKeys.id, created.id));
      expect(row.key_hash).not.toContain(created.key);
      const listed = (await api('GET', API_PATHS.websiteKeys)).json<{ data: WebsiteKey[] }>().data;
      const mine = listed.find((key) => key.id === created.id);
      expect(mine).toEqual({
        id: created.id,
        name: 'Production site',
        prefix: created.prefix,
        created_at: expect.any(String),
        last_used_at: null,
        revoked_at: null,
      });
      expect(JSON.stringify(listed)).not.toContain(created.key);
      const [audit] = await t.app.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.kind, 'website-key.created'), eq(auditLogs.record_id, created.id)));
      expect(audit.summary).toContain('Production site');
      expect(JSON.stringify(audit)).not.toContain(created.key);
    });

    it('refuses a key without a name (422)', async () => {
      for (const payload of [{}, { name: '  ' }, { name: 'x'.repeat(300) }, { name: ['a'] }]) {
        const response = await api('POST', API_PATHS.websiteKeys, payload);
        expect([response.statusCode, Object.keys(response.json<{ errors: object }>().errors)]).toEqual([
          422,
          ['name'],
        ]);
      }
    });

    it('lifts the per-address read limit for a read carrying a live key, in either header', async () => {
      const { key, id } = await createKey('Renderer');
      const forwarded = { 'x-forwarded-for': '198.51.100.7' };
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await read(NEWS, forwarded)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      for (let i = 0; i < 3; i++) {
        expect((await read(NEWS, { authorization: `Bearer ${key}` })).statusCode).toBe(200);
        expect((await read(PUBLIC_API.company, { [WEBSITE_KEY_HEADER]: key })).statusCode).toBe(200);
      }
      const [row] = await t.app.db.select().from(websiteKeys).where(eq(websiteKeys.id, id));
      expect(row.last_used_at?.getTime()).toBe(clock);
    });

    it('refuses a read carrying a key that is not one, unknown or revoked (401), and revokes once', async () => {
      const { key, id } = await createKey('Old site');
      const revoked = await api('DELETE', keyPath(id));
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json<{ data: WebsiteKey }>().data.revoked_at).toEqual(expect.any(String));
      expect((await api('DELETE', keyPath(id))).statusCode).toBe(409);
      expect((await api('DELETE', keyPath(999_999))).statusCode).toBe(404);
      expect((await api('DELETE', '/api/website/keys/abc')).statusCode).toBe(404);
      for (const bad of [key, 'wk_short', `wk_${'A'.repeat(43)}`, 'nonsense'])
        expect((await read(NEWS, { authorization: `Bearer ${bad}` })).statusCode).toBe(401);
      expect((await read(NEWS, { [WEBSITE_KEY_HEADER]: key })).statusCode).toBe(401);
      const kinds = (await t.app.db.select().from(auditLogs).where(eq(auditLogs.record_id, id))).map(
        (row) => row.kind,
      );
      expect(kinds).toEqual(expect.arrayContaining(['website-key.created', 'website-key.revoked']));
    });

    it("keeps the visitors' write limits for a request carrying a key", async () => {
      const { key } = await createKey('Forms');
      const headers = { authorization: `Bearer ${key}`, 'x-forwarded-for': '198.51.100.9' };
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (
            await t.app.inject({
              method: 'POST',
              url: PUBLIC_API.contactForms,
              headers,
              payload: { name: 'A', email: 'a@example.org', subject: 's', message: 'm', source: 'footer' },
            })
          ).statusCode,
        );
      expect(statuses).toEqual([202, 202, 429]);
    });

    it('answers public reads with the configured Cache-Control beside the ETag', async () => {
      const { key } = await createKey('Cache');
      const response = await read(NEWS, { authorization: `Bearer ${key}` });
      expect(response.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=600');
      expect(response.headers.etag).toEqual(expect.any(String));
    });
  });

  it('offers "Preview on site" for exactly the kinds the website reads by slug', () => {
    const bySlug = RESOURCES.filter(
      (resource) => (resource as { publicRead?: { slug?: unknown } }).publicRead?.slug,
    ).map((resource) => resource.contract.group);
    expect([...PREVIEWABLE].sort()).toEqual(bySlug.sort());
  });

  describe('previews', () => {
    let draft: { id: number; slug: string };
    let live: { id: number; slug: string };
    let key: string;
    const withToken = (url: string, token: string) =>
      read(url, { authorization: `Bearer ${key}`, [PREVIEW_HEADER]: token });
    beforeAll(async () => {
      key = (await createKey('Previews')).key;
      draft = await createNews({ title: 'Draft news', slug: 'draft-news', status: 0 });
      live = await createNews({ title: 'Live news', slug: 'live-news' });
    });

    it('shows a draft, scheduled and ended item to its token only, never cached', async () => {
      const scheduled = await createNews({ title: 'Tomorrow', slug: 'tomorrow', date: '2026-06-16' });
      for (const item of [draft, scheduled]) {
        expect((await read(`${NEWS}/${item.slug}`, { authorization: `Bearer ${key}` })).statusCode).toBe(404);
        const minted = await preview('news', item.id);
        expect(minted.statusCode).toBe(201);
        const data = minted.json<{ data: Preview }>().data;
        expect(data.path).toBe(`/news/${item.slug}`);
        expect(data.url).toBe(
          `https://www.example.test/api/preview?token=${data.token}&path=${encodeURIComponent(`/news/${item.slug}`)}`,
        );
        expect(Date.parse(data.expires_at) - clock).toBe(60 * 60_000);
        const shown = await withToken(`${NEWS}/${item.slug}`, data.token);
        expect(shown.statusCode).toBe(200);
        expect(shown.headers['cache-control']).toBe('private, no-store');
        expect(shown.json<{ data: { slug: string; status?: number } }>().data).toMatchObject({
          slug: item.slug,
        });
        expect(shown.json<{ data: object }>().data).not.toHaveProperty('status');
        // The query parameter serves as the header does.
        expect(
          (await read(`${NEWS}/${item.slug}?preview=${data.token}`, { authorization: `Bearer ${key}` }))
            .statusCode,
        ).toBe(200);
      }
      const promo = await api('POST', '/api/promotions', {
        title: 'Ended sale',
        slug: 'ended-sale',
        date: '2026-06-01',
        end_date: '2026-06-10',
        status: 1,
      });
      expect([promo.statusCode, promo.body]).toEqual([201, expect.any(String)]);
      const id = promo.json<{ data: { id: number } }>().data.id;
      expect(
        (await read(`${publicPath('promotions')}/ended-sale`, { authorization: `Bearer ${key}` })).statusCode,
      ).toBe(404);
      const token = (await preview('promotions', id)).json<{ data: Preview }>().data.token;
      expect((await withToken(`${publicPath('promotions')}/ended-sale`, token)).statusCode).toBe(200);
    });

    it('never reveals another item with a token, nor another kind', async () => {
      const token = (await preview('news', draft.id)).json<{ data: Preview }>().data.token;
      const other = await createNews({ title: 'Other draft', slug: 'other-draft', status: 0 });
      for (const url of [
        `${NEWS}/${other.slug}`,
        `${NEWS}/${live.slug}`,
        `${publicPath('products')}/draft-news`,
      ]) {
        const response = await withToken(url, token);
        expect([url, response.statusCode]).toEqual([url, 404]);
        expect(response.headers['cache-control']).toBe('private, no-store');
        expect(response.body).not.toContain('Other draft');
      }
    });

    it('refuses a token not valid, expired or revoked (403, never cached)', async () => {
      const minted = (await preview('news', draft.id)).json<{ data: Preview }>().data;
      const url = `${NEWS}/${draft.slug}`;
      for (const bad of [
        'pv_nope',
        `pv_${'A'.repeat(43)}`,
        minted.token.slice(0, -1) + (minted.token.endsWith('A') ? 'B' : 'A'),
      ]) {
        const response = await withToken(url, bad);
        expect(response.statusCode).toBe(403);
        expect(response.headers['cache-control']).toBe('private, no-store');
      }
      clock += 60 * 60_000 + 1;
      expect((await withToken(url, minted.token)).statusCode).toBe(403);
      clock = AT;
      expect((await withToken(url, minted.token)).statusCode).toBe(200);
      expect((await api('DELETE', previewPath(minted.id))).statusCode).toBe(200);
      expect((await withToken(url, minted.token)).statusCode).toBe(403);
      expect((await api('DELETE', previewPath(minted.id))).statusCode).toBe(404);
      const kinds = (
        await t.app.db
          .select({ kind: auditLogs.kind })
          .from(auditLogs)
          .where(eq(auditLogs.record_id, draft.id))
      ).map((row) => row.kind);
      expect(kinds).toEqual(expect.arrayContaining(['preview.created', 'preview.revoked']));
      const [stored] = await t.app.db.select().from(previewTokens).where(eq(previewTokens.id, minted.id));
      expect(stored.token_hash).not.toBe(minted.token);
    });

    it("is minted only by who may update the item's kind, for an item that exists", async () => {
      const reader = await tokenHolding(['news.index']);
      const productEditor = await tokenHolding(['products.update']);
      const newsEditor = await tokenHolding(['news.update']);
      expect((await preview('news', draft.id, reader)).statusCode).toBe(403);
      expect((await preview('news', draft.id, productEditor)).statusCode).toBe(403);
      const minted = await preview('news', draft.id, newsEditor);
      expect(minted.statusCode).toBe(201);
      expect(
        (await api('DELETE', previewPath(minted.json<{ data: Preview }>().data.id), undefined, productEditor))
          .statusCode,
      ).toBe(403);
      expect((await preview('news', 999_999)).statusCode).toBe(404);
      for (const payload of [
        { resource: 'product-highlights', id: 1 },
        { resource: 'users', id: 1 },
        { resource: 'news', id: 'x' },
        { resource: 'news', id: -1 },
        { id: draft.id },
      ])
        expect((await api('POST', API_PATHS.previews, payload)).statusCode).toBe(422);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: API_PATHS.previews,
            payload: { resource: 'news', id: 1 },
          })
        ).statusCode,
      ).toBe(401);
    });

    it('previews a product that is not published, at its website path', async () => {
      const brand = await createTaxon(t, admin, '/api/brands', { name: 'Acme' });
      const category = await createTaxon(t, admin, '/api/categories', { name: 'Pumps' });
      const product = await createProduct(t, admin, {
        name: 'Secret pump',
        slug: 'secret-pump',
        brand_id: brand.id,
        category_id: category.id,
        status: 0,
      });
      const url = `${publicPath('products')}/secret-pump`;
      expect((await read(url, { authorization: `Bearer ${key}` })).statusCode).toBe(404);
      const data = (await preview('products', product.id)).json<{ data: Preview }>().data;
      expect(data.path).toBe('/products/secret-pump');
      expect((await withToken(url, data.token)).statusCode).toBe(200);
    });
  });
});
