import { format, LABELS, validation } from '../../src/shared/messages';
import { REFUSAL_MESSAGES } from '../../src/shared/messages/refusals';
import { CATALOGUE_MESSAGES } from '../../src/shared/messages/catalogue';
import type { News } from '../../src/shared/resources/news';
import type { ProductArticle } from '../../src/shared/resources/productArticles';
import type { ProductHighlight } from '../../src/shared/resources/productHighlights';
import type { Promotion } from '../../src/shared/resources/promotions';
import type { ListResponse } from '../../src/shared/resources/resource';
import { setClock } from '../lib/clock';
import sharp from 'sharp';
import type { FileObject } from '../../src/shared/resources/wire';
import {
  createProduct,
  createTaxon,
  expectSanitised,
  HOSTILE_HTML,
  pngBytes,
  uploadFile,
} from './catalogFixtures';
import {
  adminToken,
  authHeader,
  buildStorageTestApp,
  buildTestApp,
  servedBytes,
  STORAGE_BACKENDS,
  type TestApp,
} from './helper';

const TODAY = '2026-06-15';
const day = (offset: number) =>
  new Date(Date.parse(`${TODAY}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

describe('content: publishing, dates, slugs, rich text, filters', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    setClock(() => Date.parse(`${TODAY}T12:00:00Z`));
    t = await buildTestApp();
    admin = await adminToken(t.app);
  });
  afterAll(async () => {
    setClock(null);
    await t.close();
  });

  const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: authHeader(admin) });
  const list = async <T>(url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: authHeader(admin) });
    expect(response.statusCode).toBe(200);
    return response.json<ListResponse<T>>();
  };
  const create = async <T>(url: string, payload: object): Promise<T> => {
    const response = await send('POST', url, payload);
    expect([response.statusCode, response.body]).toEqual([201, expect.any(String)]);
    return response.json<{ data: T }>().data;
  };

  it('a news item dated tomorrow is scheduled, today live, Not Active a draft; the clock moving makes it live', async () => {
    const tomorrow = await create<News>('/api/news', { title: 'Tomorrow news', date: day(1), status: 1 });
    const today = await create<News>('/api/news', { title: 'Today news', date: TODAY, status: 1 });
    const draft = await create<News>('/api/news', { title: 'Draft news', date: day(-3), status: 0 });
    expect([tomorrow.publish_state, today.publish_state, draft.publish_state]).toEqual([
      'scheduled',
      'live',
      'draft',
    ]);
    const scheduled = await list<News>('/api/news?publish_states=scheduled&per_page=100');
    expect(scheduled.data.map((item) => item.title)).toEqual(['Tomorrow news']);
    const liveOrDraft = await list<News>('/api/news?publish_states=live,draft&sort=title&order=asc');
    expect(liveOrDraft.data.map((item) => item.title)).toEqual(['Draft news', 'Today news']);

    setClock(() => Date.parse(`${day(1)}T00:00:01Z`));
    try {
      const next = await list<News>(`/api/news?search=Tomorrow`);
      expect(next.data.map((item) => item.publish_state)).toEqual(['live']);
      const live = await list<News>('/api/news?publish_states=live&sort=title&order=asc');
      expect(live.data.map((item) => item.title)).toEqual(['Today news', 'Tomorrow news']);
    } finally {
      setClock(() => Date.parse(`${TODAY}T12:00:00Z`));
    }
  });

  it('a promotion that ended yesterday is ended, one running is live; the end may not precede the start', async () => {
    const ended = await create<Promotion>('/api/promotions', {
      title: 'Spring sale',
      date: day(-30),
      end_date: day(-1),
      status: 1,
    });
    const running = await create<Promotion>('/api/promotions', {
      title: 'Summer sale',
      date: day(-1),
      end_date: TODAY,
      status: 1,
    });
    expect([ended.publish_state, running.publish_state]).toEqual(['ended', 'live']);
    expect((await list<Promotion>('/api/promotions?publish_states=ended')).data.map((p) => p.title)).toEqual([
      'Spring sale',
    ]);
    expect((await list<Promotion>('/api/promotions?publish_states=live')).data.map((p) => p.title)).toEqual([
      'Summer sale',
    ]);

    const backwards = await send('POST', '/api/promotions', {
      title: 'Backwards',
      date: TODAY,
      end_date: day(-1),
      status: 1,
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({
      end_date: [
        format(CATALOGUE_MESSAGES.endBeforeStart, { item: LABELS.endDate, start: LABELS.date.toLowerCase() }),
      ],
    });
    const sameDay = await send('POST', '/api/promotions', {
      title: 'One day',
      date: TODAY,
      end_date: TODAY,
      status: 1,
    });
    expect(sameDay.statusCode).toBe(201);
    const badLink = await send('POST', '/api/promotions', {
      title: 'Bad link',
      date: TODAY,
      link: 'javascript:alert(1)',
      status: 1,
    });
    expect(badLink.json().errors).toEqual({ link: [validation.invalid(LABELS.link)] });
  });

  it('makes slugs from the title, unique per kind, and refuses a taken one', async () => {
    const one = await create<News>('/api/news', { title: 'Open Day', date: TODAY, status: 1 });
    const two = await create<News>('/api/news', { title: 'Open Day', date: TODAY, status: 1 });
    // Another kind may have the same slug.
    const promotion = await create<Promotion>('/api/promotions', {
      title: 'Open Day',
      date: TODAY,
      status: 1,
    });
    expect([one.slug, two.slug, promotion.slug]).toEqual(['open-day', 'open-day-2', 'open-day']);
    const taken = await send('POST', '/api/news', {
      title: 'Other',
      slug: 'open-day',
      date: TODAY,
      status: 1,
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ slug: [format(REFUSAL_MESSAGES.taken, { item: LABELS.slug })] });
  });

  it('sanitises rich text on create', async () => {
    const item = await create<News>('/api/news', {
      title: 'Hostile',
      date: TODAY,
      description: HOSTILE_HTML,
      status: 1,
    });
    expectSanitised(item.description);
    const article = await create<ProductArticle>('/api/product-articles', {
      title: 'Hostile article',
      date: TODAY,
      description_one: HOSTILE_HTML,
      description_two: HOSTILE_HTML,
      status: 1,
    });
    expectSanitised(article.description_one);
    expectSanitised(article.description_two);
  });

  it('filters highlights and articles by product, orders highlights by position, appends without one', async () => {
    const category = await createTaxon(t, admin, '/api/categories', { name: 'Content Pumps' });
    const brand = await createTaxon(t, admin, '/api/brands', { name: 'Content Acme' });
    const pump = await createProduct(t, admin, {
      name: 'Pump A',
      category_id: category.id,
      brand_id: brand.id,
    });
    const valve = await createProduct(t, admin, {
      name: 'Valve B',
      category_id: category.id,
      brand_id: brand.id,
    });
    const first = await create<ProductHighlight>('/api/product-highlights', {
      title: 'First',
      product_id: pump.id,
      status: 1,
    });
    const second = await create<ProductHighlight>('/api/product-highlights', {
      title: 'Second',
      product_id: valve.id,
      status: 1,
    });
    expect(second.position).toBe(first.position + 1);
    const ordered = await list<ProductHighlight>('/api/product-highlights');
    expect(ordered.data.map((h) => h.title)).toEqual(['First', 'Second']);
    const byPump = await list<ProductHighlight>(`/api/product-highlights?product_ids=${pump.id}`);
    expect(byPump.data.map((h) => h.title)).toEqual(['First']);
    const unknown = await send('POST', '/api/product-highlights', {
      title: 'X',
      product_id: 999_999,
      status: 1,
    });
    expect(unknown.json().errors).toEqual({ product_id: [validation.invalid(LABELS.product)] });

    await create<ProductArticle>('/api/product-articles', {
      title: 'About the valve',
      date: TODAY,
      products: [valve.id],
      status: 1,
    });
    const both = await create<ProductArticle>('/api/product-articles', {
      title: 'About both',
      date: TODAY,
      products: [pump.id, valve.id],
      status: 1,
    });
    expect(both.products.map((p) => p.name)).toEqual(['Pump A', 'Valve B']);
    const aboutPump = await list<ProductArticle>(`/api/product-articles?product_ids=${pump.id}`);
    expect(aboutPump.data.map((a) => a.title)).toEqual(['About both']);
    const aboutValve = await list<ProductArticle>(
      `/api/product-articles?product_ids=${valve.id}&sort=title&order=asc`,
    );
    expect(aboutValve.data.map((a) => a.title)).toEqual(['About both', 'About the valve']);
    const badProduct = await send('POST', '/api/product-articles', {
      title: 'Y',
      date: TODAY,
      products: [999_999],
      status: 1,
    });
    expect(badProduct.json().errors).toEqual({ products: [validation.invalid(LABELS.products)] });
  });
});

describe.each(STORAGE_BACKENDS)('content images: web variants, files on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildStorageTestApp(backend);
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  it('stores WebP variants of an uploaded picture at the web widths below its own, with their sizes', async () => {
    const response = await uploadFile(t, admin, 'image', await pngBytes(2000, 1000), 'wide.png');
    expect(response.statusCode).toBe(201);
    const { data } = response.json<{ data: FileObject }>();
    expect([data.width, data.height]).toEqual([2000, 1000]);
    expect(data.variants?.map(({ width, height }) => [width, height])).toEqual([
      [480, 240],
      [960, 480],
      [1600, 800],
    ]);
    for (const variant of data.variants ?? []) {
      expect(variant.url).toMatch(/\.webp$/);
      const stored = await sharp(await servedBytes(t.app, variant.url)).metadata();
      expect([stored.format, stored.width, stored.height]).toEqual(['webp', variant.width, variant.height]);
    }
    // A news item shows the same file, variants included.
    const item = await t.app.inject({
      method: 'POST',
      url: '/api/news',
      headers: authHeader(admin),
      payload: {
        title: 'Wide picture',
        date: '2026-01-01',
        image: data.id,
        image_alt: 'A wide picture',
        status: 1,
      },
    });
    expect(item.json<{ data: News }>().data.image?.variants).toEqual(data.variants);
  });

  it('refuses a picture without alt text with a 422 on its alt field, and stores and answers the alt text given', async () => {
    const picture = (await uploadFile(t, admin, 'image', await pngBytes(300, 200), 'a.png')).json<{
      data: FileObject;
    }>().data;
    const banner = (await uploadFile(t, admin, 'image', await pngBytes(300, 200), 'b.png')).json<{
      data: FileObject;
    }>().data;
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: authHeader(admin), payload });
    const base = { title: 'Pictured', date: '2026-01-01', status: 1 };

    const refused = await post('/api/news', {
      ...base,
      image: picture.id,
      banner: banner.id,
      banner_alt: '  ',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: object }>().errors).toEqual({
      image_alt: [validation.required(LABELS.altText)],
      banner_alt: [validation.required(LABELS.altText)],
    });
    const highlight = await post('/api/product-highlights', {
      title: 'Pictured',
      mobile_image: picture.id,
      status: 1,
    });
    expect(highlight.statusCode).toBe(422);
    expect(highlight.json<{ errors: object }>().errors).toEqual({
      mobile_image_alt: [validation.required(LABELS.altText)],
    });

    const saved = await post('/api/news', {
      ...base,
      image: picture.id,
      image_alt: ' A red pump in a field ',
      banner: banner.id,
      banner_alt: 'The pump range',
    });
    expect(saved.statusCode).toBe(201);
    const { data } = saved.json<{ data: News }>();
    expect([data.image?.alt, data.banner?.alt]).toEqual(['A red pump in a field', 'The pump range']);
    const shown = await t.app.inject({ url: `/api/news/${data.id}`, headers: authHeader(admin) });
    expect(shown.json<{ data: News }>().data.image?.alt).toBe('A red pump in a field');

    // No picture, no alt text needed.
    const bare = await post('/api/news', { ...base, title: 'Without a picture' });
    expect(bare.statusCode).toBe(201);
  });

  it('makes no variant wider than a small original', async () => {
    const response = await uploadFile(t, admin, 'image', await pngBytes(300, 200), 'small.png');
    expect(response.json<{ data: FileObject }>().data.variants).toBeUndefined();
  });
});
