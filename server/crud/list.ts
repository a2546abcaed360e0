import { LIST_MESSAGES } from '../../src/shared/messages/lists';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  is,
  lt,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { getTableConfig, PgColumn } from 'drizzle-orm/pg-core';
import { addDays } from '../../src/shared/zonedDays';
import { startOfDay } from '../lib/clock';
import type { FastifyInstance } from 'fastify';
import {
  can,
  parseListQuery as readListQuery,
  type DateRangeValue,
  type ListQuery,
  type ListResponse,
} from '../../src/shared/resources/resource';
import { listAnswer } from '../../src/shared/resources/wire';
import { format } from '../../src/shared/messages';
import type { Executor } from '../db/client';
import { SEARCH_SEPARATOR, searchExpression } from '../db/schema/indexes';
import { HttpError } from '../lib/httpError';
import { currentUser } from '../plugins/auth';
import { errorResponses, listQueryDoc } from './openapi';
import type { AnyResource } from './resource';
import { flatRows } from './rows';

/** `%` and `_` match literally in a search; `\` is LIKE's default escape. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Parses the list query against the contract (filters.ts); anything malformed is a 422 naming its
 * parameters. Everything that can refuse is checked here, before an export starts streaming (a
 * refusal then would cut the file short).
 */
export function parseListQuery(resource: AnyResource, raw: unknown, viewer?: number): ListQuery {
  const { query, errors } = readListQuery(resource.contract, (raw ?? {}) as Record<string, unknown>);
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(422, first[0], errors);
  return viewer === undefined ? query : { ...query, viewer };
}

/** The column a date range filters on: the contract's `dateField` in the resource's own table. */
export function dateColumn(resource: AnyResource): PgColumn {
  const name = resource.contract.dateField ?? 'created_at';
  const col = getTableColumns(resource.table)[name];
  if (!col) throw new Error(`${resource.contract.group}: the table has no ${name} column (dateField)`);
  return col;
}

/**
 * A date range on a column. Both ends are inclusive days: a date column compares the days
 * themselves, a timestamp everything from the first day's start to before the day after the last
 * (days starting at midnight in the company's time zone).
 */
export function dateRangeCondition(col: PgColumn, range: DateRangeValue): SQL | undefined {
  if (col.getSQLType() === 'date') {
    return and(range.from ? gte(col, range.from) : undefined, range.to ? lte(col, range.to) : undefined);
  }
  return and(
    range.from ? gte(col, startOfDay(range.from)) : undefined,
    range.to ? lt(col, startOfDay(addDays(range.to, 1))) : undefined,
  );
}

/**
 * The search condition: one ILIKE on the search expression (or the one column), which the table's
 * `searchIndex` (server/db/schema/indexes.ts) answers.
 */
export function searchCondition(columns: readonly PgColumn[], text: string): SQL | undefined {
  const pattern = likePattern(text);
  if (columns.length === 1) return ilike(columns[0], pattern);
  // A line break in the text would match across two columns: such a text (never typed in the search
  // box) matches each column on its own, unindexed.
  if (text.includes(SEARCH_SEPARATOR)) return or(...columns.map((col) => ilike(col, pattern)));
  return ilike(searchExpression(columns), pattern);
}

/** The where clause of a list: the search, then each set filter by its kind. */
export function listWhere(resource: AnyResource, query: ListQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (query.search && resource.search.length) parts.push(searchCondition(resource.search, query.search));
  for (const [name, filter] of Object.entries(resource.contract.filters)) {
    const value = query.filters[name] ?? (filter.kind === 'enum' ? filter.whenUnset : undefined);
    if (value === undefined) continue;
    if (filter.kind === 'dateRange')
      parts.push(dateRangeCondition(dateColumn(resource), value as DateRangeValue));
    else parts.push(resource.filters[name](value, query));
  }
  return and(...parts);
}

/** The whitelisted sort, then id in the same direction so pages never overlap. */
export function listOrder(resource: AnyResource, query: ListQuery): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  return [direction(resource.sort[query.sort]), direction(resource.table.id)];
}

/**
 * Up to this many matching rows a list's total is exact; above it, counting every row would cost
 * more than the page (70 ms for 1M products), so the total is the planner's estimate and the answer
 * says so (`meta.total_estimated`, never below this limit + 1). The grid pages on either.
 */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * How deep a list pages: a page starting past this many rows is refused (422 on `page`), since
 * OFFSET reads and drops every row before it (page 40 000 of 1M products took 1.9 s). The grid
 * pages on from the first rows; deeper rows are reached by narrowing the list or reversing the sort.
 */
export const MAX_LIST_OFFSET = EXACT_COUNT_LIMIT;

/** A 422 on `page` when the page starts past `MAX_LIST_OFFSET` rows. */
export function checkListDepth(query: ListQuery): void {
  if ((query.page - 1) * query.per_page < MAX_LIST_OFFSET) return;
  const message = format(LIST_MESSAGES.tooDeep, { count: MAX_LIST_OFFSET.toLocaleString('en-US') });
  throw new HttpError(422, message, { page: [message] });
}

/** The planner's row estimate of a query (EXPLAIN, nothing run). */
async function plannedRows(db: Executor, query: SQLWrapper): Promise<number> {
  const result = (await db.execute(sql`explain (format json) ${query.getSQL()}`)) as {
    rows: Record<string, unknown>[];
  };
  const cell = Object.values(result.rows[0])[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan[0].Plan['Plan Rows']);
}

/**
 * The table's row count as the planner estimates it for a whole-table scan (PostgreSQL's
 * `estimate_rel_size`): the row density of the last ANALYZE times the table's current size in pages.
 * Null when the table was never analysed with rows in it.
 */
const tableEstimate = (name: string): SQL<number | null> =>
  sql<
    number | null
  >`(select case when c.relpages > 0 then round(c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::float8)) end from pg_class c where c.oid = to_regclass(${name}))`.mapWith(
    (value: unknown) => (value === null ? null : Number(value)),
  );

/** The table's `reltuples` (the row count of its last ANALYZE; -1 or 0 when never analysed with rows). */
const tableReltuples = (name: string) =>
  sql<number>`(select reltuples from pg_class where oid = to_regclass(${name}))`.mapWith(Number);

/** `tableReltuples` and `tableEstimate` in a statement of their own. */
async function tableStatistics(db: Executor, name: string) {
  const result = (await db.execute(
    sql`select ${tableReltuples(name)} as reltuples, ${tableEstimate(name)} as table_rows`,
  )) as { rows: { reltuples: unknown; table_rows: unknown }[] };
  const [{ reltuples, table_rows }] = result.rows;
  return { reltuples: Number(reltuples), tableRows: table_rows === null ? null : Number(table_rows) };
}

/**
 * The list's estimated total, once a count found more than `EXACT_COUNT_LIMIT` rows (`counted`):
 * the planner's estimate of the same query, never below what was counted. The estimate follows
 * the table's current size in pages, scaled by the row density of the last ANALYZE; a table whose
 * statistics are stale (PGlite has no autovacuum) is analysed, here. `reltuples` and `tableRows`
 * are the table's statistics when the caller already has them (an unfiltered list's count carries
 * them); otherwise they are read.
 */
async function estimatedTotal(
  resource: AnyResource,
  db: Executor,
  where: SQL | undefined,
  counted: number,
  statistics?: { reltuples: number; tableRows: number | null },
): Promise<{ total: number; estimated: true }> {
  const { table } = resource;
  const name = getTableConfig(table).name;
  const { reltuples, tableRows } = statistics ?? (await tableStatistics(db, name));
  // Statistics that count fewer rows in the whole table than this count just found are stale (never
  // analysed, or analysed empty right after the migrations): analyse it, as autovacuum would.
  const stale = reltuples < counted;
  if (stale) await db.execute(sql`analyze ${sql.identifier(name)}`);
  const estimate =
    where === undefined && !stale && tableRows !== null
      ? tableRows
      : await plannedRows(
          db,
          db
            .select({ one: sql`1` })
            .from(table)
            .where(where),
        );
  return { total: Math.max(counted, estimate), estimated: true };
}

/**
 * The list's total: a count that stops after `EXACT_COUNT_LIMIT` + 1 rows (a few milliseconds
 * however large the table), exact below the limit; above it, the planner's estimate of the same
 * query (`estimatedTotal`). The count carries the table's statistics in the same statement, so an
 * unfiltered list's estimate costs no second one (a filtered list above the limit asks the
 * planner: EXPLAIN).
 */
export async function listTotal(
  resource: AnyResource,
  db: Executor,
  where: SQL | undefined,
): Promise<{ total: number; estimated: boolean }> {
  const { table } = resource;
  const name = getTableConfig(table).name;
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('capped');
  const [{ total, reltuples, tableRows }] = await db
    .select({ total: count(), reltuples: tableReltuples(name), tableRows: tableEstimate(name) })
    .from(capped);
  if (total <= EXACT_COUNT_LIMIT) return { total, estimated: false };
  return estimatedTotal(resource, db, where, total, { reltuples, tableRows });
}

/** Adds a field to a drizzle select after it was built (drizzle maps the fields it is given at run time). */
function addField(select: unknown, name: string, field: SQL | SQL.Aliased): void {
  (select as { config: { fields: Record<string, unknown> } }).config.fields[name] = field;
}

/** The hidden field of a searched page's rows: how many rows match, up to the limit + 1. */
const MATCHES_FIELD = '__matches';

/**
 * From this many rows before a page on, the page picks its rows' ids from the table alone (where,
 * order, offset) and joins only those to the resource's select; before it, the select is ordered
 * and offset as it is. Every row OFFSET skips in the plain select was fetched and joined (page 500
 * of 1M products: 18.6 ms, 350 q/s on PostgreSQL); picked first, the skipped rows come from the
 * sort's (column, id) index alone (8.4 ms, 1 800 q/s). A first page pays for the second plan
 * (5 000 → 3 600 q/s), so shallow pages keep the plain one.
 */
export const DEFERRED_JOIN_OFFSET = 500;

/**
 * The statement a list sends for its page, and whether it also carries the total:
 *
 * - A searched list (sorted by a column of its own table): the page and its total in one statement.
 *   A search is answered by the trigram index as a bitmap: the page must read and sort every match
 *   anyway, and a separate count read the same matches again (the GIN scan and the recheck of every
 *   candidate row: half the work of the issue-11 headline list). Here the matches are read once, up
 *   to `EXACT_COUNT_LIMIT` + 1 of them, as (id, sort value) only; a window count over them is the
 *   total (`MATCHES_FIELD` of every row), and only the page's ids are joined to the select:
 *
 *     select …, picked.matches from products … join (
 *       select id, sort_key, count(*) over () as matches from (
 *         select id, <sort> as sort_key from products where <search and filters> limit 10001
 *       ) order by sort_key, id limit <per page> offset <offset>) picked on picked.id = products.id
 *
 * - A page past `DEFERRED_JOIN_OFFSET` rows (sorted by a column of its own table): the same
 *   deferred join without the count (the rows before the page are skipped in the sort's index).
 * - Otherwise (or sorted by a joined table's column): the select, ordered, limited and offset.
 *
 * The filters and the search use the resource's own table only (the total counts that table
 * alone too), so picking the page's ids before the joins selects the same rows.
 * bench/scale.ts sends the same statements as the floor.
 */
export function listPageQuery(resource: AnyResource, db: Executor, query: ListQuery, where: SQL | undefined) {
  const { table } = resource;
  const sortBy = resource.sort[query.sort];
  const offset = (query.page - 1) * query.per_page;
  const searched = Boolean(query.search && resource.search.length);
  const own = is(sortBy, PgColumn) && sortBy.table === table;
  if (!own || (!searched && offset < DEFERRED_JOIN_OFFSET)) {
    const statement = resource
      .select(db)
      .where(where)
      .orderBy(...listOrder(resource, query))
      .limit(query.per_page)
      .offset(offset);
    return { statement, carriesTotal: false };
  }
  const direction = query.order === 'asc' ? asc : desc;
  const rows = db
    .select({ id: table.id, sort: sql`${sortBy}`.as('sort_key') })
    .from(table)
    .where(where);
  const select = resource.select(db);
  if (!searched) {
    const picked = rows
      .orderBy(direction(sortBy), direction(table.id))
      .limit(query.per_page)
      .offset(offset)
      .as('picked');
    const statement = select
      .innerJoin(picked, eq(picked.id, table.id))
      .orderBy(direction(picked.sort), direction(picked.id));
    return { statement, carriesTotal: false };
  }
  const matches = rows.limit(EXACT_COUNT_LIMIT + 1).as('matches');
  const picked = db
    .select({
      id: matches.id,
      sort: matches.sort,
      matches: sql<number>`count(*) over ()`.mapWith(Number).as('matches'),
    })
    .from(matches)
    .orderBy(direction(matches.sort), direction(matches.id))
    .limit(query.per_page)
    .offset(offset)
    .as('picked');
  addField(select, MATCHES_FIELD, picked.matches);
  const statement = select
    .innerJoin(picked, eq(picked.id, table.id))
    .orderBy(direction(picked.sort), direction(picked.id));
  return { statement, carriesTotal: true };
}

/** One page of the list and the total, with the same where clause. */
export async function listPage<Item>(
  resource: AnyResource,
  db: Executor,
  query: ListQuery,
): Promise<ListResponse<Item>> {
  const where = listWhere(resource, query);
  const { statement, carriesTotal } = listPageQuery(resource, db, query, where);
  const read = () => statement as unknown as Promise<Record<string, unknown>[]>;
  let rows: Record<string, unknown>[];
  let counted: { total: number; estimated: boolean };
  if (!carriesTotal) {
    // On PostgreSQL the page and the total run side by side, on two pooled connections.
    [rows, counted] = await Promise.all([read(), listTotal(resource, db, where)]);
  } else {
    rows = await read();
    const matches = rows.length ? (rows[0][MATCHES_FIELD] as number) : undefined;
    for (const row of rows) delete row[MATCHES_FIELD];
    if (matches === undefined)
      // No row carried the total: none match (a first page), or the page is past the last.
      counted = query.page === 1 ? { total: 0, estimated: false } : await listTotal(resource, db, where);
    else if (matches <= EXACT_COUNT_LIMIT) counted = { total: matches, estimated: false };
    else {
      // The matches read were not the first in the sort's order: the page is read as any list's.
      const plain = listPageQuery(resource, db, { ...query, search: '' }, where).statement;
      [rows, counted] = await Promise.all([
        plain as unknown as Promise<Record<string, unknown>[]>,
        estimatedTotal(resource, db, where, matches),
      ]);
    }
  }
  const data = (await resource.toItems(db, rows as never)) as Item[];
  const { total, estimated } = counted;
  return {
    data,
    meta: {
      current_page: query.page,
      per_page: query.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      ...(estimated ? { total_estimated: true } : {}),
    },
  };
}

/**
 * Rows per export batch: one database query each. At 1 000 a batch and the one read ahead lived long
 * enough to be promoted to V8's old space (server RSS ~400 MiB); at 500 it stays at its resting size.
 */
export const EXPORT_CHUNK = 500;

/** The hidden field an export's query adds to its rows: the sort value, as text, for the next batch. */
const KEYSET_FIELD = '__keyset_sort';

/**
 * The rows after the last one of a batch, in the list's order: `(sort, id) > (last sort, last id)`
 * (`<` descending). A row comparison on a not-null column of the resource's table, which its
 * (column, id) index answers directly; any other sort (PostgreSQL puts NULLs last ascending, first descending) spells out
 * the NULLs. The last value comes back as text and is cast to the column's type (a timestamp keeps
 * its microseconds).
 */
export function keysetAfter(
  sortBy: SQLWrapper,
  id: PgColumn,
  ascending: boolean,
  last: { sort: string | null; id: number },
): SQL {
  const column = is(sortBy, PgColumn) ? sortBy : undefined;
  // Only the resource's own columns are surely not null: a joined table's may be outer-joined.
  const notNull = column?.notNull === true && column.table === id.table;
  const value =
    last.sort === null
      ? null
      : column
        ? sql`${last.sort}::${sql.raw(column.getSQLType())}`
        : sql`${last.sort}`;
  const expr = sortBy.getSQL();
  const past = ascending ? sql`>` : sql`<`;
  if (notNull && value !== null) return sql`(${expr}, ${id}) ${past} (${value}, ${last.id})`;
  if (value === null)
    // Ascending, the NULLs come last: only more NULLs follow. Descending, they come first: then every value.
    return ascending
      ? sql`(${expr} is null and ${id} > ${last.id})`
      : sql`(${expr} is not null or ${id} < ${last.id})`;
  const tie = sql`(${expr} = ${value} and ${id} ${past} ${last.id})`;
  return ascending
    ? sql`(${expr} > ${value} or ${tie} or ${expr} is null)`
    : sql`(${expr} < ${value} or ${tie})`;
}

/**
 * Every item matching the list's filters and sort, one database batch at a time, each batch read
 * by keyset (the rows after the previous batch's last sort value and id, never OFFSET, so every
 * batch costs the same however deep). An export never holds more than one batch; each becomes one
 * chunk of the download.
 */
export async function* itemBatches<Item>(
  resource: AnyResource,
  db: Executor,
  query: ListQuery,
  chunk = EXPORT_CHUNK,
): AsyncGenerator<Item[]> {
  const where = listWhere(resource, query);
  const order = listOrder(resource, query);
  const sortBy = resource.sort[query.sort];
  const ascending = query.order === 'asc';
  const fetch = async (last?: { sort: string | null; id: number }) => {
    const select = resource.select(db);
    // The sort value rides along with each row.
    addField(select, KEYSET_FIELD, sql<string | null>`(${sortBy.getSQL()})::text`);
    return (await flatRows(
      select
        .where(and(where, last ? keysetAfter(sortBy, resource.table.id, ascending, last) : undefined))
        .orderBy(...order)
        .limit(chunk),
    )) as Record<string, unknown>[];
  };
  let rows = await fetch();
  while (rows.length) {
    const end = rows[rows.length - 1];
    // The next batch is read while this one is mapped and sent (on PostgreSQL, on another pooled
    // connection). An export stopped meanwhile drops it; its failure is then nobody's.
    const next =
      rows.length < chunk
        ? undefined
        : fetch({ sort: end[KEYSET_FIELD] as string | null, id: Number(end.id) });
    next?.catch(() => undefined);
    yield (await resource.toItems(db, rows as never)) as Item[];
    if (!next) return;
    rows = await next;
  }
}

/** `GET /api/<group>`: a page of the list (index permission). */
export function listRoute(app: FastifyInstance, resource: AnyResource, base: string): void {
  const { contract } = resource;
  app.get(
    base,
    {
      preValidation: app.requirePermission(can(contract, 'index')),
      schema: {
        tags: [contract.group],
        summary: `List ${contract.group}`,
        security: [{ bearer: [] }],
        querystring: listQueryDoc(contract),
        response: { 200: listAnswer(contract.wire), ...errorResponses(422) },
      },
    },
    async (request) => {
      const query = parseListQuery(resource, request.query, currentUser(request).id);
      checkListDepth(query);
      return listPage(resource, app.db, query);
    },
  );
}
