import { IMPORT_MESSAGES } from '../../src/shared/messages/imports';
import { count } from 'drizzle-orm';
import { format, success } from '../../src/shared/messages';
import { CATALOGUE_MESSAGES } from '../../src/shared/messages/catalogue';
import type { Product } from '../../src/shared/resources/products';
import { brands, categories, products } from '../db/schema';
import { createProduct, createTaxon, expectSanitised, HOSTILE_HTML, uploaded } from './catalogFixtures';
import { importAnswer, postFile, signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';
import { csvRows as csvOf, xlsxBuffer, xlsxRows as readXlsx } from './sheets';

/** What a status cell accepts, as an import's refusal lists it (issue #41). */
const STATUS_WORDS = 'Active, Not Active, 1, 0';

const PRODUCT_HEADER = [
  'Name',
  'Slug',
  'Brand',
  'Other Brand',
  'Category',
  'Model',
  'Function',
  'Specification',
  'Overview',
  'Application',
  'Status',
  'Meta Title',
  'Meta Description',
  'Meta Keyword',
];
const TAXON_HEADER = ['Name', 'Slug', 'Description', 'Status'];

describe('catalogue export, import and import templates', () => {
  let t: TestApp;
  let admin: string;
  let acme: { id: number; slug: string };
  let pumps: { id: number; slug: string };
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
    acme = await createTaxon(t, admin, '/api/brands', { name: 'Acme Corp', slug: 'acme' });
    await createTaxon(t, admin, '/api/brands', { name: 'Globex' });
    pumps = await createTaxon(t, admin, '/api/categories', { name: 'Water Pumps', slug: 'pumps' });
    await createTaxon(t, admin, '/api/categories', { name: 'Valves' });
  });
  afterAll(() => t.close());

  const total = async (table: typeof products | typeof brands | typeof categories) =>
    (await t.app.db.select({ total: count() }).from(table))[0].total;
  const importFile = (group: string, value: string | Buffer, filename: string, token = admin, query = '') =>
    postFile(t.app, token, `/api/${group}/import${query}`, value, filename);
  const download = (url: string, token = admin) =>
    t.app.inject({ method: 'GET', url, headers: authHeader(token) });
  const productBySlug = async (slug: string) =>
    (await download(`/api/products?search=${slug}&per_page=100`))
      .json<{ data: Product[] }>()
      .data.find((product) => product.slug === slug);

  describe('import templates', () => {
    it.each([
      ['products', PRODUCT_HEADER],
      ['brands', TAXON_HEADER],
      ['categories', TAXON_HEADER],
      ['users', ['Name', 'Email', 'Phone Number', 'Role', 'Status']],
    ])('downloads the %s template as CSV: the importable columns and no rows', async (group, header) => {
      const response = await download(`/api/${group}/import-template?format=csv`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${group}-import-template.csv"`,
      );
      expect(csvOf(response.body)).toEqual([header]);
    });

    it('downloads the products template as XLSX (CSV by default), and refuses another format', async () => {
      const response = await download('/api/products/import-template?format=xlsx');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/products-import-template\.xlsx"$/);
      expect(await readXlsx(response.rawPayload)).toEqual([PRODUCT_HEADER]);
      expect(csvOf((await download('/api/products/import-template')).body)).toEqual([PRODUCT_HEADER]);
      expect((await download('/api/products/import-template?format=pdf')).statusCode).toBe(422);
    });

    it('needs the import permission (the group POST key)', async () => {
      const reader = await signInWith(t.app, admin, ['products.index']);
      expect((await download('/api/products/import-template', reader.token)).statusCode).toBe(403);
      const writer = await signInWith(t.app, admin, ['products.store']);
      expect((await download('/api/products/import-template', writer.token)).statusCode).toBe(200);
    });

    it('imports a filled-in template', async () => {
      const template = (await download('/api/products/import-template')).body;
      const filled = `${template}Template Row,,Acme Corp,,Water Pumps,,,,,,Active,,,\n`;
      const response = await importFile('products', filled, 'filled.csv');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual(importAnswer(1, 0, 0));
      expect(await productBySlug('template-row')).toMatchObject({
        brand: { id: acme.id },
        category: { id: pumps.id },
      });
    });
  });

  describe('products', () => {
    it('imports rows naming brand and category by slug or name, sanitising rich text', async () => {
      const before = await total(products);
      const csv = [
        PRODUCT_HEADER.join(','),
        'Imported One,,acme,,pumps,IM-1,Lifts,5 kW,"<p>Good</p><script>alert(1)</script>",,Active,Title,Desc,"a, b"',
        `Imported Two,imported-two-custom,ACME CORP,,Valves,,,,${JSON.stringify(HOSTILE_HTML).replace(/\\"/g, '""')},,Not Active,,,`,
        'Imported Three,,,Garage Works,water pumps,,,,,,1,,,',
      ].join('\n');
      const response = await importFile('products', csv, 'products.csv');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: importAnswer(3, 0, 0),
        message: success.imported('Product'),
      });
      expect(await total(products)).toBe(before + 3);

      expect(await productBySlug('imported-one')).toMatchObject({
        brand: { id: acme.id, slug: 'acme' },
        category: { id: pumps.id, slug: 'pumps' },
        model: 'IM-1',
        function: 'Lifts',
        specification: '5 kW',
        overview: '<p>Good</p>',
        application: null,
        status: 1,
        meta_title: 'Title',
        meta_description: 'Desc',
        meta_keyword: 'a, b',
      });
      const two = await productBySlug('imported-two-custom');
      expect(two).toMatchObject({ brand: { slug: 'acme' }, category: { slug: 'valves' }, status: 0 });
      expectSanitised(two?.overview ?? null);
      expect(await productBySlug('imported-three')).toMatchObject({
        brand: null,
        other_brand: 'Garage Works',
        category: { slug: 'pumps' },
      });
    });

    it('stores nothing when a row is bad, and names each bad row and what is wrong', async () => {
      await createTaxon(t, admin, '/api/brands', { name: 'Twin', slug: 'twin-one' });
      const before = await total(products);
      const csv = [
        PRODUCT_HEADER.join(','),
        'Fine Row,,acme,,pumps,,,,,,Active,,,',
        'Bad Brand,,No Such Brand,,pumps,,,,,,Active,,,',
        'Bad Category,,acme,,No Such Category,,,,,,Active,,,',
        ',,,,,,,,,,Maybe,,,',
        'Twin By Name In Capitals,,TWIN,,pumps,,,,,,Active,,,',
        'By Twin Slug,,twin-one,,pumps,,,,,,Active,,,',
        'Bad Slug,Not Valid,acme,,pumps,,,,,,Active,,,',
        'Fine Row,,acme,,pumps,,,,,,Active,,,',
      ].join('\n');
      const response = await importFile('products', csv, 'bad.csv');
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: IMPORT_MESSAGES.importInvalid,
        errors: {
          'row 3': [
            format(IMPORT_MESSAGES.importNoMatch, {
              item: 'Brand',
              value: 'No Such Brand',
              kind: 'brand',
              where: '/product/brand',
            }),
          ],
          'row 4': [
            format(IMPORT_MESSAGES.importNoMatch, {
              item: 'Category',
              value: 'No Such Category',
              kind: 'category',
              where: '/product/category',
            }),
          ],
          'row 5': [
            'Name is required',
            format(IMPORT_MESSAGES.importNotOneOf, { item: 'Status', value: 'Maybe', allowed: STATUS_WORDS }),
            'Brand is required',
            'Category is required',
          ],
          'row 8': [format(CATALOGUE_MESSAGES.slugFormat, { item: 'Slug' })],
          'row 9': [format(IMPORT_MESSAGES.importDuplicate, { item: 'fine-row' })],
        },
      });
      // In the file's order, whichever check refused each row (issue #41).
      expect(Object.keys(response.json().errors)).toEqual(['row 3', 'row 4', 'row 5', 'row 8', 'row 9']);
      expect(await total(products)).toBe(before);
      expect(await productBySlug('fine-row')).toBeUndefined();
    });

    it('exports the filtered, sorted list as CSV with brand and category by slug', async () => {
      const response = await download(
        `/api/products/export?format=csv&brand_ids=${acme.id}&sort=name&order=asc`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const [header, ...rows] = csvOf(response.body);
      expect(header).toEqual([...PRODUCT_HEADER, 'Created At']);
      expect(rows.map((row) => row[0])).toEqual(['Imported One', 'Imported Two', 'Template Row']);
      expect(rows[0].slice(0, 6)).toEqual(['Imported One', 'imported-one', 'acme', '', 'pumps', 'IM-1']);
      expect(rows[1][10]).toBe('Not Active');
    });

    it('re-imports an exported CSV: same rows updated by slug, none added, files kept', async () => {
      const image = await uploaded(t, admin, 'image');
      const withImage = await createProduct(t, admin, {
        name: 'Has Image',
        brand_id: acme.id,
        category_id: pumps.id,
        image: image.id,
        model: 'OLD-MODEL',
      });
      const before = await total(products);
      const csv = (await download('/api/products/export?format=csv')).body;
      const rows = csvOf(csv);
      const edited = csv.replace('OLD-MODEL', 'NEW-MODEL').replace('IM-1', 'IM-2');
      const response = await importFile('products', edited, 'products-export.csv');
      expect(response.statusCode).toBe(200);
      // Every row matched by its slug; the two edited ones are the ones counted (and written).
      expect(rows.length - 1).toBeGreaterThan(2);
      expect(response.json().data).toEqual(importAnswer(0, 2, rows.length - 1 - 2));
      expect(await total(products)).toBe(before);
      const again = await productBySlug(withImage.slug);
      expect(again).toMatchObject({ model: 'NEW-MODEL', image: { id: image.id } });
      // The batched update stamps the row as changed now.
      expect(Date.parse(again?.updated_at ?? '')).toBeGreaterThan(Date.parse(withImage.updated_at));
      expect((await productBySlug('imported-one'))?.model).toBe('IM-2');
      // Rich text survives the round trip unchanged.
      const two = await productBySlug('imported-two-custom');
      expectSanitised(two?.overview ?? null);
    });

    it('leaves the rows a re-import does not change as they were: no new updated time, no revision', async () => {
      const kept = await createProduct(t, admin, {
        name: 'Left Alone',
        brand_id: acme.id,
        category_id: pumps.id,
        model: 'SAME-MODEL',
      });
      const edited = await createProduct(t, admin, {
        name: 'Edited Once',
        brand_id: acme.id,
        category_id: pumps.id,
        model: 'BEFORE-MODEL',
      });
      const csv = (await download('/api/products/export?format=csv')).body;
      const response = await importFile('products', csv.replace('BEFORE-MODEL', 'AFTER-MODEL'), 'again.csv');
      expect(response.statusCode).toBe(200);
      // The file matches every product; the one it changes is the one counted.
      expect(csvOf(csv).length - 1).toBeGreaterThan(1);
      expect(response.json().data).toMatchObject({ created: 0, updated: 1 });

      const keptNow = await productBySlug(kept.slug);
      expect(keptNow).toMatchObject({ model: 'SAME-MODEL', updated_at: kept.updated_at });
      const editedNow = await productBySlug(edited.slug);
      expect(editedNow?.model).toBe('AFTER-MODEL');
      expect(Date.parse(editedNow?.updated_at ?? '')).toBeGreaterThan(Date.parse(edited.updated_at));

      const history = async (id: number) =>
        (await download(`/api/products/${id}/revisions`)).json<{
          data: { action: string; changes: Record<string, unknown> }[];
        }>().data;
      expect((await history(kept.id)).map((revision) => revision.action)).toEqual(['create']);
      const [latest] = await history(edited.id);
      expect(latest).toMatchObject({
        action: 'import',
        changes: { model: { old: 'BEFORE-MODEL', new: 'AFTER-MODEL' } },
      });
      expect(Object.keys(latest.changes)).toEqual(['model']);
    });

    it('re-imports an exported XLSX the same way', async () => {
      const before = await total(products);
      const exported = await download('/api/products/export?format=xlsx&sort=name&order=asc');
      expect(exported.statusCode).toBe(200);
      const sheet = await readXlsx(exported.rawPayload);
      expect(sheet[0]).toEqual([...PRODUCT_HEADER, 'Created At']);
      const nameColumn = 0;
      const target = sheet.findIndex((row) => row[nameColumn] === 'Imported Three');
      sheet[target][5] = 'XLSX-MODEL';
      const response = await importFile('products', await xlsxBuffer(sheet), 'edited.xlsx');
      expect(response.statusCode).toBe(200);
      expect(sheet.length - 1).toBeGreaterThan(1);
      expect(response.json().data).toEqual(importAnswer(0, 1, sheet.length - 1 - 1));
      expect(await total(products)).toBe(before);
      expect((await productBySlug('imported-three'))?.model).toBe('XLSX-MODEL');
    });

    it('a file without some columns leaves those fields of the products it updates as they are', async () => {
      const kept = await createProduct(t, admin, {
        name: 'Partial Pump',
        slug: 'partial-pump',
        brand_id: acme.id,
        category_id: pumps.id,
        model: 'PP-1',
        function: 'Lifts water',
        specification: '2 kW',
        overview: '<p>Kept overview</p>',
        meta_title: 'Kept title',
      });
      const untouched = await createProduct(t, admin, {
        name: 'Partial Other',
        slug: 'partial-other',
        brand_id: acme.id,
        category_id: pumps.id,
        model: 'PO-1',
        specification: 'Stays',
      });
      // Only the columns needed to change models, one row new; no Function, Specification,
      // Overview, Application or meta columns.
      const csv = [
        'Name,Slug,Brand,Category,Model,Status',
        'Partial Pump,partial-pump,acme,pumps,PP-2,Active',
        'Partial Other,partial-other,acme,pumps,PO-1,Active',
        'Partial New,partial-new,acme,pumps,PN-1,Active',
      ].join('\n');
      // The check counts as the import will: the files' missing columns are not changes.
      const checked = await importFile('products', csv, 'partial.csv', admin, '?dry_run=true');
      expect(checked.json().data).toEqual({ created: 1, updated: 1, unchanged: 1, dry_run: true });
      const response = await importFile('products', csv, 'partial.csv');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual(importAnswer(1, 1, 1));
      expect(await productBySlug('partial-pump')).toMatchObject({
        id: kept.id,
        model: 'PP-2',
        function: 'Lifts water',
        specification: '2 kW',
        overview: '<p>Kept overview</p>',
        meta_title: 'Kept title',
      });
      expect(await productBySlug('partial-other')).toMatchObject({
        id: untouched.id,
        specification: 'Stays',
      });
      expect(await productBySlug('partial-new')).toMatchObject({ model: 'PN-1', specification: null });

      // A required column the file lacks takes the matched product's value too: only name, slug
      // and model (no brand, category or status) change a model.
      const modelsOnly = await importFile(
        'products',
        'Name,Slug,Model\nPartial Pump,partial-pump,PP-3\nPartial Other,partial-other,PO-1',
        'models.csv',
      );
      expect(modelsOnly.statusCode).toBe(200);
      expect(modelsOnly.json().data).toEqual(importAnswer(0, 1, 1));
      expect(await productBySlug('partial-pump')).toMatchObject({
        id: kept.id,
        model: 'PP-3',
        brand: expect.objectContaining({ id: acme.id }),
        category: expect.objectContaining({ id: pumps.id }),
        status: 1,
        specification: '2 kW',
      });
      // A new row has no record to take them from: the schema's refusal, 422, and nothing changes.
      const withNew = await importFile(
        'products',
        'Name,Slug,Model\nPartial Pump,partial-pump,PP-4\nPartial Fresh,partial-fresh,PF-1',
        'models-and-new.csv',
      );
      expect(withNew.statusCode).toBe(422);
      expect(withNew.json().errors).toEqual({
        'row 3': expect.arrayContaining([
          expect.stringContaining('Status'),
          expect.stringContaining('Category'),
        ]),
      });
      expect(await productBySlug('partial-pump')).toMatchObject({ model: 'PP-3' });
      expect(await productBySlug('partial-fresh')).toBeUndefined();

      // An empty cell in a column the file has still empties the field.
      const cleared = await importFile(
        'products',
        'Name,Slug,Brand,Category,Model,Specification,Status\nPartial Pump,partial-pump,acme,pumps,PP-2,,Active',
        'cleared.csv',
      );
      expect(cleared.json().data).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
      expect(await productBySlug('partial-pump')).toMatchObject({
        model: 'PP-2',
        specification: null,
        function: 'Lifts water',
      });
    });
  });

  describe.each([
    ['brands', brands],
    ['categories', categories],
  ] as const)('%s', (group, table) => {
    it('imports new rows (slug made from the name), updates matched ones, and round-trips an export', async () => {
      const before = await total(table);
      const csv = `${TAXON_HEADER.join(',')}\nSheet Made,,From a sheet,Active\nNamed Slug,named-${group},,0\n`;
      const created = await importFile(group, csv, `${group}.csv`);
      expect(created.statusCode).toBe(200);
      expect(created.json().data).toEqual(importAnswer(2, 0, 0));
      expect(await total(table)).toBe(before + 2);

      const exported = (await download(`/api/${group}/export?format=csv&sort=name&order=asc`)).body;
      const [header, ...rows] = csvOf(exported);
      expect(header).toEqual([...TAXON_HEADER, 'Created At']);
      expect(rows.find((row) => row[1] === 'sheet-made')).toEqual([
        'Sheet Made',
        'sheet-made',
        'From a sheet',
        'Active',
        expect.any(String),
      ]);
      const again = await importFile(
        group,
        exported.replace('From a sheet', 'Edited in a sheet'),
        'again.csv',
      );
      expect(again.statusCode).toBe(200);
      // Every exported row matched; the one whose description was edited is the one updated.
      expect(rows.length).toBeGreaterThan(1);
      expect(again.json().data).toEqual(importAnswer(0, 1, rows.length - 1));
      expect(await total(table)).toBe(before + 2);
      const listed = (await download(`/api/${group}?search=sheet-made`)).json().data;
      expect(listed).toEqual([expect.objectContaining({ description: 'Edited in a sheet', status: 1 })]);
    });

    it('stores nothing when a row is bad', async () => {
      const before = await total(table);
      const csv = `${TAXON_HEADER.join(',')}\nGood Row,,,Active\n電腦,,,Active\n,x,,Unknown\n`;
      const response = await importFile(group, csv, 'bad.csv');
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        'row 3': [format(CATALOGUE_MESSAGES.slugFromName, { item: 'Slug', source: 'name' })],
        'row 4': [
          'Name is required',
          format(IMPORT_MESSAGES.importNotOneOf, { item: 'Status', value: 'Unknown', allowed: STATUS_WORDS }),
        ],
      });
      expect(await total(table)).toBe(before);
    });
  });
});
