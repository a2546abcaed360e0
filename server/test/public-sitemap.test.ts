import { PUBLIC_API } from '../../src/shared/routes';
import { PUBLIC_CACHE } from '../crud/publicRead';
import { brands } from '../db/schema';
import { SITEMAP_BATCH } from '../routes/sitemap';
import { createProduct, createTaxon } from './catalogFixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

/**
 * `GET /public/v1/sitemap.xml`: every item the public API shows by slug, as the website's URL
 * (HOST_APP_URL + the kind's path pattern) with its last change; nothing the public may not see.
 */
const SITE = 'https://www.example-company.test';
const NOW = new Date();
const TODAY = NOW.toISOString().slice(0, 10);
const LATER = new Date(NOW.getTime() + 5 * 86_400_000).toISOString().slice(0, 10);

describe('the sitemap (/public/v1/sitemap.xml)', () => {
  let t: TestApp;
  let admin: string;
  const sitemap = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: PUBLIC_API.sitemap, headers });
  /** The sitemap's entries: each URL and its lastmod. */
  const entriesOf = (body: string) =>
    new Map(
      [...body.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
  const createNews = async (fields: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/news',
      headers: authHeader(admin),
      payload: { date: TODAY, status: 1, ...fields },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: { id: number; slug: string; updated_at: string } }>().data;
  };

  beforeAll(async () => {
    t = await buildTestApp({ hostAppUrl: SITE }, { now: () => NOW });
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  it('lists the live items at their website URLs with their last change, and nothing unpublished', async () => {
    const live = await createNews({ title: 'Open day' });
    await createNews({ title: 'Not yet', date: LATER });
    await createNews({ title: 'Draft news', status: 0 });
    const brand = await createTaxon(t, admin, '/api/brands', { name: 'Acme' });
    const category = await createTaxon(t, admin, '/api/categories', { name: 'Valves' });
    const product = await createProduct(t, admin, {
      name: 'Gate valve',
      brand_id: brand.id,
      category_id: category.id,
    });
    const hidden = await createTaxon(t, admin, '/api/categories', { name: 'Hidden', status: 0 });

    const response = await sitemap();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe(PUBLIC_CACHE);
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const entries = entriesOf(response.body);
    expect(entries.get(`${SITE}/news/${live.slug}`)).toBe(live.updated_at);
    expect(entries.get(`${SITE}/products/${product.slug}`)).toBe(product.updated_at);
    expect(entries.has(`${SITE}/brands/${brand.slug}`)).toBe(true);
    expect(entries.has(`${SITE}/categories/${category.slug}`)).toBe(true);
    // The pages by key; home is the site's root.
    expect(entries.has(`${SITE}/`)).toBe(true);
    expect(entries.has(`${SITE}/about`)).toBe(true);
    const urls = [...entries.keys()];
    expect(urls.filter((url) => /not-yet|draft-news/.test(url))).toEqual([]);
    expect(urls).not.toContain(`${SITE}/categories/${hidden.slug}`);
  });

  it('answers 304 to its ETag until something changes', async () => {
    const first = await sitemap();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect((await sitemap({ 'if-none-match': etag })).statusCode).toBe(304);
    await createNews({ title: 'Fresh news' });
    const changed = await sitemap({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect([...entriesOf(changed.body).keys()]).toContain(`${SITE}/news/fresh-news`);
  });

  it(`reads past one keyset page of ${SITEMAP_BATCH} rows, each item once`, async () => {
    const count = SITEMAP_BATCH + 5;
    await t.app.db.insert(brands).values(
      Array.from({ length: count }, (_, index) => ({
        name: `Bulk brand ${index}`,
        slug: `bulk-brand-${index}`,
        status: 1 as const,
      })),
    );
    const urls = [...entriesOf((await sitemap()).body).keys()];
    const bulk = urls.filter((url) => url.startsWith(`${SITE}/brands/bulk-brand-`));
    expect(new Set(bulk).size).toBe(count);
    expect(bulk).toHaveLength(count);
  });

  it('takes an item out when it leaves the public (a news item switched off), with a new ETag', async () => {
    const item = await createNews({ title: 'Short lived' });
    expect([...entriesOf((await sitemap()).body).keys()]).toContain(`${SITE}/news/short-lived`);
    const etag = String((await sitemap()).headers.etag);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/news/${item.id}`,
      headers: authHeader(admin),
      payload: { title: 'Short lived', slug: item.slug, date: TODAY, status: 0, updated_at: item.updated_at },
    });
    expect(off.statusCode).toBe(200);
    const after = await sitemap({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect([...entriesOf(after.body).keys()]).not.toContain(`${SITE}/news/short-lived`);
  });
});
