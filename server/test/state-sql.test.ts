import { eq, inArray, sql } from 'drizzle-orm';
import type { RevisionChanges } from '../../src/shared/resources/history';
import { createdChanges, diffStates, loadItems, loadStates, stateOf } from '../crud/revisions';
import type { AnyResource } from '../crud/resource';
import { files, products } from '../db/schema';
import { revisions } from '../db/schema/revisions';
import { RESOURCES } from '../resources';
import { createProduct, createTaxon, uploaded } from './catalogFixtures';
import { multipart } from './fixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

/**
 * A declaration's `stateSql` (server/crud/define.ts) is what history keeps of a record, written in
 * SQL so that a write of many rows records its revisions without reading the rows back. These tests
 * hold it to the read-back (`stateOf` of the wire item) on varied rows, and an import's revisions
 * to the ones the read-back would have made.
 */

const DECLARED = RESOURCES as readonly unknown[] as readonly AnyResource[];
const withStateSql = DECLARED.filter((resource) => resource.stateSql);
const productsServer = DECLARED.find((resource) => resource.contract.group === 'products')!;

describe("a declaration's stateSql is the state history keeps", () => {
  let t: TestApp;
  let admin: string;
  let full: { id: number; slug: string };
  let bare: { id: number; slug: string };
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
    const acme = await createTaxon(t, admin, '/api/brands', { name: 'Acme', slug: 'acme' });
    const pumps = await createTaxon(t, admin, '/api/categories', { name: 'Pumps', slug: 'pumps' });
    const [image, mobile, document, catalogue] = [
      await uploaded(t, admin, 'image'),
      await uploaded(t, admin, 'image'),
      await uploaded(t, admin, 'document'),
      await uploaded(t, admin, 'document'),
    ];
    // One picture with alt text (history keeps it), one without.
    await t.app.db.update(files).set({ alt: 'A pump, side view' }).where(eq(files.id, image.id));
    full = await createProduct(t, admin, {
      name: 'Full pump',
      slug: 'full-pump',
      brand_id: acme.id,
      category_id: pumps.id,
      model: 'FP-1',
      function: 'Moves "fluid", fast',
      specification: 'Line one\nLine two',
      overview: '<p>Über <strong>pump</strong></p>',
      application: '<p>Plants</p>',
      image: image.id,
      mobile_image: mobile.id,
      document: document.id,
      catalogue: catalogue.id,
      meta_title: 'Full',
      meta_description: 'A pump with everything',
      meta_keyword: 'pump, full',
    });
    bare = await createProduct(t, admin, {
      name: 'Bare pump',
      other_brand: 'Some maker',
      category_id: pumps.id,
      status: 0,
    });
  });
  afterAll(() => t.close());

  const sqlStates = async (resource: AnyResource, ids: readonly number[]) => {
    const result = (await t.app.db.execute(
      sql`select t.id, ${resource.stateSql!(sql`t`)} as state from ${resource.table} t
          where t.id = any(${sql.param(ids)}::integer[])`,
    )) as unknown as { rows: { id: number; state: unknown }[] };
    return new Map(
      result.rows.map(({ id, state }) => [
        Number(id),
        typeof state === 'string' ? (JSON.parse(state) as unknown) : state,
      ]),
    );
  };

  it('is declared by the products', () => {
    expect(withStateSql.map((resource) => resource.contract.group)).toContain('products');
  });

  it.each(withStateSql.map((resource) => [resource.contract.group, resource] as const))(
    '%s: the state of every row equals stateOf its wire item',
    async (_group, resource) => {
      const ids = (await t.app.db.select({ id: resource.table.id }).from(resource.table)).map((row) =>
        Number(row.id),
      );
      expect(ids.length).toBeGreaterThan(1);
      expect(Object.fromEntries(await sqlStates(resource, ids))).toEqual(
        Object.fromEntries(await loadStates(t.app.db, resource, ids)),
      );
    },
  );

  it("an import's revisions, made by the database, are the ones the read-back makes", async () => {
    const before = await loadStates(t.app.db, productsServer, [full.id, bare.id]);
    const csv = [
      'name,slug,brand,other_brand,category,model,overview,status',
      // Updated: a new model and overview; its files are not in the sheet and stay.
      'Full pump,full-pump,acme,,pumps,FP-2,<p>New</p>,Active',
      // Updated: the brand list's brand instead of another maker's, and switched on.
      'Bare pump,bare-pump,Acme,,pumps,,,Active',
      'New pump 1,new-pump-1,acme,,pumps,N-1,,Active',
      'New pump 2,new-pump-2,,Other maker,pumps,,<p>x</p>,Not Active',
    ].join('\n');
    const { payload, headers } = multipart([{ name: 'file', value: csv, filename: 'products.csv' }]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      payload,
      headers: { ...headers, ...authHeader(admin) },
    });
    expect(response.statusCode).toBe(200);
    const { import_id: importId } = response.json<{ data: { import_id: string } }>().data;

    const stored = await t.app.db
      .select({ id: revisions.record_id, action: revisions.action, changes: revisions.changes })
      .from(revisions)
      .where(eq(revisions.import_id, importId));
    const created = (
      await t.app.db
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.slug, ['new-pump-1', 'new-pump-2']))
    ).map((row) => row.id);
    const items = await loadItems(t.app.db, productsServer, [full.id, bare.id, ...created]);
    const expected: { id: number; action: string; changes: RevisionChanges }[] = [
      ...[full.id, bare.id].map((id) => ({
        id,
        action: 'import',
        changes: diffStates(before.get(id)!, stateOf(items.get(id))),
      })),
      ...created.map((id) => ({ id, action: 'import', changes: createdChanges(id, stateOf(items.get(id))) })),
    ];
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect(stored.sort(byId)).toEqual(expected.sort(byId));
    // What changed, as a reader of the history sees it (the columns the file lacks were cleared).
    expect(Object.keys(expected[0].changes)).toEqual(
      expect.arrayContaining(['model', 'overview', 'function']),
    );
    expect(Object.keys(expected[0].changes)).not.toContain('image');
    expect(Object.keys(expected[1].changes).sort()).toEqual(['brand', 'other_brand', 'status']);
    expect(expected[2].changes).toMatchObject({ id: { old: null, new: created[0] } });
  });
});
