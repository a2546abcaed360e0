import { count, is, SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import { getTableConfig, PgDialect, type IndexedColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { searchIndexName } from '../db/schema/indexes';
import type { ListQuery } from '../../src/shared/resources/resource';
import { listWhere } from '../crud/list';
import type { AnyResource } from '../crud/resource';
import { RESOURCES as DECLARED } from '../resources';
import { productsServer } from '../resources/products';
import { buildTestApp, type TestApp } from './helper';

// Every declared resource (as routes/resources.ts registers them, generic over their own types).
const RESOURCES = DECLARED.map((declaration) => declaration as unknown as AnyResource);

/** The plan of the list's total for a search, with only bitmap scans allowed (so only an index can answer). */
async function countPlan(
  db: Executor,
  resource: AnyResource,
  search: string,
  filters: Record<string, unknown> = {},
  without: string[] = [],
  withoutConstraints: string[] = [],
): Promise<string> {
  const where = listWhere(resource, { search, filters } as unknown as ListQuery);
  const query = db.select({ total: count() }).from(resource.table).where(where);
  let plan = '';
  // Rolled back: the settings and any dropped index end with it.
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      // Indexes left out of the planner's choice (dropped inside the transaction).
      for (const index of without) await tx.execute(sql`drop index ${sql.identifier(index)}`);
      for (const name of withoutConstraints)
        await tx.execute(sql`alter table ${resource.table} drop constraint ${sql.identifier(name)}`);
      // Both drivers answer { rows }; the database type both share leaves the result untyped.
      const result = (await tx.execute(sql`explain ${query.getSQL()}`)) as {
        rows: { 'QUERY PLAN': string }[];
      };
      plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return plan;
}

const dialect = new PgDialect();

describe("the tables' declared search indexes", () => {
  it.each(RESOURCES.map((resource) => [getTableConfig(resource.table).name, resource] as const))(
    "%s: declares searchIndex() over the columns of its declaration's search, in order",
    (table, resource) => {
      const name = searchIndexName(table, resource.search);
      const declared = getTableConfig(resource.table).indexes.find((index) => index.config.name === name);
      expect(declared).toBeDefined();
      expect(declared!.config.method).toBe('gin');
      // The searched part is the last: a column, or the expression of the columns (`coalesce("x", '')`).
      const last = declared!.config.columns[declared!.config.columns.length - 1];
      const text = is(last, SQL)
        ? dialect.sqlToQuery(last, 'indexes').sql
        : `"${(last as IndexedColumn).name}"`;
      const columns = [...text.matchAll(/"(\w+)"/g)].map((match) => match[1]);
      expect(columns).toEqual(resource.search.map((col) => col.name));
    },
  );
});

describe('list search indexes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each(RESOURCES.map((resource) => [getTableConfig(resource.table).name, resource] as const))(
    '%s: the search of 3+ characters is one trigram index condition, whatever the number of columns',
    async (table, resource) => {
      // A unique btree on a column searched alone (subscribers' e-mail) can serve `%Abc%` only read
      // whole, which the planner prices below the trigram index on an empty table of wide rows (the
      // table grew its double opt-in columns); with rows the trigram index wins. Left out here, so the
      // plan shows what the search's own index does.
      const unique =
        resource.search.length === 1 && resource.search[0].isUnique
          ? [`${table}_${resource.search[0].name}_unique`]
          : [];
      const plan = await countPlan(t.app.db, resource, 'Abc', {}, [], unique);
      expect(plan).not.toContain('Seq Scan');
      expect(plan).not.toContain('BitmapOr');
      // One column: its own trigram index; several: the expression index (`searchIndex`).
      const index = searchIndexName(table, resource.search);
      expect(plan).toMatch(
        new RegExp(`Bitmap Index Scan on ${index} [^\\n]*\\n\\s+Index Cond: [^~]*~~\\* '%Abc%'::text\\)`),
      );
    },
  );
});

describe('list search indexes at scale: a filtered product search', () => {
  let t: TestApp;
  const products = productsServer as unknown as AnyResource;
  beforeAll(async () => {
    t = await buildTestApp();
    // Enough rows for the planner's choice to mean something (its statistics, analysed): 20 brands,
    // 10 categories, 10 000 products, the word 'Lite' in one name in eight (as bench/catalog-data.ts).
    await t.app.db.execute(sql`
      insert into brands (name, slug) select 'Brand ' || g, 'brand-' || g from generate_series(1, 20) as g`);
    await t.app.db.execute(sql`
      insert into categories (name, slug) select 'Category ' || g, 'category-' || g from generate_series(1, 10) as g`);
    await t.app.db.execute(sql`
      insert into products (name, slug, model, brand_id, category_id, status)
      select (array['Pump','Valve','Motor','Drive'])[1 + g % 4] || ' ' ||
             (array['Pro','Lite','Plus','Mini','Max','Eco','Neo','Ultra'])[1 + (g / 4) % 8] || ' ' || g,
             'product-' || g, 'M-' || g,
             (select min(id) from brands) + g % 20, (select min(id) from categories) + g % 10, (g % 3 <> 0)::int
      from generate_series(1, 10000) as g`);
    await t.app.db.execute(sql`analyze products`);
  });
  afterAll(() => t.close());

  it('a search filtered by brands (and status) is one scan of the search index, which keys both (no BitmapAnd)', async () => {
    const ids = (await t.app.db.execute(sql`select id from brands order by id limit 2`)) as unknown as {
      rows: { id: number }[];
    };
    // At 10 000 rows the planner rightly reads two brands' 1 000 rows through their own index and
    // filters them; at 1M products it takes the search index (bench/README.md). Without the brand
    // and category indexes, the choice left is the one this checks: one scan keyed by both.
    const plan = await countPlan(
      t.app.db,
      products,
      'lite',
      { status: [1], brand_ids: ids.rows.map((row) => row.id) },
      ['products_brand_id_created_at_idx', 'products_category_id_created_at_idx'],
    );
    expect(plan).not.toContain('BitmapAnd');
    expect(plan).toMatch(
      /Bitmap Index Scan on products_search_idx [^\n]*\n\s+Index Cond: \(\(brand_id = ANY [\s\S]*~~\* '%lite%'::text\)\)$/,
    );
  });
});
