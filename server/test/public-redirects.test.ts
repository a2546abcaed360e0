import { and, eq } from 'drizzle-orm';
import type { Product } from '../../src/shared/resources/products';
import { publicPath } from '../../src/shared/routes';
import { PUBLIC_CACHE, PUBLIC_MOVED } from '../crud/publicRead';
import { slugRedirects } from '../db/schema';
import { createProduct, createTaxon, productFormBody } from './catalogFixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

/**
 * A renamed item's old slugs (docs/website-api.md "Redirects"): the public read of one answers 301
 * to the item's current slug, chains collapse, a slug taken again by an item is that item's, and
 * the old slugs of a deleted or unpublished item lead nowhere.
 */
const TODAY = new Date().toISOString().slice(0, 10);
const NEWS = publicPath('news');
const PRODUCTS = publicPath('products');

interface News {
  id: number;
  title: string;
  slug: string;
  updated_at: string;
}

describe('redirects of changed slugs (/public/v1/<kind>/{old slug})', () => {
  let t: TestApp;
  let admin: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const api = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: authHeader(admin), ...(payload ? { payload } : {}) });
  const createNews = async (title: string, slug: string): Promise<News> => {
    const response = await api('POST', '/api/news', { title, slug, date: TODAY, status: 1 });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: News }>().data;
  };
  const saveNews = async (item: News, fields: { slug?: string; status?: number }): Promise<News> => {
    const response = await api('PUT', `/api/news/${item.id}`, {
      title: item.title,
      slug: item.slug,
      date: TODAY,
      status: 1,
      updated_at: item.updated_at,
      ...fields,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: News }>().data;
  };
  /** Where an old slug points: [status, Location, the body's slug]. */
  const movedTo = async (url: string) => {
    const response = await get(url);
    const body = response.json<{ data?: { slug?: string } }>();
    return [response.statusCode, response.headers.location ?? null, body.data?.slug ?? null];
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  it('answers an old slug with 301 to the current one, in the contract shape, cacheable', async () => {
    const item = await createNews('Open day', 'open-day');
    await saveNews(item, { slug: 'open-house' });
    const response = await get(`${NEWS}/open-day`);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`${NEWS}/open-house`);
    expect(response.headers['cache-control']).toBe(PUBLIC_CACHE);
    expect(response.json()).toEqual({
      message: PUBLIC_MOVED,
      data: { slug: 'open-house', path: `${NEWS}/open-house` },
    });
    const current = await get(`${NEWS}/open-house`);
    expect([current.statusCode, current.json<{ data: { title: string } }>().data.title]).toEqual([
      200,
      'Open day',
    ]);
  });

  it('collapses a chain of renames: every old slug points at the latest', async () => {
    let item = await createNews('Fair', 'fair-a');
    item = await saveNews(item, { slug: 'fair-b' });
    item = await saveNews(item, { slug: 'fair-c' });
    expect(await movedTo(`${NEWS}/fair-a`)).toEqual([301, `${NEWS}/fair-c`, 'fair-c']);
    expect(await movedTo(`${NEWS}/fair-b`)).toEqual([301, `${NEWS}/fair-c`, 'fair-c']);
    // Renamed back: the slug is the item's again, and the one it left points at it.
    await saveNews(item, { slug: 'fair-a' });
    expect((await get(`${NEWS}/fair-a`)).statusCode).toBe(200);
    expect(await movedTo(`${NEWS}/fair-b`)).toEqual([301, `${NEWS}/fair-a`, 'fair-a']);
    expect(await movedTo(`${NEWS}/fair-c`)).toEqual([301, `${NEWS}/fair-a`, 'fair-a']);
  });

  it('gives an old slug to a new item that takes it, over the redirect', async () => {
    const first = await createNews('Launch', 'launch');
    await saveNews(first, { slug: 'launch-2025' });
    expect(await movedTo(`${NEWS}/launch`)).toEqual([301, `${NEWS}/launch-2025`, 'launch-2025']);
    await createNews('Launch again', 'launch');
    const taken = await get(`${NEWS}/launch`);
    expect([taken.statusCode, taken.json<{ data: { title: string } }>().data.title]).toEqual([
      200,
      'Launch again',
    ]);
    // And the slug stays the new item's even while it is not shown (a draft): no redirect returns.
    const second = (await api('GET', `/api/news?search=Launch%20again`)).json<{ data: News[] }>().data[0];
    await saveNews(second, { status: 0 });
    expect(await movedTo(`${NEWS}/launch`)).toEqual([404, null, null]);
  });

  it('stops the redirects of an item that is no longer published, or deleted', async () => {
    let item = await createNews('Old offer', 'old-offer');
    item = await saveNews(item, { slug: 'older-offer' });
    expect((await get(`${NEWS}/old-offer`)).statusCode).toBe(301);
    // Not Active: the old slug tells nothing, not even the draft's slug.
    item = await saveNews(item, { status: 0 });
    expect(await movedTo(`${NEWS}/old-offer`)).toEqual([404, null, null]);
    item = await saveNews(item, { status: 1 });
    expect((await get(`${NEWS}/old-offer`)).statusCode).toBe(301);
    expect((await api('DELETE', `/api/news/${item.id}`)).statusCode).toBe(200);
    expect(await movedTo(`${NEWS}/old-offer`)).toEqual([404, null, null]);
    const left = await t.app.db
      .select()
      .from(slugRedirects)
      .where(and(eq(slugRedirects.resource, 'news'), eq(slugRedirects.record_id, item.id)));
    expect(left).toEqual([]);
  });

  it('redirects a renamed product, and only while the product is published', async () => {
    const brand = await createTaxon(t, admin, '/api/brands', { name: 'Acme' });
    const category = await createTaxon(t, admin, '/api/categories', { name: 'Valves' });
    const created = await createProduct(t, admin, {
      name: 'Gate valve',
      brand_id: brand.id,
      category_id: category.id,
    });
    const product = (await api('GET', `/api/products/${created.id}`)).json<{ data: Product }>().data;
    const renamed = await api(
      'PUT',
      `/api/products/${created.id}`,
      productFormBody(product, { slug: 'gate-valve-dn50' }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(await movedTo(`${PRODUCTS}/${created.slug}`)).toEqual([
      301,
      `${PRODUCTS}/gate-valve-dn50`,
      'gate-valve-dn50',
    ]);
    // Its category switched off: the product is not shown, nor is where it went.
    const valves = (await api('GET', `/api/categories/${category.id}`)).json<{
      data: { name: string; slug: string; updated_at: string };
    }>().data;
    const off = await api('PUT', `/api/categories/${category.id}`, {
      name: valves.name,
      slug: valves.slug,
      status: 0,
      updated_at: valves.updated_at,
    });
    expect(off.statusCode).toBe(200);
    expect(await movedTo(`${PRODUCTS}/${created.slug}`)).toEqual([404, null, null]);
  });

  it('is in the OpenAPI document: every by-slug read answers 301 with its shape', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { get?: { responses?: Record<string, unknown> } }>;
    }>();
    for (const path of [`${NEWS}/{slug}`, `${PRODUCTS}/{slug}`])
      expect([path, Object.keys(doc.paths[path]?.get?.responses ?? {})]).toEqual([
        path,
        expect.arrayContaining(['200', '301', '404']),
      ]);
  });
});
