import { eq } from 'drizzle-orm';
import { publicPath } from '../../src/shared/routes';
import type { Page } from '../../src/shared/resources/pages';
import type { ListResponse } from '../../src/shared/resources/resource';
import type { FileObject } from '../../src/shared/resources/wire';
import { products } from '../db/schema';
import { setClock } from '../lib/clock';
import { createProduct, createTaxon, pngBytes, uploadFile } from './catalogFixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

/**
 * The website's reads of content and pages (`/public/v1`): only Active items that are live by the
 * publishing rule the admin lists use, against the same clock (`setClock` moves both), public
 * fields only at any depth, files with their variants.
 */
const TODAY = '2026-06-15';
const noonOf = (day: string) => Date.parse(`${day}T12:00:00Z`);
const day = (offset: number) => new Date(noonOf(TODAY) + offset * 86_400_000).toISOString().slice(0, 10);

/** Never served, at any depth of a public answer. */
const FORBIDDEN = [
  'status',
  'publish_state',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
  'email',
  'password',
  'role',
];

/** Every property name of a JSON value, at any depth. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => keysOf(item, into));
  else if (value && typeof value === 'object')
    for (const [key, sub] of Object.entries(value)) {
      into.add(key);
      keysOf(sub, into);
    }
  return into;
}

type Item = Record<string, unknown>;

describe('the website reads content and pages (/public/v1)', () => {
  let t: TestApp;
  let admin: string;
  let picture: FileObject;
  let productId: number;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const titles = async (group: string) => {
    const response = await get(`${publicPath(group)}?per_page=100`);
    expect(response.statusCode).toBe(200);
    return response.json<ListResponse<Item>>().data.map((item) => item.title);
  };
  const create = async (url: string, payload: object): Promise<Item> => {
    const response = await t.app.inject({ method: 'POST', url, payload, headers: authHeader(admin) });
    expect([response.statusCode, response.body]).toEqual([201, expect.any(String)]);
    return response.json<{ data: Item }>().data;
  };
  const expectNoForbidden = (body: unknown) => {
    const keys = keysOf(body);
    for (const key of FORBIDDEN) expect([key, keys.has(key)]).toEqual([key, false]);
  };

  /** Content pictures need their alt text (issue 8). */
  const ALT = 'A gate valve on a test bench';

  beforeAll(async () => {
    setClock(() => noonOf(TODAY));
    t = await buildTestApp(); // no `now`: the public API reads the server's clock
    admin = await adminToken(t.app);
    const upload = await uploadFile(t, admin, 'image', await pngBytes(600, 400), 'wide.png');
    expect(upload.statusCode).toBe(201);
    picture = upload.json<{ data: FileObject }>().data;
    expect(picture.variants?.length).toBeGreaterThan(0);
    const category = await createTaxon(t, admin, '/api/categories', { name: 'Valves' });
    productId = (
      await createProduct(t, admin, {
        name: 'Gate valve',
        category_id: category.id,
        brand_id: null,
        other_brand: 'Other',
      })
    ).id;

    await create('/api/news', {
      title: 'Live news',
      date: day(-1),
      status: 1,
      image: picture.id,
      image_alt: ALT,
    });
    await create('/api/news', { title: 'Scheduled news', date: day(2), status: 1 });
    await create('/api/news', { title: 'Inactive news', date: day(-1), status: 0 });
    await create('/api/promotions', { title: 'Running promo', date: day(-5), end_date: day(5), status: 1 });
    await create('/api/promotions', { title: 'Open promo', date: TODAY, status: 1 });
    await create('/api/promotions', { title: 'Ended promo', date: day(-10), end_date: day(-1), status: 1 });
    await create('/api/promotions', { title: 'Future promo', date: day(1), end_date: day(9), status: 1 });
    await create('/api/promotions', { title: 'Inactive promo', date: day(-1), status: 0 });
    await create('/api/product-articles', {
      title: 'Live article',
      date: day(-3),
      status: 1,
      products: [productId],
      image: picture.id,
      image_alt: ALT,
    });
    await create('/api/product-articles', { title: 'Scheduled article', date: day(3), status: 1 });
    await create('/api/product-articles', { title: 'Inactive article', date: day(-3), status: 0 });
    await create('/api/product-highlights', {
      title: 'Second',
      position: 2,
      status: 1,
      product_id: productId,
    });
    await create('/api/product-highlights', {
      title: 'First',
      position: 1,
      status: 1,
      image: picture.id,
      image_alt: ALT,
    });
    await create('/api/product-highlights', { title: 'Hidden', position: 3, status: 0 });
  });
  afterAll(async () => {
    setClock(null);
    await t.close();
  });

  it('serves live Active news only; a scheduled item once the clock passes its date', async () => {
    expect(await titles('news')).toEqual(['Live news']);
    expect((await get(`${publicPath('news')}/scheduled-news`)).statusCode).toBe(404);
    setClock(() => Date.parse(`${day(2)}T00:00:01Z`));
    try {
      expect(await titles('news')).toEqual(['Scheduled news', 'Live news']); // newest first
      expect((await get(`${publicPath('news')}/scheduled-news`)).statusCode).toBe(200);
      // The admin's live filter agrees with the website on the same clock.
      const admins = await t.app.inject({
        method: 'GET',
        url: '/api/news?publish_states=live&sort=title&order=asc',
        headers: authHeader(admin),
      });
      expect(admins.json<ListResponse<Item>>().data.map((item) => item.title)).toEqual([
        'Live news',
        'Scheduled news',
      ]);
    } finally {
      setClock(() => noonOf(TODAY));
    }
    expect((await get(`${publicPath('news')}/inactive-news`)).statusCode).toBe(404);
  });

  it('serves running promotions only: not ended, not scheduled, not inactive; an ended one is 404', async () => {
    expect(await titles('promotions')).toEqual(['Open promo', 'Running promo']);
    expect((await get(`${publicPath('promotions')}/ended-promo`)).statusCode).toBe(404);
    expect((await get(`${publicPath('promotions')}/future-promo`)).statusCode).toBe(404);
    expect((await get(`${publicPath('promotions')}/inactive-promo`)).statusCode).toBe(404);
    const running = await get(`${publicPath('promotions')}/running-promo`);
    expect(running.statusCode).toBe(200);
    expect(running.json<{ data: Item }>().data).toMatchObject({
      title: 'Running promo',
      slug: 'running-promo',
      date: day(-5),
      end_date: day(5),
    });
    // The running promotion's last day is still live; the day after, it has ended.
    setClock(() => noonOf(day(5)));
    try {
      expect(await titles('promotions')).toEqual(['Future promo', 'Open promo', 'Running promo']);
    } finally {
      setClock(() => noonOf(TODAY));
    }
    setClock(() => noonOf(day(6)));
    try {
      expect(await titles('promotions')).toEqual(['Future promo', 'Open promo']);
    } finally {
      setClock(() => noonOf(TODAY));
    }
  });

  it('serves live product articles by slug with their related products and image variants', async () => {
    expect(await titles('product-articles')).toEqual(['Live article']);
    const response = await get(`${publicPath('product-articles')}/live-article`);
    expect(response.statusCode).toBe(200);
    const article = response.json<{ data: Item }>().data;
    expect(Object.keys(article).sort()).toEqual(
      [
        'title',
        'slug',
        'date',
        'summary',
        'description_one',
        'description_two',
        'image',
        'mobile_image',
        'products',
        'meta_title',
        'meta_description',
        'meta_keyword',
      ].sort(),
    );
    expect(article.products).toEqual([{ id: productId, name: 'Gate valve' }]);
    // The website gets the picture's alt text with it.
    expect(article.image).toMatchObject({
      id: picture.id,
      url: picture.url,
      variants: picture.variants,
      alt: ALT,
    });
    expectNoForbidden(response.json());
    expect((await get(`${publicPath('product-articles')}/scheduled-article`)).statusCode).toBe(404);
    expect((await get(`${publicPath('product-articles')}/inactive-article`)).statusCode).toBe(404);
    expect((await get(`${publicPath('product-articles')}/no-such-article`)).statusCode).toBe(404);
  });

  it('lists Active product highlights by position, with an id and no page per item', async () => {
    const response = await get(publicPath('product-highlights'));
    expect(response.statusCode).toBe(200);
    const { data } = response.json<ListResponse<Item>>();
    expect(data.map((item) => [item.title, item.position])).toEqual([
      ['First', 1],
      ['Second', 2],
    ]);
    expect(data[0].id).toEqual(expect.any(Number));
    expect(data[0].image).toMatchObject({ id: picture.id, variants: picture.variants });
    expect(data[1].product).toEqual({ id: productId, name: 'Gate valve' });
    expectNoForbidden(response.json());
    expect((await get(`${publicPath('product-highlights')}/${String(data[0].id)}`)).statusCode).toBe(404);
  });

  it('never names a product the website may not show: unpublished references are taken out', async () => {
    const category = await createTaxon(t, admin, '/api/categories', { name: 'Drafts' });
    const draft = await createProduct(t, admin, {
      name: 'Secret prototype',
      category_id: category.id,
      brand_id: null,
      other_brand: 'Other',
      status: 0,
    });
    await create('/api/product-articles', {
      title: 'Mixed article',
      date: day(-2),
      status: 1,
      products: [productId, draft.id],
    });
    const highlight = await create('/api/product-highlights', {
      title: 'Teaser',
      position: 4,
      status: 1,
      product_id: draft.id,
    });

    const article = await get(`${publicPath('product-articles')}/mixed-article`);
    expect(article.json<{ data: Item }>().data.products).toEqual([{ id: productId, name: 'Gate valve' }]);
    const highlights = await get(publicPath('product-highlights'));
    expect(highlights.body).not.toContain('Secret prototype');
    const teaser = highlights.json<ListResponse<Item>>().data.find((item) => item.id === highlight.id);
    expect(teaser).toMatchObject({ title: 'Teaser', product: null });
    expect((await get(`${publicPath('product-articles')}?per_page=100`)).body).not.toContain(
      'Secret prototype',
    );

    // Published again (by the status switch of its list), the product is named again.
    await t.app.db.update(products).set({ status: 1 }).where(eq(products.id, draft.id));
    const again = await get(`${publicPath('product-articles')}/mixed-article`);
    expect(again.json<{ data: Item }>().data.products).toEqual(
      expect.arrayContaining([{ id: draft.id, name: 'Secret prototype' }]),
    );
  });

  it('never serves a forbidden field in any list or item, at any depth', async () => {
    for (const url of [
      publicPath('news'),
      `${publicPath('news')}/live-news`,
      publicPath('promotions'),
      `${publicPath('promotions')}/running-promo`,
      publicPath('product-articles'),
      publicPath('pages'),
      `${publicPath('pages')}/about`,
    ]) {
      const response = await get(url);
      expect([url, response.statusCode]).toEqual([url, 200]);
      expectNoForbidden(response.json());
      const data = response.json<{ data: Item | Item[] }>().data;
      for (const item of Array.isArray(data) ? data : [data])
        expect([url, 'id' in item]).toEqual([url, false]);
    }
    const news = (await get(`${publicPath('news')}/live-news`)).json<{ data: Item }>().data;
    expect(news.image).toMatchObject({ id: picture.id, variants: picture.variants });
  });

  it('serves the Active pages by key with their sections, images with variants; an inactive page is 404', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/pages?per_page=10',
      headers: authHeader(admin),
    });
    const pages = list.json<ListResponse<Page>>().data;
    const about = pages.find((page) => page.key === 'about')!;
    const contact = pages.find((page) => page.key === 'contact')!;
    const put = (page: Page, body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/pages/${page.id}`,
        headers: authHeader(admin),
        payload: { title: page.title, status: page.status, updated_at: page.updated_at, ...body },
      });
    expect(
      (
        await put(about, {
          sections: {
            why_us: {
              title: 'Why us',
              items: [
                { title: 'Quality', description: 'Tested', image: picture.id, image_alt: 'A tested valve' },
              ],
            },
          },
        })
      ).statusCode,
    ).toBe(200);
    expect((await put(contact, { status: 0 })).statusCode).toBe(200);

    const response = await get(`${publicPath('pages')}/about`);
    expect(response.statusCode).toBe(200);
    const page = response.json<{ data: Item }>().data;
    expect(page.key).toBe('about');
    const sections = page.sections as Record<string, { title?: string; items?: Item[] }>;
    expect(Object.keys(sections).sort()).toEqual(
      ['why_us', 'principle', 'vision', 'mission', 'office', 'branches'].sort(),
    );
    expect(sections.why_us.title).toBe('Why us');
    // The website gets each section picture's alt text with it.
    expect(sections.why_us.items?.[0].image).toMatchObject({
      id: picture.id,
      variants: picture.variants,
      alt: 'A tested valve',
    });
    expectNoForbidden(response.json());

    expect((await get(`${publicPath('pages')}/contact`)).statusCode).toBe(404);
    expect((await get(`${publicPath('pages')}/no-such-page`)).statusCode).toBe(404);
    const keys = (await get(publicPath('pages'))).json<ListResponse<Item>>().data.map((item) => item.key);
    expect(keys).toContain('about');
    expect(keys).not.toContain('contact');
    expect(keys).toHaveLength(6);
  });

  it('answers content with ETag and 304 to a matching conditional request; a change makes a new tag', async () => {
    const first = await get(publicPath('news'));
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(publicPath('news'), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await create('/api/news', { title: 'Fresh news', date: TODAY, status: 1 });
    const changed = await get(publicPath('news'), { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const page = await get(`${publicPath('pages')}/home`);
    expect(
      (await get(`${publicPath('pages')}/home`, { 'if-none-match': page.headers.etag as string })).statusCode,
    ).toBe(304);
  });
});
