import { LIST_MESSAGES } from '../../src/shared/messages/lists';
import { sql } from 'drizzle-orm';
import type { ListQuery } from '../../src/shared/resources/resource';
import { format } from '../../src/shared/messages';
import {
  DEFERRED_JOIN_OFFSET,
  EXACT_COUNT_LIMIT,
  MAX_LIST_OFFSET,
  itemBatches,
  keysetAfter,
  listOrder,
  listPage,
  parseListQuery,
} from '../crud/list';
import { products as productsTable } from '../db/schema';
import type { AnyResource } from '../crud/resource';
import { productsServer } from '../resources/products';
import { usersServer } from '../resources/users';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';
import { createProduct, createTaxon } from './catalogFixtures';

const products = productsServer as unknown as AnyResource;
const users = usersServer as unknown as AnyResource;

type Item = { id: number };

/** Every item of an export, batch by batch (keyset), and how many batches it took. */
async function exported(t: TestApp, resource: AnyResource, query: ListQuery, chunk: number) {
  const ids: number[] = [];
  let batches = 0;
  for await (const batch of itemBatches<Item>(resource, t.app.db, query, chunk)) {
    batches++;
    expect(batch.length).toBeLessThanOrEqual(chunk);
    ids.push(...batch.map((item) => item.id));
  }
  return { ids, batches };
}

/** The same rows as one list page (ORDER BY … LIMIT, no keyset): the order an export must keep. */
async function listed(t: TestApp, resource: AnyResource, query: ListQuery): Promise<number[]> {
  const page = await listPage<Item>(resource, t.app.db, { ...query, page: 1, per_page: 100 });
  return page.data.map((item) => item.id);
}

describe('lists, exports at scale: keyset export batches', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = await adminToken(t.app);
    const brand = await createTaxon(t, token, '/api/brands', { name: 'Acme' });
    const other = await createTaxon(t, token, '/api/brands', { name: 'Borg' });
    const category = await createTaxon(t, token, '/api/categories', { name: 'Pumps' });
    // Ties everywhere: four names, two brands, two statuses, and one timestamp shared by all.
    for (let n = 0; n < 13; n++)
      await createProduct(t, token, {
        name: `Tied ${n % 4}`,
        slug: `tied-${n}`,
        brand_id: n % 5 === 0 ? null : n % 2 ? brand.id : other.id,
        other_brand: n % 5 === 0 ? `Own ${n % 2}` : '',
        category_id: category.id,
        status: n % 3 ? 1 : 0,
      });
    await t.app.db.execute(
      sql`update products set created_at = '2026-01-02 03:04:05.123456+00', updated_at = '2026-01-02 03:04:05.123456+00'`,
    );
  });
  afterAll(() => t.close());

  const sorts = ['name', 'brand', 'category', 'status', 'created_at', 'updated_at'] as const;
  it.each(sorts.flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const)))(
    'products by %s %s: batches of 2 give every row once, in the list order, ties broken by id',
    async (sort, order) => {
      const query = parseListQuery(products, { sort, order });
      const { ids, batches } = await exported(t, products, query, 2);
      expect(ids).toHaveLength(13);
      expect(new Set(ids).size).toBe(13);
      expect(ids).toEqual(await listed(t, products, query));
      expect(batches).toBe(7);
    },
  );

  it('a filtered export (search, status) keeps the filter across batches', async () => {
    const query = parseListQuery(products, { search: 'tied 1', status: '1', sort: 'name', order: 'asc' });
    const { ids } = await exported(t, products, query, 1);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(await listed(t, products, query));
  });

  const ownSorts = ['name', 'status', 'created_at', 'updated_at'] as const;
  it.each(ownSorts.flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const)))(
    'a searched list by %s %s (page and total in one statement) pages as the list does, ties broken by id',
    async (sort, order) => {
      // Every product is named "Tied …": the search matches them all, so the pages are the list's.
      const plain = parseListQuery(products, { sort, order });
      const searched = parseListQuery(products, { sort, order, search: 'tied' });
      for (const page of [1, 2, 3, 4]) {
        const expected = await listPage<Item>(products, t.app.db, { ...plain, page, per_page: 4 });
        const found = await listPage<Item>(products, t.app.db, { ...searched, page, per_page: 4 });
        expect(found).toEqual(expected);
        expect(found.meta).toEqual({ current_page: page, per_page: 4, total: 13, last_page: 4 });
      }
    },
  );

  it.each(['asc', 'desc'] as const)(
    'users by role %s (a nullable joined sort: users without a role) keep every row',
    async (order) => {
      const role = await t.app.db.execute(sql`select id from roles order by id limit 1`);
      const roleId = (role as unknown as { rows: { id: number }[] }).rows[0].id;
      for (let n = 0; n < 5; n++)
        await t.app.db.execute(
          sql`insert into users (name, email, password_hash, status, role_id)
              values (${`Keyset ${order} ${n}`}, ${`keyset-${order}-${n}@example.com`}, 'x', 1, ${n % 2 ? roleId : null})`,
        );
      const query = parseListQuery(users, { sort: 'role', order });
      const all = await listed(t, users, query);
      const { ids } = await exported(t, users, query, 2);
      expect(ids).toEqual(all);
      expect(new Set(ids).size).toBe(all.length);
    },
  );

  it('the export route streams every row once in the list order (CSV)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/products/export?format=csv&sort=name&order=desc',
      headers: authHeader(token),
    });
    expect(response.statusCode).toBe(200);
    const slugs = response.body
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
    const query = parseListQuery(products, { sort: 'name', order: 'desc' });
    const page = await listPage<{ slug: string }>(products, t.app.db, { ...query, per_page: 100 });
    expect(slugs).toEqual(page.data.map((item) => item.slug));
  });
});

describe('lists at scale: totals', () => {
  let t: TestApp;
  let token: string;
  const list = async (query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/products?${query}`,
      headers: authHeader(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { name: string }[]; meta: Record<string, unknown> }>();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    token = await adminToken(t.app);
    const brand = await createTaxon(t, token, '/api/brands', { name: 'Acme' });
    const category = await createTaxon(t, token, '/api/categories', { name: 'Pumps' });
    // More than twice the exact-count limit: 25 000 products, one in a thousand inactive.
    await t.app.db.execute(sql`
      insert into products (name, slug, brand_id, category_id, status, model)
      select 'Bulk ' || g, 'bulk-' || g, ${brand.id}, ${category.id}, (g % 1000 <> 0)::int::smallint, 'M-' || g
      from generate_series(1, ${EXACT_COUNT_LIMIT * 2 + 5000}) as g`);
  });
  afterAll(() => t.close());

  it('an unfiltered list of a large table answers the estimate and says so, with the last page it makes', async () => {
    const { meta, data } = await list('per_page=10');
    expect(data).toHaveLength(10);
    expect(meta.total_estimated).toBe(true);
    // The planner's estimate (the statistics were of the empty table: it is analysed): near 25 000.
    expect(meta.total).toBeGreaterThan(EXACT_COUNT_LIMIT * 2);
    expect(meta.total).toBeLessThan(35_000);
    expect(meta.last_page).toBe(Math.ceil((meta.total as number) / 10));
    // Analysed now: the count's own statement carries the table's estimate, the planner's figure.
    const again = await list('per_page=10&page=2');
    expect(again.meta).toEqual({ ...meta, current_page: 2 });
  });

  it('a filter matching more than the limit answers at least the limit + 1, as an estimate', async () => {
    const { meta } = await list('status=1');
    expect(meta.total_estimated).toBe(true);
    expect(meta.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
  });

  it('a filter matching fewer rows answers the exact total, without the flag', async () => {
    const { meta } = await list('status=0&per_page=10');
    expect(meta).toEqual({ current_page: 1, per_page: 10, total: 25, last_page: 3 });
    const searched = await list('search=bulk%2012345');
    expect(searched.meta.total).toBe(1);
    expect(searched.data.map((item) => item.name)).toEqual(['Bulk 12345']);
  });

  /** The bulk rows' names in the order of `sort=name&order=asc` (one prefix, then digits). */
  const bulkNames = (match: (g: number) => boolean = () => true) =>
    Array.from({ length: EXACT_COUNT_LIMIT * 2 + 5000 }, (_, i) => i + 1)
      .filter(match)
      .map((g) => `Bulk ${g}`)
      .sort();

  it('a searched list matching fewer rows than the limit: its page and exact total from one statement', async () => {
    const expected = bulkNames((g) => String(g).startsWith('2'));
    expect(expected).toHaveLength(6112);
    const { data, meta } = await list(
      `search=${encodeURIComponent('bulk 2')}&sort=name&order=asc&per_page=50&page=3`,
    );
    expect(meta).toEqual({ current_page: 3, per_page: 50, total: 6112, last_page: 123 });
    expect(data.map((item) => item.name)).toEqual(expected.slice(100, 150));
    // A page past the last: no rows, the total all the same.
    const past = await list(`search=${encodeURIComponent('bulk 2')}&per_page=50&page=200`);
    expect(past).toEqual({
      data: [],
      meta: { current_page: 200, per_page: 50, total: 6112, last_page: 123 },
    });
    const none = await list('search=nothing-like-this');
    expect(none).toEqual({ data: [], meta: { current_page: 1, per_page: 10, total: 0, last_page: 1 } });
  });

  it('a searched list matching more rows than the limit: the page the list reads, the total estimated', async () => {
    const searched = await list('search=bulk&sort=name&order=asc&per_page=20&page=3');
    expect(searched.meta.total_estimated).toBe(true);
    expect(searched.meta.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(searched.data.map((item) => item.name)).toEqual(bulkNames().slice(40, 60));
  });

  it('a page past DEFERRED_JOIN_OFFSET rows (ids picked first, then joined) is the same page', async () => {
    const page = DEFERRED_JOIN_OFFSET / 20 + 5;
    const deep = await list(`sort=name&order=asc&per_page=20&page=${page}`);
    expect(deep.data.map((item) => item.name)).toEqual(bulkNames().slice((page - 1) * 20, page * 20));
    const filtered = await list(`status=1&sort=name&order=desc&per_page=20&page=${page}`);
    const active = bulkNames((g) => g % 1000 !== 0).reverse();
    expect(filtered.data.map((item) => item.name)).toEqual(active.slice((page - 1) * 20, page * 20));
  });

  it('pages through the first 10 000 rows, and refuses a deeper page with a 422 saying how to reach its rows', async () => {
    const deepest = await list(`per_page=20&page=${MAX_LIST_OFFSET / 20}`);
    expect(deepest.data).toHaveLength(20);
    const message = format(LIST_MESSAGES.tooDeep, { count: '10,000' });
    for (const query of [
      `per_page=20&page=${MAX_LIST_OFFSET / 20 + 1}`,
      'per_page=20&page=40000',
      'per_page=100&page=101',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/products?${query}`,
        headers: authHeader(token),
      });
      expect([query, response.statusCode]).toEqual([query, 422]);
      expect(response.json()).toEqual({ message, errors: { page: [message] } });
    }
    // The same rows as the refused deep page, from the other end: the sort reversed.
    const last = await list('per_page=20&sort=created_at&order=asc');
    expect(last.data).toHaveLength(20);
  });

  it('the search matches each searched column (name, slug, model) but not across two of them', async () => {
    expect((await list('search=M-12468')).meta.total).toBe(1);
    expect((await list('search=bulk-12468')).meta.total).toBe(1);
    // The name of one row runs into its slug only through the joining line break.
    expect((await list(`search=${encodeURIComponent('12468 bulk')}`)).meta.total).toBe(0);
    // A line break in the text matches column by column (never across them).
    expect((await list(`search=${encodeURIComponent('Bulk 12468\nbulk')}`)).meta.total).toBe(0);
  });

  it.each([
    ['name', 'asc', '>'],
    ['created_at', 'desc', '<'],
  ] as const)(
    'an export batch by %s %s reads the (column, id) index from the last row on (no sort, no scan of the rows before)',
    async (sort, order, past) => {
      const column = productsTable[sort];
      const last = { sort: sort === 'name' ? 'Bulk 5' : '2026-01-02 03:04:05.123456+00', id: 5 };
      const query = products
        .select(t.app.db)
        .where(keysetAfter(column, productsTable.id, order === 'asc', last))
        .orderBy(...listOrder(products, parseListQuery(products, { sort, order })))
        .limit(1000);
      const plan = await t.app.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        const result = (await tx.execute(sql`explain ${query.getSQL()}`)) as {
          rows: { 'QUERY PLAN': string }[];
        };
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toMatch(new RegExp(`Index Scan (Backward )?using products_${sort}_idx`));
      expect(plan).toContain(`Index Cond: (ROW(${sort}, id) ${past} ROW(`);
      expect(plan).not.toMatch(/Sort Key/);
    },
  );
});
