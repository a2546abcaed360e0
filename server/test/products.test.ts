import { eq } from 'drizzle-orm';
import { en, format, success } from '../../src/shared/messages';
import { REFUSAL_MESSAGES } from '../../src/shared/messages/refusals';
import { CATALOGUE_MESSAGES } from '../../src/shared/messages/catalogue';
import type { Product } from '../../src/shared/resources/products';
import type { ListResponse } from '../../src/shared/resources/resource';
import { products } from '../db/schema';
import {
  createProduct,
  createTaxon,
  expectSanitised,
  HOSTILE_HTML,
  PDF_BYTES,
  pngBytes,
  productFormBody,
  uploaded,
  uploadFile,
} from './catalogFixtures';
import { signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, TEST_ADMIN, type TestApp } from './helper';
import { SCREEN_TEXT } from '../../src/shared/messages/screens';

const ROUTES = [
  ['GET', '/api/products'],
  ['GET', '/api/products/1'],
  ['POST', '/api/products'],
  ['PUT', '/api/products/1'],
  ['DELETE', '/api/products/1'],
  ['GET', '/api/products/export'],
  ['POST', '/api/products/import'],
  ['GET', '/api/products/import-template'],
] as const;

describe('/api/products', () => {
  let t: TestApp;
  let admin: string;
  let acme: { id: number; slug: string; name: string };
  let globex: { id: number; slug: string; name: string };
  let pumps: { id: number; slug: string; name: string };
  let valves: { id: number; slug: string; name: string };
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
    acme = await createTaxon(t, admin, '/api/brands', { name: 'Acme' });
    globex = await createTaxon(t, admin, '/api/brands', { name: 'Globex' });
    pumps = await createTaxon(t, admin, '/api/categories', { name: 'Pumps' });
    valves = await createTaxon(t, admin, '/api/categories', { name: 'Valves' });
  });
  afterAll(() => t.close());

  const get = (url: string, token = admin) =>
    t.app.inject({ method: 'GET', url, headers: authHeader(token) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, payload, headers: authHeader(token) });
  const list = async (query: string) => {
    const response = await get(`/api/products?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<ListResponse<Product>>();
  };
  const names = (page: ListResponse<Product>) => page.data.map((product) => product.name);
  /** The body a form would send back for a product, with changes. */
  const edit = (product: Product, fields: Record<string, unknown> = {}) =>
    send('PUT', `/api/products/${product.id}`, productFormBody(product, fields));

  describe('guards', () => {
    it.each(ROUTES)('answers 401 to %s %s without a token', async (method, url) => {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: en.unauthenticated });
    });

    it('answers 403 to every route when the role lacks the products keys', async () => {
      const { token } = await signInWith(t.app, admin, ['brands.index', 'categories.index']);
      for (const [method, url] of ROUTES) {
        const response = await t.app.inject({ method, url, headers: authHeader(token) });
        expect([method, url, response.statusCode]).toEqual([method, url, 403]);
        expect(response.json()).toEqual({ message: en.unauthorized });
      }
    });

    it('lets a role with only products.index read and export but not write or import', async () => {
      const { token } = await signInWith(t.app, admin, ['products.index']);
      expect((await get('/api/products', token)).statusCode).toBe(200);
      expect((await get('/api/products/export', token)).statusCode).toBe(200);
      expect((await send('POST', '/api/products', {}, token)).statusCode).toBe(403);
      expect((await get('/api/products/import-template', token)).statusCode).toBe(403);
    });
  });

  describe('create, show, update, delete', () => {
    it('creates a product with its brand, category, images and PDFs, and answers the Product object', async () => {
      const image = await uploaded(t, admin, 'image');
      const mobile = await uploaded(t, admin, 'image');
      const document = await uploaded(t, admin, 'document');
      const catalogue = await uploaded(t, admin, 'document');
      const response = await send('POST', '/api/products', {
        name: 'Turbo Pump 3000',
        brand_id: acme.id,
        category_id: pumps.id,
        model: 'TP-3000',
        function: 'Moves water',
        specification: '3 kW, 230 V',
        overview: '<p>The <em>best</em> pump</p>',
        application: '<ul><li>Farms</li></ul>',
        image: image.id,
        mobile_image: mobile.id,
        document: document.id,
        catalogue: catalogue.id,
        status: 1,
        meta_title: 'Turbo Pump',
        meta_description: 'A pump',
        meta_keyword: 'pump, water',
      });
      expect(response.statusCode).toBe(201);
      const { data, message } = response.json<{ data: Product; message: string }>();
      expect(message).toBe(success.created('Product'));
      expect(data).toEqual({
        id: expect.any(Number),
        name: 'Turbo Pump 3000',
        slug: 'turbo-pump-3000',
        brand: { id: acme.id, name: 'Acme', slug: 'acme' },
        other_brand: null,
        category: { id: pumps.id, name: 'Pumps', slug: 'pumps' },
        model: 'TP-3000',
        function: 'Moves water',
        specification: '3 kW, 230 V',
        overview: '<p>The <em>best</em> pump</p>',
        application: '<ul><li>Farms</li></ul>',
        image: expect.objectContaining({ id: image.id, url: image.url, mime: 'image/png' }),
        mobile_image: expect.objectContaining({ id: mobile.id }),
        document: expect.objectContaining({
          id: document.id,
          mime: 'application/pdf',
          name: 'datasheet.pdf',
        }),
        catalogue: expect.objectContaining({ id: catalogue.id, mime: 'application/pdf' }),
        status: 1,
        meta_title: 'Turbo Pump',
        meta_description: 'A pump',
        meta_keyword: 'pump, water',
        created_at: expect.any(String),
        updated_at: expect.any(String),
        created_by: { id: expect.any(Number), name: TEST_ADMIN.name },
        updated_by: { id: expect.any(Number), name: TEST_ADMIN.name },
      });
      expect((await get(`/api/products/${data.id}`)).json().data).toEqual(data);
    });

    it('takes an other brand instead of a listed one, and needs one of the two', async () => {
      const other = await createProduct(t, admin, {
        other_brand: 'Independent Works',
        category_id: pumps.id,
      });
      expect(other).toMatchObject({ brand: null, other_brand: 'Independent Works' });
      const neither = await send('POST', '/api/products', {
        name: 'No Brand',
        category_id: pumps.id,
        status: 1,
        other_brand: '  ',
      });
      expect(neither.statusCode).toBe(422);
      expect(neither.json().errors).toEqual({ brand_id: ['Brand is required'] });
    });

    it('returns 422 with the product templates for an empty or bad body', async () => {
      const empty = await send('POST', '/api/products', {});
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors).toEqual({
        name: ['Name is required'],
        brand_id: ['Brand is required'],
        category_id: ['Category is required'],
        status: ['Status is required'],
      });
      const bad = await send('POST', '/api/products', {
        name: 'x'.repeat(256),
        slug: '-bad--slug',
        brand_id: 'acme',
        category_id: -1,
        status: 1,
        meta_description: 'x'.repeat(1001),
        image: 1.5,
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({
        name: ['Name max 255 character'],
        slug: [format(CATALOGUE_MESSAGES.slugFormat, { item: 'Slug' })],
        brand_id: ['Brand is invalid'],
        category_id: ['Category is invalid'],
        meta_description: ['Meta Description max 1000 character'],
        image: ['Image is invalid'],
      });
    });

    it('returns 422 on each field naming a missing brand, category or file, or a file of the wrong kind', async () => {
      const image = await uploaded(t, admin, 'image');
      const pdf = await uploaded(t, admin, 'document');
      const response = await send('POST', '/api/products', {
        name: 'Broken References',
        brand_id: 999999,
        category_id: 999999,
        status: 1,
        image: pdf.id,
        mobile_image: 999999,
        document: image.id,
        catalogue: 999999,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'Brand is invalid',
        errors: {
          brand_id: ['Brand is invalid'],
          category_id: ['Category is invalid'],
          image: ['Image is invalid'],
          mobile_image: ['Image Mobile is invalid'],
          document: ['Document is invalid'],
          catalogue: ['Catalogue is invalid'],
        },
      });
    });

    it('accepts a PDF upload for the document and refuses a disguised one', async () => {
      const accepted = await uploadFile(t, admin, 'document', PDF_BYTES, 'manual.pdf');
      expect(accepted.statusCode).toBe(201);
      expect(accepted.json().data).toMatchObject({ mime: 'application/pdf', name: 'manual.pdf' });
      for (const [value, name] of [
        [await pngBytes(), 'image-renamed.pdf'],
        [Buffer.from('just some text, not a PDF at all\n'), 'notes.pdf'],
        [Buffer.from('<html><script>alert(1)</script></html>'), 'page.pdf'],
      ] as const) {
        const refused = await uploadFile(t, admin, 'document', value, name);
        expect([name, refused.statusCode]).toEqual([name, 422]);
        expect(refused.json().errors).toEqual({ file: [SCREEN_TEXT.uploadBadType] });
      }
    });

    it('sanitises overview and application on create and on update', async () => {
      const created = await createProduct(t, admin, {
        name: 'Hostile Create',
        brand_id: acme.id,
        category_id: pumps.id,
        overview: HOSTILE_HTML,
        application: HOSTILE_HTML,
      });
      const stored = (await get(`/api/products/${created.id}`)).json<{ data: Product }>().data;
      expectSanitised(stored.overview);
      expectSanitised(stored.application);

      const updated = await edit(stored, {
        overview: `<p>Edited</p>${HOSTILE_HTML}`,
        application: '<p><script>alert(1)</script></p>',
      });
      expect(updated.statusCode).toBe(200);
      const data = updated.json<{ data: Product }>().data;
      expectSanitised(data.overview);
      expect(data.overview).toMatch(/^<p>Edited<\/p>/);
      // Nothing visible left: stored as null, not as an empty paragraph.
      expect(data.application).toBeNull();
      const [row] = await t.app.db
        .select({ overview: products.overview, application: products.application })
        .from(products)
        .where(eq(products.id, data.id));
      expect(row).toEqual({ overview: data.overview, application: null });
    });

    it('makes slugs from names, keeps them unique, and refuses a taken one on the slug field', async () => {
      const one = await createProduct(t, admin, {
        name: 'Same Name',
        brand_id: acme.id,
        category_id: pumps.id,
      });
      const two = await createProduct(t, admin, {
        name: 'Same Name',
        brand_id: acme.id,
        category_id: pumps.id,
      });
      expect([one.slug, two.slug]).toEqual(['same-name', 'same-name-2']);
      const taken = await send('POST', '/api/products', {
        name: 'Another',
        slug: 'same-name',
        brand_id: acme.id,
        category_id: pumps.id,
        status: 1,
      });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({ slug: [format(REFUSAL_MESSAGES.taken, { item: 'Slug' })] });
    });

    it('updates, clears files and brand, and answers 409 to a stale updated_at', async () => {
      const image = await uploaded(t, admin, 'image');
      const created = await createProduct(t, admin, {
        name: 'To Edit',
        brand_id: acme.id,
        category_id: pumps.id,
        image: image.id,
      });
      const product = (await get(`/api/products/${created.id}`)).json<{ data: Product }>().data;
      const response = await edit(product, {
        name: 'Edited Product',
        brand_id: null,
        other_brand: 'Someone Else',
        category_id: valves.id,
        image: null,
        status: 0,
      });
      expect(response.statusCode).toBe(200);
      const { data, message } = response.json<{ data: Product; message: string }>();
      expect(message).toBe(success.updated('Product'));
      expect(data).toMatchObject({
        name: 'Edited Product',
        slug: 'to-edit',
        brand: null,
        other_brand: 'Someone Else',
        category: { id: valves.id, name: 'Valves', slug: 'valves' },
        image: null,
        status: 0,
      });

      const stale = await edit(product, { name: 'Lost' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: format(REFUSAL_MESSAGES.staleUpdate, { item: 'Product' }) });
      expect((await get(`/api/products/${product.id}`)).json().data.name).toBe('Edited Product');
    });

    it('deletes a product, and then its brand and category can go', async () => {
      const brand = await createTaxon(t, admin, '/api/brands', { name: 'Brief Brand' });
      const category = await createTaxon(t, admin, '/api/categories', { name: 'Brief Category' });
      const product = await createProduct(t, admin, { brand_id: brand.id, category_id: category.id });
      expect((await send('DELETE', `/api/brands/${brand.id}`)).statusCode).toBe(409);
      const response = await send('DELETE', `/api/products/${product.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(success.deleted('Product'));
      expect((await get(`/api/products/${product.id}`)).statusCode).toBe(404);
      expect((await send('DELETE', `/api/brands/${brand.id}`)).statusCode).toBe(200);
      expect((await send('DELETE', `/api/categories/${category.id}`)).statusCode).toBe(200);
    });
  });

  describe('list', () => {
    let zed: { id: number; slug: string; name: string };
    beforeAll(async () => {
      zed = await createTaxon(t, admin, '/api/brands', { name: 'Zed Brand' });
      // Created in this order: Listed B, Listed A, Listed C, Listed D.
      await createProduct(t, admin, {
        name: 'Listed B',
        brand_id: zed.id,
        category_id: valves.id,
        model: 'LB-1',
      });
      await createProduct(t, admin, {
        name: 'Listed A',
        brand_id: globex.id,
        category_id: pumps.id,
        status: 0,
      });
      await createProduct(t, admin, { name: 'Listed C', other_brand: 'Hand Made', category_id: pumps.id });
      await createProduct(t, admin, { name: 'Listed D', brand_id: globex.id, category_id: valves.id });
    });

    it('pages with the contract meta, newest first by default', async () => {
      const page = await list('search=listed&per_page=10');
      expect(page.meta).toEqual({ current_page: 1, per_page: 10, total: 4, last_page: 1 });
      expect(names(page)).toEqual(['Listed D', 'Listed C', 'Listed A', 'Listed B']);
      const small = await list('search=listed&per_page=10&page=1&sort=name&order=asc');
      expect(names(small)).toEqual(['Listed A', 'Listed B', 'Listed C', 'Listed D']);
    });

    it('filters by brand_ids, category_ids and status, together', async () => {
      expect(names(await list(`search=listed&brand_ids=${globex.id}&sort=name&order=asc`))).toEqual([
        'Listed A',
        'Listed D',
      ]);
      expect(
        names(await list(`search=listed&brand_ids=${globex.id},${zed.id}&status=1&sort=name&order=asc`)),
      ).toEqual(['Listed B', 'Listed D']);
      expect(names(await list(`search=listed&category_ids=${pumps.id}&sort=name&order=asc`))).toEqual([
        'Listed A',
        'Listed C',
      ]);
      const combined = await list(`brand_ids=${globex.id}&category_ids=${valves.id}&status=1`);
      expect(names(combined)).toEqual(['Listed D']);
      expect(combined.meta.total).toBe(1);
      expect((await get('/api/products?brand_ids=1,x')).statusCode).toBe(422);
    });

    it('searches name, slug, model and other brand', async () => {
      expect(names(await list('search=lb-1'))).toEqual(['Listed B']);
      expect(names(await list('search=HAND MADE'))).toEqual(['Listed C']);
      expect(names(await list('search=listed-a'))).toEqual(['Listed A']);
    });

    it('finds a substring inside a word, case-insensitively, with % and _ matched literally', async () => {
      await createProduct(t, admin, {
        name: 'Wildcard Widget',
        model: 'WX_50%',
        brand_id: acme.id,
        category_id: pumps.id,
      });
      // Inside words (the trigram-indexed path, 3+ characters) and short terms (no trigram to use).
      expect(names(await list('search=LDCARD wID'))).toEqual(['Wildcard Widget']);
      expect(names(await list('search=idge'))).toEqual(['Wildcard Widget']);
      expect(names(await list('search=x_50%25'))).toEqual(['Wildcard Widget']);
      expect(names(await list('search=_5'))).toEqual(['Wildcard Widget']);
      expect(names(await list('search=0%25'))).toEqual(['Wildcard Widget']);
      // As wildcards these would match 'WX_50%' and 'Wildcard Widget'.
      expect((await list('search=wx%2550')).meta.total).toBe(0);
      expect((await list('search=wildcard_widget')).meta.total).toBe(0);
      expect((await list('search=w_')).meta.total).toBe(0);
      expect((await list('search=w%25')).meta.total).toBe(0);
    });

    it('filters by created date', async () => {
      const today = new Date().toISOString().slice(0, 10);
      expect((await list(`search=listed&date_from=${today}&date_to=${today}`)).meta.total).toBe(4);
      expect((await list('search=listed&date_from=2999-01-01')).meta.total).toBe(0);
      expect((await get('/api/products?date_from=2024-02-30')).statusCode).toBe(422);
    });

    it.each([
      ['name', 'desc', ['Listed D', 'Listed C', 'Listed B', 'Listed A']],
      // Globex, Globex, Hand Made (other brand), Zed Brand; ties by id.
      ['brand', 'asc', ['Listed A', 'Listed D', 'Listed C', 'Listed B']],
      ['category', 'asc', ['Listed A', 'Listed C', 'Listed B', 'Listed D']],
      ['status', 'asc', ['Listed A', 'Listed B', 'Listed C', 'Listed D']],
      ['created_at', 'asc', ['Listed B', 'Listed A', 'Listed C', 'Listed D']],
      ['updated_at', 'desc', ['Listed D', 'Listed C', 'Listed A', 'Listed B']],
    ])('sorts by %s %s', async (sort, order, expected) => {
      expect(names(await list(`search=listed&sort=${sort}&order=${order}`))).toEqual(expected);
    });

    it('refuses an unknown sort with 422', async () => {
      expect((await get('/api/products?sort=model')).statusCode).toBe(422);
    });
  });
});
