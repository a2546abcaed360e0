import { en, format, success } from '../../src/shared/messages';
import { REFUSAL_MESSAGES } from '../../src/shared/messages/refusals';
import { CATALOGUE_MESSAGES } from '../../src/shared/messages/catalogue';
import { IMPORT_MESSAGES } from '../../src/shared/messages/imports';
import type { ListResponse } from '../../src/shared/resources/resource';
import { createProduct, createTaxon, uploaded } from './catalogFixtures';
import { postFile, signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

/** What a brand and a category have in common as the API answers them. */
interface Taxon {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  status: 0 | 1;
  products_count: number;
  created_at: string;
  updated_at: string;
  [file: string]: unknown;
}

export interface TaxonomyOptions {
  path: '/api/brands' | '/api/categories';
  group: 'brands' | 'categories';
  item: 'Brand' | 'Category';
  /** The image field: `logo` (brands) or `image` (categories). */
  file: 'logo' | 'image';
  fileLabel: string;
}

/**
 * The API behaviour brands and categories share (they are declared alike): guards, CRUD, slug rules,
 * file checks, list filters and sorts, optimistic concurrency, and the in-use refusal of a delete.
 */
export function describeTaxonomy({ path, group, item, file, fileLabel }: TaxonomyOptions): void {
  const routes = [
    ['GET', path],
    ['GET', `${path}/1`],
    ['POST', path],
    ['PUT', `${path}/1`],
    ['DELETE', `${path}/1`],
    ['GET', `${path}/export`],
    ['POST', `${path}/import`],
    ['GET', `${path}/import-template`],
  ] as const;

  describe(path, () => {
    let t: TestApp;
    let admin: string;
    let categoryForProducts: number;
    beforeAll(async () => {
      t = await buildTestApp();
      admin = await adminToken(t.app);
      categoryForProducts = (await createTaxon(t, admin, '/api/categories', { name: 'Products Home' })).id;
    });
    afterAll(() => t.close());

    const get = (url: string, token = admin) =>
      t.app.inject({ method: 'GET', url, headers: authHeader(token) });
    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
      t.app.inject({ method, url, payload, headers: authHeader(token) });
    const list = async (query: string) => {
      const response = await get(`${path}?${query}`);
      expect(response.statusCode).toBe(200);
      return response.json<ListResponse<Taxon>>();
    };
    const create = async (fields: Record<string, unknown>) => {
      const response = await send('POST', path, { status: 1, ...fields });
      expect(response.statusCode).toBe(201);
      return response.json<{ data: Taxon }>().data;
    };
    const edit = (taxon: Taxon, fields: Record<string, unknown> = {}) =>
      send('PUT', `${path}/${taxon.id}`, {
        name: taxon.name,
        slug: taxon.slug,
        description: taxon.description,
        status: taxon.status,
        [file]: (taxon[file] as { id: number } | null)?.id ?? null,
        updated_at: taxon.updated_at,
        ...fields,
      });
    /** A product that uses the taxon (a brand, or the category of a product). */
    const productUsing = (taxon: Taxon) =>
      createProduct(
        t,
        admin,
        group === 'brands'
          ? { brand_id: taxon.id, category_id: categoryForProducts }
          : { other_brand: 'Someone', category_id: taxon.id },
      );

    describe('guards', () => {
      it.each(routes)('answers 401 to %s %s without a token', async (method, url) => {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: en.unauthenticated });
      });

      it(`answers 403 to every route when the role lacks the ${group} keys`, async () => {
        const { token } = await signInWith(t.app, admin, ['users.index', 'products.index']);
        for (const [method, url] of routes) {
          const response = await t.app.inject({ method, url, headers: authHeader(token) });
          expect([method, url, response.statusCode]).toEqual([method, url, 403]);
          expect(response.json()).toEqual({ message: en.unauthorized });
        }
      });

      it(`lets a role with only ${group}.index read and export but not write, import or fetch the template`, async () => {
        const { token } = await signInWith(t.app, admin, [`${group}.index`]);
        expect((await get(path, token)).statusCode).toBe(200);
        expect((await get(`${path}/export`, token)).statusCode).toBe(200);
        expect((await get(`${path}/import-template`, token)).statusCode).toBe(403);
        expect((await send('POST', path, { name: 'X', status: 1 }, token)).statusCode).toBe(403);
      });
    });

    describe('create, show, update, delete', () => {
      it('creates with a slug made from the name and answers the item with the success text', async () => {
        const image = await uploaded(t, admin, 'image');
        const response = await send('POST', path, {
          name: '  Café Déjà Vu  ',
          description: 'Plain text',
          status: 1,
          [file]: image.id,
        });
        expect(response.statusCode).toBe(201);
        const { data, message } = response.json<{ data: Taxon; message: string }>();
        expect(message).toBe(success.created(item));
        expect(data).toMatchObject({
          name: 'Café Déjà Vu',
          slug: 'cafe-deja-vu',
          description: 'Plain text',
          status: 1,
          products_count: 0,
          [file]: { id: image.id, url: image.url, mime: 'image/png' },
        });
        expect((await get(`${path}/${data.id}`)).json().data).toEqual(data);
      });

      it('keeps a given slug, and refuses a taken one with 422 on the slug field', async () => {
        const first = await create({ name: 'Given Slug', slug: 'my-own-slug' });
        expect(first.slug).toBe('my-own-slug');
        const taken = await send('POST', path, { name: 'Other', slug: 'my-own-slug', status: 1 });
        expect(taken.statusCode).toBe(422);
        const message = format(REFUSAL_MESSAGES.taken, { item: 'Slug' });
        expect(taken.json()).toEqual({ message, errors: { slug: [message] } });
      });

      it('makes a free slug from a name whose slug is taken (-2, -3)', async () => {
        const one = await create({ name: 'Twin Name' });
        const two = await create({ name: 'Twin Name!' });
        const three = await create({ name: 'twin  name?' });
        expect([one.slug, two.slug, three.slug]).toEqual(['twin-name', 'twin-name-2', 'twin-name-3']);
      });

      it('refuses a name another has, in any case, with 422 on the name field; its own may change case (issue 41)', async () => {
        const first = await create({ name: 'Centrifugal Pumps Unique' });
        const message = format(REFUSAL_MESSAGES.taken, { item: 'Name' });
        for (const name of [
          'Centrifugal Pumps Unique',
          'CENTRIFUGAL PUMPS UNIQUE',
          '  centrifugal pumps unique ',
        ]) {
          const again = await send('POST', path, { name, status: 1 });
          expect([name, again.statusCode]).toEqual([name, 422]);
          expect(again.json()).toEqual({ message, errors: { name: [message] } });
        }
        const second = await create({ name: 'Another Unique Name' });
        const renamed = await edit(second, { name: 'centrifugal PUMPS unique' });
        expect(renamed.statusCode).toBe(422);
        expect(renamed.json().errors).toEqual({ name: [message] });
        const ownCase = await edit(first, { name: 'CENTRIFUGAL Pumps Unique' });
        expect(ownCase.statusCode).toBe(200);
        expect(ownCase.json().data.name).toBe('CENTRIFUGAL Pumps Unique');
        const names = (await get(`${path}?search=centrifugal&per_page=100`)).json<ListResponse<Taxon>>().data;
        expect(names.map((taxon) => taxon.name)).toEqual(['CENTRIFUGAL Pumps Unique']);
      });

      it('refuses, row by row, an import whose names clash with a stored one or an earlier row in any case', async () => {
        await create({ name: 'Kestrel Valves', slug: 'kestrel-valves' });
        const csv = [
          'Name,Slug,Description,Status',
          'KESTREL VALVES,kestrel-shouting,,Active',
          'Harrier Gauges,harrier,,Active',
          'harrier gauges,harrier-again,,Active',
          'kestrel valves,kestrel-valves,renamed in case,Active',
        ].join('\n');
        const kind = item.toLowerCase();
        for (const query of ['?dry_run=true', '']) {
          const response = await postFile(t.app, admin, `${path}/import${query}`, csv, 'names.csv');
          expect(response.statusCode).toBe(422);
          expect(response.json()).toEqual({
            message: IMPORT_MESSAGES.importInvalid,
            errors: {
              'row 2': [
                format(IMPORT_MESSAGES.importNameTaken, { item: 'Name', value: 'KESTREL VALVES', kind }),
              ],
              'row 4': [
                format(IMPORT_MESSAGES.importNameTaken, { item: 'Name', value: 'harrier gauges', kind }),
              ],
            },
          });
        }
        expect((await get(`${path}?search=harrier`)).json<ListResponse<Taxon>>().data).toEqual([]);
        const fine = await postFile(
          t.app,
          admin,
          `${path}/import`,
          ['Name,Slug,Description,Status', 'kestrel valves,kestrel-valves,renamed in case,Active'].join('\n'),
          'names.csv',
        );
        expect(fine.statusCode).toBe(200);
        const kestrel = (await get(`${path}?search=kestrel`)).json<ListResponse<Taxon>>().data;
        expect(kestrel.map((taxon) => [taxon.name, taxon.description])).toEqual([
          ['kestrel valves', 'renamed in case'],
        ]);
      });

      it('returns 422 with the product templates for a bad body', async () => {
        const response = await send('POST', path, {
          name: '',
          slug: 'Not A Slug',
          status: 7,
          description: 'x'.repeat(5001),
          [file]: 'abc',
        });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({
          name: ['Name is required'],
          slug: [format(CATALOGUE_MESSAGES.slugFormat, { item: 'Slug' })],
          status: ['Status is invalid'],
          description: ['Description max 5000 character'],
          [file]: [`${fileLabel} is invalid`],
        });
      });

      it('asks for a slug when the name makes none', async () => {
        const response = await send('POST', path, { name: '電腦', status: 1 });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({
          slug: [format(CATALOGUE_MESSAGES.slugFromName, { item: 'Slug', source: 'name' })],
        });
        expect((await send('POST', path, { name: '電腦', slug: 'computer', status: 1 })).statusCode).toBe(
          201,
        );
      });

      it(`refuses a ${file} that is unknown or not an image upload`, async () => {
        const pdf = await uploaded(t, admin, 'document');
        for (const id of [pdf.id, 999999]) {
          const response = await send('POST', path, { name: 'File Check', status: 1, [file]: id });
          expect(response.statusCode).toBe(422);
          expect(response.json().errors).toEqual({ [file]: [`${fileLabel} is invalid`] });
        }
      });

      it('updates, keeps its own slug, remakes an emptied one, and answers 409 to a stale updated_at', async () => {
        const taxon = await create({ name: 'Before Edit', description: 'old' });
        const same = await edit(taxon, { name: 'After Edit', description: null });
        expect(same.statusCode).toBe(200);
        const updated = same.json<{ data: Taxon; message: string }>();
        expect(updated.message).toBe(success.updated(item));
        expect(updated.data).toMatchObject({ name: 'After Edit', slug: 'before-edit', description: null });

        const stale = await edit(taxon, { name: 'Lost Update' });
        expect(stale.statusCode).toBe(409);
        expect(stale.json()).toEqual({ message: format(REFUSAL_MESSAGES.staleUpdate, { item }) });

        const remade = await edit(updated.data, { slug: '' });
        expect(remade.statusCode).toBe(200);
        expect(remade.json().data.slug).toBe('after-edit');

        const other = await create({ name: 'Slug Owner' });
        const clash = await edit(remade.json().data, { slug: other.slug });
        expect(clash.statusCode).toBe(422);
        expect(clash.json().errors).toEqual({ slug: [format(REFUSAL_MESSAGES.taken, { item: 'Slug' })] });
      });

      it('answers 404 for an unknown or malformed id', async () => {
        for (const url of [`${path}/999999`, `${path}/abc`, `${path}/0`]) {
          expect((await get(url)).statusCode).toBe(404);
        }
        const response = await send('PUT', `${path}/999999`, {
          name: 'Nobody',
          status: 1,
          updated_at: new Date().toISOString(),
        });
        expect(response.statusCode).toBe(404);
      });

      it('deletes an unused one', async () => {
        const taxon = await create({ name: 'Short Lived' });
        const response = await send('DELETE', `${path}/${taxon.id}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ data: taxon, message: success.deleted(item) });
        expect((await get(`${path}/${taxon.id}`)).statusCode).toBe(404);
      });

      it('refuses to delete one that products use with 409 saying how many, and counts them', async () => {
        const taxon = await create({ name: 'In Use' });
        await productUsing(taxon);
        const once = await send('DELETE', `${path}/${taxon.id}`);
        expect(once.statusCode).toBe(409);
        expect(once.json()).toEqual({ message: `This ${item.toLowerCase()} is used by 1 product` });
        await productUsing(taxon);
        await productUsing(taxon);
        const thrice = await send('DELETE', `${path}/${taxon.id}`);
        expect(thrice.statusCode).toBe(409);
        expect(thrice.json()).toEqual({ message: `This ${item.toLowerCase()} is used by 3 products` });
        expect((await get(`${path}/${taxon.id}`)).json().data.products_count).toBe(3);
      });
    });

    describe('list', () => {
      let listed: Taxon[];
      beforeAll(async () => {
        listed = [
          await create({ name: 'Zeta Listed', slug: 'a-zeta-listed', status: 1 }),
          await create({ name: 'Alpha Listed', slug: 'z-alpha-listed', status: 0 }),
          await create({ name: 'Mid Listed', status: 1 }),
        ];
      });
      const names = (response: ListResponse<Taxon>) => response.data.map((taxon) => taxon.name);

      it('pages with the contract meta and sorts by the default (newest first)', async () => {
        const page = await list('search=listed&per_page=10');
        expect(page.meta).toEqual({ current_page: 1, per_page: 10, total: 3, last_page: 1 });
        expect(names(page)).toEqual(['Mid Listed', 'Alpha Listed', 'Zeta Listed']);
        const second = await list('search=listed&per_page=10&page=2');
        expect(second.data).toEqual([]);
      });

      it('searches name and slug, case-insensitively, with LIKE wildcards taken literally', async () => {
        expect(names(await list('search=ALPHA'))).toEqual(['Alpha Listed']);
        expect(names(await list('search=a-zeta'))).toEqual(['Zeta Listed']);
        expect((await list('search=%25listed')).meta.total).toBe(0);
      });

      it('filters by status', async () => {
        expect(names(await list('search=listed&status=0'))).toEqual(['Alpha Listed']);
        expect((await list('search=listed&status=1,0')).meta.total).toBe(3);
        expect((await get(`${path}?status=2`)).statusCode).toBe(422);
      });

      it('filters by created date', async () => {
        const today = new Date().toISOString().slice(0, 10);
        expect((await list(`search=listed&date_from=${today}&date_to=${today}`)).meta.total).toBe(3);
        expect((await list('search=listed&date_to=2000-01-01')).meta.total).toBe(0);
      });

      it.each([
        ['name', 'asc', ['Alpha Listed', 'Mid Listed', 'Zeta Listed']],
        ['name', 'desc', ['Zeta Listed', 'Mid Listed', 'Alpha Listed']],
        ['slug', 'asc', ['Zeta Listed', 'Mid Listed', 'Alpha Listed']],
        ['status', 'asc', ['Alpha Listed', 'Zeta Listed', 'Mid Listed']],
        ['created_at', 'asc', ['Zeta Listed', 'Alpha Listed', 'Mid Listed']],
        ['updated_at', 'desc', ['Mid Listed', 'Alpha Listed', 'Zeta Listed']],
      ])('sorts by %s %s', async (sort, order, expected) => {
        expect(names(await list(`search=listed&sort=${sort}&order=${order}`))).toEqual(expected);
      });

      it('refuses an unknown sort with 422', async () => {
        expect((await get(`${path}?sort=description`)).statusCode).toBe(422);
        expect(listed).toHaveLength(3);
      });
    });
  });
}
