import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { GIN_PENDING_LIST_KB } from '../db/ginPending';
import { createAcmePumps, createProduct, createTaxon } from './catalogFixtures';
import { importAnswer, postFile } from './fixtures';
import { adminToken, authHeader, buildTestApp, createNativePglite, type TestApp } from './helper';

const SEARCH_INDEX = 'products_search_idx';

/** The product search index's pending list: rows waiting to be merged into the index (pageinspect). */
async function pendingTuples(db: Executor): Promise<number> {
  const result = (await db.execute(
    sql`select n_pending_tuples from gin_metapage_info(get_raw_page(${SEARCH_INDEX}, 0))`,
  )) as unknown as { rows: { n_pending_tuples: number | string }[] };
  return Number(result.rows[0].n_pending_tuples);
}

const rows = (count: number, model: string) =>
  [
    'Name,Slug,Brand,Category,Model,Status',
    ...Array.from(
      { length: count },
      (_, index) => `Pending ${index},pending-${index},acme,pumps,${model}-${index},Active`,
    ),
  ].join('\n');

describe("the search indexes' pending lists", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({}, { createPglite: (dataDir) => createNativePglite(dataDir, ['pageinspect']) });
    await t.app.db.execute(sql`create extension if not exists pageinspect`);
    admin = await adminToken(t.app);
    await createAcmePumps(t, admin);
  });
  afterAll(() => t.close());

  const upload = (body: string, query = '') =>
    postFile(t.app, admin, `/api/products/import${query}`, body, 'products.csv');
  /** How many products a list search finds. */
  const found = async (search: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/products?search=${search}&per_page=100`,
        headers: authHeader(admin),
      })
    ).json().meta.total;

  it("are the app's session setting, 64 kB, which no index overrides", async () => {
    const shown = (await t.app.db.execute(sql`show gin_pending_list_limit`)) as unknown as {
      rows: { gin_pending_list_limit: string }[];
    };
    expect(shown.rows[0].gin_pending_list_limit).toBe(`${GIN_PENDING_LIST_KB}kB`);
    const overridden = (await t.app.db.execute(sql`
      select c.relname from pg_class c join pg_am am on am.oid = c.relam
      where am.amname = 'gin' and c.reloptions::text like '%gin_pending_list_limit%'`)) as unknown as {
      rows: unknown[];
    };
    expect(overridden.rows).toEqual([]);
  });

  it('an import, its dry run, a re-import and its undo leave nothing pending, and searches find their rows', async () => {
    expect((await upload(rows(300, 'PL'), '?dry_run=true')).statusCode).toBe(200);
    expect(await pendingTuples(t.app.db)).toBe(0);

    expect((await upload(rows(300, 'PL'))).statusCode).toBe(200);
    expect(await pendingTuples(t.app.db)).toBe(0);
    const reimport = (await upload(rows(300, 'PX'))).json().data;
    expect(reimport).toEqual(importAnswer(0, 300, 0));
    expect(await pendingTuples(t.app.db)).toBe(0);
    // PX-29 and PX-290…299.
    expect(await found('PX-29')).toBe(11);

    // Undoing the re-import brings the old models back, merged as well.
    const undo = await t.app.inject({
      method: 'POST',
      url: `/api/products/imports/${reimport.import_id}/undo`,
      headers: authHeader(admin),
    });
    expect(undo.statusCode).toBe(200);
    expect(await pendingTuples(t.app.db)).toBe(0);
    expect(await found('PL-29')).toBe(11);
    expect(await found('PX-29')).toBe(0);
  });

  it('a single save waits in the pending list, as before (so the checks above can fail)', async () => {
    const [brand, category] = await Promise.all([
      createTaxon(t, admin, '/api/brands', { name: 'Other', slug: 'other' }),
      createTaxon(t, admin, '/api/categories', { name: 'Valves', slug: 'valves' }),
    ]);
    await createProduct(t, admin, { brand_id: brand.id, category_id: category.id, model: 'ONE-1' });
    expect(await pendingTuples(t.app.db)).toBeGreaterThan(0);
  });
});
