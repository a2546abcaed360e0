import { is } from 'drizzle-orm';
import { getTableConfig, PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { apiPath, hasAction, type ResourceContract } from '../../src/shared/resources/resource';
import { optionKey, type FilterSpec } from '../../src/shared/resources/filters';
import { API_PATHS } from '../../src/shared/routes';
import { bulkEditPreviewPath } from '../../src/shared/resources/bulkEdit';
import { DEFERRED_JOIN_OFFSET } from '../crud/list';
import type { AnyResource } from '../crud/resource';
import { RESOURCES as DECLARED } from '../resources';
import { mediaServer } from '../resources/media';
import { mediaUsagePath } from '../../src/shared/resources/media';
import { usageSources } from '../repositories/media';
import { files } from '../db/schema';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

/**
 * The plans of every list shape the server sends (issue 11): each request below is made through
 * the routes, the SQL it sends is captured at the driver and EXPLAINed with the planner's other
 * choices switched off, so a shape that no index can answer shows a sequential scan (or a full sort)
 * whatever the rows. The run at scale (1M products, the planner's own choices) is bench/scale.ts.
 *
 * - A filter (each on its own), the search, the trash and a record's history: with sequential and
 *   plain index scans off, the table must still be read through an index condition (a bitmap
 *   scan); a condition no index covers leaves a `Seq Scan`.
 * - A sort (each, unfiltered, ascending: descending walks the same index backward): with sorting
 *   off, the page must come from a walk of an index in the sort's order (an incremental sort over
 *   an index on the sort column alone, ties broken by id, is fine); a sort no index covers leaves a
 *   `Sort`. Sorts by a joined table's column (a product's brand name) sort the matching rows: they
 *   are the exceptions, found from the resource's declaration, not listed here.
 */

const ALL = DECLARED.map((declaration) => declaration as unknown as AnyResource);
/**
 * The seven site pages are created by a migration, never through the API (server/db/schema/pages.ts):
 * their filters and sorts read seven rows, and an index for each would only lure the planner away
 * from the search's trigram index (search-indexes.test.ts checks that one).
 */
const FIXED = new Set(['pages']);
/** The media library's list (Setting › Media) goes through the same machinery, outside `RESOURCES`. */
const MEDIA = mediaServer as unknown as AnyResource;
const RESOURCES = [...ALL.filter((resource) => !FIXED.has(getTableConfig(resource.table).name)), MEDIA];

type Statement = { text: string; params: unknown[] };
type Client = {
  query: (...args: unknown[]) => Promise<unknown>;
  connect?: () => Promise<{ query: Client['query']; release: () => void }>;
  transaction?: <T>(run: (tx: { query: Client['query'] }) => Promise<T>) => Promise<T>;
};

const clientOf = (app: FastifyInstance) => (app.db as unknown as { $client: Client }).$client;

/** The statements a request sends (node-postgres: a config object; PGlite: the text); it must answer 200. */
async function sent(app: FastifyInstance, url: string, token: string, payload?: object) {
  const client = clientOf(app);
  const original = client.query;
  const statements: Statement[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first, params] = args;
    const text = typeof first === 'string' ? first : (first as { text: string }).text;
    statements.push({ text, params: (params as unknown[] | undefined) ?? [] });
    return original.apply(this, args);
  } as Client['query'];
  try {
    const method = payload ? 'POST' : 'GET';
    const response = await app.inject({ method, url, payload, headers: authHeader(token) });
    expect(response.statusCode).toBe(200);
    return statements;
  } finally {
    client.query = original;
  }
}

/** EXPLAIN of one statement with these planner settings, on one connection (both drivers). */
async function explain(app: FastifyInstance, statement: Statement, settings: string[]): Promise<string> {
  const client = clientOf(app);
  const run = async (query: Client['query']) => {
    for (const setting of settings) await query(`set local ${setting} = off`);
    const result = (await query(`explain ${statement.text}`, statement.params)) as {
      rows: { 'QUERY PLAN': string }[];
    };
    return `${result.rows.map((row) => row['QUERY PLAN']).join('\n')}\n`;
  };
  if (client.connect) {
    const connection = await client.connect();
    try {
      await connection.query('begin');
      return await run(connection.query.bind(connection));
    } finally {
      await connection.query('rollback');
      connection.release();
    }
  }
  return client.transaction!((tx) => run(tx.query.bind(tx)));
}

/** The reads of a table among the statements (not the session's, not the estimate's EXPLAIN). */
const readsOf = (statements: Statement[], table: string) =>
  statements.filter(({ text }) => /^\s*select\b/i.test(text) && new RegExp(`\\bfrom "${table}"`).test(text));

/** Only an index condition may find the rows: a bitmap scan, or a sequential scan if no index can. */
const INDEX_CONDITIONS_ONLY = ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan'];
/** Only an index walk may order the rows: a full sort, or a sequential scan, shows none fits. */
const INDEX_ORDER_ONLY = ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'];

const seqScanOf = (table: string) => new RegExp(`Seq Scan on ${table}\\b`);
/** A bitmap index scan without an index condition reads the whole index (then filters every row). */
const WHOLE_INDEX = /Bitmap Index Scan on \w+ [^\n]*\n(?!\s+Index Cond:)/;
const FULL_SORT = /(^|->\s+)Sort\s+\(/m;

/** A query string setting one filter to a value it accepts. */
function filterQuery(name: string, filter: FilterSpec): string {
  switch (filter.kind) {
    case 'ids':
      return `${name}=1,2`;
    case 'enum':
      // Every option at once: each one's condition must be indexable (an OR of them, a BitmapOr).
      return `${name}=${filter.options.map((option) => encodeURIComponent(String(optionKey(option)))).join(',')}`;
    case 'boolean':
      return `${name}=true`;
    case 'dateRange':
      return `${name}_from=2026-01-01&${name}_to=2026-01-31`;
  }
}

const tableOf = (resource: AnyResource) => getTableConfig(resource.table).name;

/** Sorts by a column of the resource's own table (a joined table's name sorts the matching rows). */
const ownSorts = (resource: AnyResource) =>
  Object.entries(resource.sort)
    .filter(([, by]) => is(by, PgColumn) && (by as PgColumn).table === resource.table)
    .map(([name]) => name);

describe('list plans: every list shape is answered by an index', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = await adminToken(t.app);
  });
  afterAll(() => t.close());

  /** The reads of the table a list request sends, each EXPLAINed with these settings. */
  async function plans(url: string, table: string, settings: string[]) {
    const reads = readsOf(await sent(t.app, url, token), table);
    expect(reads.length).toBeGreaterThan(0);
    return Promise.all(reads.map((read) => explain(t.app, read, settings)));
  }

  const filterShapes = RESOURCES.flatMap((resource) => [
    ...(resource.search.length ? [[tableOf(resource), 'search', resource, 'search=Abc'] as const] : []),
    ...Object.entries(resource.contract.filters as Record<string, FilterSpec>).map(
      ([name, filter]) => [tableOf(resource), name, resource, filterQuery(name, filter)] as const,
    ),
  ]);

  it.each(filterShapes)(
    '%s filtered by %s: the page and its total find the rows through an index condition',
    async (table, _name, resource, query) => {
      const url = `${apiPath(resource.contract as ResourceContract)}?${query}`;
      for (const plan of await plans(url, table, INDEX_CONDITIONS_ONLY)) {
        expect(plan).not.toMatch(seqScanOf(table));
        expect(plan).not.toMatch(WHOLE_INDEX);
        expect(plan).toContain(`Bitmap Heap Scan on ${table}`);
      }
    },
  );

  // Ascending only: descending walks the same index backward.
  const sortShapes = RESOURCES.flatMap((resource) =>
    ownSorts(resource).map((sort) => [tableOf(resource), sort, resource] as const),
  );

  it.each(sortShapes)(
    '%s sorted by %s: the page walks an index in that order (no sort of the whole table)',
    async (table, sort, resource) => {
      const url = `${apiPath(resource.contract as ResourceContract)}?sort=${sort}&order=asc`;
      const [page] = await plans(url, table, INDEX_ORDER_ONLY);
      expect(page).not.toMatch(seqScanOf(table));
      expect(page).not.toMatch(FULL_SORT);
      expect(page).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using \\w+ on ${table}\\b`));
    },
  );

  const searchedShapes = RESOURCES.filter((resource) => resource.search.length).flatMap((resource) =>
    ownSorts(resource).map((sort) => [tableOf(resource), sort, resource] as const),
  );

  it.each(searchedShapes)(
    '%s searched, sorted by %s: one statement reads the matches once, through the index, for the page and its total',
    async (table, sort, resource) => {
      const url = `${apiPath(resource.contract as ResourceContract)}?search=Abc&sort=${sort}&order=asc`;
      const reads = readsOf(await sent(t.app, url, token), table);
      expect(reads).toHaveLength(1);
      const plan = await explain(t.app, reads[0], INDEX_CONDITIONS_ONLY);
      expect(plan).not.toMatch(seqScanOf(table));
      expect(plan).not.toMatch(WHOLE_INDEX);
      expect(plan).toContain('WindowAgg');
      // The search (ILIKE, `~~*`) is read by one bitmap scan: its Index Cond and its heap's Recheck Cond.
      expect(plan.split('~~*')).toHaveLength(3);
    },
  );

  it.each(sortShapes)(
    '%s sorted by %s, a page past DEFERRED_JOIN_OFFSET rows: its ids are picked from an index walk, then joined',
    async (table, sort, resource) => {
      const page = DEFERRED_JOIN_OFFSET / 20 + 1;
      const url = `${apiPath(resource.contract as ResourceContract)}?sort=${sort}&order=asc&per_page=20&page=${page}`;
      const reads = readsOf(await sent(t.app, url, token), table);
      const picking = reads.filter(({ text }) => text.includes('"picked"'));
      expect(picking).toHaveLength(1);
      const deep = await explain(t.app, picking[0], INDEX_ORDER_ONLY);
      expect(deep).not.toMatch(seqScanOf(table));
      expect(deep).not.toMatch(FULL_SORT);
      expect(deep).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using \\w+ on ${table}\\b`));
    },
  );

  /** A page of revisions, newest first: read through an index, walked in its order. */
  async function expectRevisionPlans(url: string) {
    for (const plan of await plans(url, 'revisions', INDEX_CONDITIONS_ONLY)) {
      expect(plan).not.toMatch(seqScanOf('revisions'));
      expect(plan).not.toMatch(WHOLE_INDEX);
    }
    // The total, then the page (newest first): the page walks the index (no sort).
    const [, page] = await plans(url, 'revisions', INDEX_ORDER_ONLY);
    expect(page).not.toMatch(seqScanOf('revisions'));
    expect(page).not.toMatch(FULL_SORT);
  }

  it.each(
    RESOURCES.filter((resource) => resource !== MEDIA && hasAction(resource.contract, 'destroy')).map(
      (resource) => [tableOf(resource), resource] as const,
    ),
  )('%s: the trash, searched or not, reads the revisions through their indexes', async (_table, resource) => {
    const base = apiPath(resource.contract as ResourceContract);
    await expectRevisionPlans(`${base}/trash`);
    await expectRevisionPlans(`${base}/trash?search=Abc`);
  });

  it("a record's history (the same query for every resource) reads the revisions through their index", async () => {
    const users = RESOURCES.find((resource) => tableOf(resource) === 'users')!;
    // User 1 is the seeded admin: a record that exists.
    await expectRevisionPlans(`${apiPath(users.contract as ResourceContract)}/1/revisions`);
  });

  // Search everything sends each searched resource's list search (pages included: their seven rows
  // are read through the trigram index too, search-indexes.test.ts).
  it.each(
    ALL.filter((resource) => resource.search.length && resource.contract.key !== 'auditLogs').map(
      (resource) => [tableOf(resource), resource] as const,
    ),
  )('search everything reads %s through its search index', async (table) => {
    for (const plan of await plans(`${API_PATHS.search}?q=Abc`, table, INDEX_CONDITIONS_ONLY)) {
      expect(plan).not.toMatch(seqScanOf(table));
      expect(plan).not.toMatch(WHOLE_INDEX);
      expect(plan).toContain(`Bitmap Heap Scan on ${table}`);
    }
  });

  it.each([
    'news',
    'promotions',
    'product_articles',
    'product_highlights',
    'pages',
    'subscribes',
    'contact_forms',
  ])(
    "the dashboard reads %s through an index (the week's dates, the stale content's updated_at, new subscribers, the inbox's counts)",
    async (table) => {
      for (const plan of await plans(API_PATHS.dashboard, table, INDEX_CONDITIONS_ONLY)) {
        expect(plan).not.toMatch(seqScanOf(table));
        expect(plan).not.toMatch(WHOLE_INDEX);
      }
    },
  );

  it("the dashboard's recent changes walk the caller's revisions newest first (revisions_user_idx)", async () => {
    for (const plan of await plans(API_PATHS.dashboard, 'revisions', INDEX_CONDITIONS_ONLY)) {
      expect(plan).not.toMatch(seqScanOf('revisions'));
      expect(plan).not.toMatch(WHOLE_INDEX);
      expect(plan).toContain('revisions_user_idx');
    }
    const [latest] = await plans(API_PATHS.dashboard, 'revisions', INDEX_ORDER_ONLY);
    expect(latest).not.toMatch(seqScanOf('revisions'));
    expect(latest).not.toMatch(FULL_SORT);
    expect(latest).toMatch(/Index Scan Backward using revisions_user_idx on revisions\b/);
  });

  it.each(['news', 'promotions', 'product_articles'])(
    'the publishing calendar reads %s through its date indexes (going live, ending, running across)',
    async (table) => {
      const url = `${API_PATHS.calendar}?from=2026-06-01&to=2026-06-30`;
      for (const plan of await plans(url, table, INDEX_CONDITIONS_ONLY)) {
        expect(plan).not.toMatch(seqScanOf(table));
        expect(plan).not.toMatch(WHOLE_INDEX);
        expect(plan).toContain(`Bitmap Heap Scan on ${table}`);
      }
    },
  );

  // Where a file is used: one query per table holding file references, through their indexes.
  it.each(
    usageSources(ALL)
      .map((source) => getTableConfig(source.table).name)
      .filter((table) => !FIXED.has(table) && table !== 'company_settings'),
  )('where a file is used reads %s through its file-reference indexes', async (table) => {
    const [file] = await t.app.db
      .insert(files)
      .values({
        kind: 'image',
        path: 'plans/a.png',
        url: '/uploads/plans/a.png',
        name: 'a.png',
        mime: 'image/png',
        size: 1,
      })
      .returning({ id: files.id });
    for (const plan of await plans(mediaUsagePath(file.id), table, INDEX_CONDITIONS_ONLY)) {
      expect(plan).not.toMatch(seqScanOf(table));
      expect(plan).not.toMatch(WHOLE_INDEX);
      expect(plan).toContain(`Bitmap Heap Scan on ${table}`);
    }
  });

  // Bulk edit's "all matching" (issue 39): the matched ids by keyset on id, never OFFSET.
  describe('bulk edit of every product matching the filters', () => {
    const products = RESOURCES.find((resource) => tableOf(resource) === 'products')!;
    const keysetReads = async (query: Record<string, string>) => {
      const url = bulkEditPreviewPath(products.contract as ResourceContract);
      const statements = await sent(t.app, url, token, { query, set: { status: 0 } });
      const reads = readsOf(statements, 'products').filter(({ text }) => text.includes('::text'));
      expect(reads).toHaveLength(1);
      expect(reads[0].text).not.toMatch(/\boffset\b/i);
      return reads[0];
    };

    it('filtered (by brand): the ids are found through an index condition', async () => {
      const plan = await explain(t.app, await keysetReads({ brand_ids: '1,2' }), INDEX_CONDITIONS_ONLY);
      expect(plan).not.toMatch(seqScanOf('products'));
      expect(plan).not.toMatch(WHOLE_INDEX);
    });

    it('unfiltered: the ids come from a walk of the primary key, from the last id read on', async () => {
      const plan = await explain(t.app, await keysetReads({}), INDEX_ORDER_ONLY);
      expect(plan).not.toMatch(seqScanOf('products'));
      expect(plan).not.toMatch(FULL_SORT);
      expect(plan).toMatch(
        /Index (Only )?Scan using products_pkey on products\b[^\n]*\n\s+Index Cond: \(id > /,
      );
    });
  });

  it("the inbox's count of New messages reads the state index", async () => {
    for (const plan of await plans(API_PATHS.contactFormsCount, 'contact_forms', INDEX_CONDITIONS_ONLY)) {
      expect(plan).not.toMatch(seqScanOf('contact_forms'));
      expect(plan).not.toMatch(WHOLE_INDEX);
    }
  });
});
