import { count, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import type { ListQuery } from '../../src/shared/resources/resource';
import { listWhere } from '../crud/list';
import type { AnyResource } from '../crud/resource';
import { RESOURCES as DECLARED } from '../resources';
import { buildTestApp, type TestApp } from './helper';

// Every declared resource (as routes/resources.ts registers them, generic over their own types).
const RESOURCES = DECLARED.map((declaration) => declaration as unknown as AnyResource);

/** The plan of the list's total for a search, with only bitmap scans allowed (so only an index can answer). */
async function countPlan(db: Executor, resource: AnyResource, search: string): Promise<string> {
  const where = listWhere(resource, { search, filters: {} } as unknown as ListQuery);
  const query = db.select({ total: count() }).from(resource.table).where(where);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    // Both drivers answer { rows }; the database type both share leaves the result untyped.
    const result = (await tx.execute(sql`explain ${query.getSQL()}`)) as { rows: { 'QUERY PLAN': string }[] };
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('list search indexes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each(RESOURCES.map((resource) => [getTableConfig(resource.table).name, resource] as const))(
    '%s: the search of 3+ characters is one trigram index condition, whatever the number of columns',
    async (table, resource) => {
      const plan = await countPlan(t.app.db, resource, 'Abc');
      expect(plan).not.toContain('Seq Scan');
      expect(plan).not.toContain('BitmapOr');
      // One column: its own trigram index; several: the expression index of migration search_expressions.
      const index =
        resource.search.length === 1
          ? `${table}_${resource.search[0].name}_trgm_idx`
          : `${table}_search_trgm_idx`;
      expect(plan).toMatch(
        new RegExp(`Bitmap Index Scan on ${index} [^\\n]*\\n\\s+Index Cond: [^~]*~~\\* '%Abc%'::text\\)`),
      );
    },
  );
});
