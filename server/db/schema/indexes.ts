import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import { index, uniqueIndex, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/**
 * What a list search of several columns matches: the columns joined by a line break, one text that
 * the resource's trigram expression index covers. The list (`searchCondition` in server/crud/list.ts)
 * and the index (`searchIndex` below) both build it here, so the planner matches the one to the
 * other: one index condition however many columns, instead of an OR over one index per column
 * (which the planner priced badly at 1M rows, issue 11).
 */
export function searchExpression(columns: readonly Column[]): SQL {
  return sql.join(
    columns.map((col) => sql`coalesce(${col}, '')`),
    sql.raw(` || E'\\n' || `),
  );
}

/** What joins the columns in the search expression (a text holding it is matched column by column). */
export const SEARCH_SEPARATOR = '\n';

/** The name of a table's search index: `<table>_<column>_trgm_idx` for one column, else `<table>_search_idx`. */
export function searchIndexName(table: string, columns: readonly { name: string }[]): string {
  return columns.length === 1 ? `${table}_${columns[0].name}_trgm_idx` : `${table}_search_idx`;
}

/**
 * The index of a list search (`search:` in `server/resources/<resource>.ts`, the same columns in the
 * same order; server/test/search-indexes.test.ts checks both): a trigram GIN index (pg_trgm, created by
 * migration 0003), which `ilike '%term%'` uses for a term of 3 characters or more. One column: on the
 * column; several: on their `searchExpression`. `keys` lead the index (btree_gin, migration 0018): a
 * search filtered by them is then one GIN scan (the products' brand and category).
 *
 * The size of a GIN index's pending list is not an index option but the session's
 * `gin_pending_list_limit`: the app's connections set its minimum, 64 kB (`db/client.ts`,
 * `GIN_PENDING_LIST_KB`), and an import raises it for its own transaction (`db/ginPending.ts`). New
 * entries wait in a pending list that every search scans and every plan prices in, and only a list
 * over the limit (or a VACUUM) is merged. PGlite has no autovacuum, so a 4 MB list stayed put and the
 * count of a search on 100k products fell back to a sequential scan (164 ms instead of 6 ms). With no
 * pending list at all (`fastupdate = off`) imports were up to 30% slower on PostgreSQL. Migration
 * `gin_pending_list_session` moved the limit from the indexes (where it overrode the session's) to
 * the sessions.
 */
export function searchIndex(
  columns: readonly ExtraConfigColumn[],
  options: { keys?: ExtraConfigColumn[] } = {},
) {
  if (!columns.length) throw new Error('searchIndex: name at least one column');
  const name = searchIndexName(getTableName(columns[0].table), columns);
  // An expression in an index needs its own parentheses; its operator class follows them.
  const search =
    columns.length === 1 ? columns[0].op('gin_trgm_ops') : sql`(${searchExpression(columns)}) gin_trgm_ops`;
  const [first, ...rest] = [...(options.keys ?? []), search];
  return index(name).using('gin', first, ...rest);
}

/**
 * A unique index on `lower(column)`: names that staff pick from a list (a brand, a category) are
 * unique whatever their case ("KESTREL VALVES" beside "Kestrel Valves" is refused, issue 41). The
 * writers say so first with the field's 422 (`uniqueName` in server/crud/fields.ts); this is the
 * last guard against two writes racing.
 */
export function lowerUniqueIndex(col: ExtraConfigColumn) {
  return uniqueIndex(`${getTableName(col.table)}_${col.name}_lower_idx`).on(sql`lower(${col})`);
}

/**
 * An index per file reference of a table (`image_id`, `logo_id` …), only over the rows that hold
 * one: the media library finds the records using a file through them (server/repositories/media.ts),
 * and deleting a file clears its references through them (`on delete set null`).
 */
export const fileRefIndexes = (...columns: ExtraConfigColumn[]) =>
  columns.map((col) =>
    index(`${getTableName(col.table)}_${col.name}_idx`)
      .on(col)
      .where(sql`${col} is not null`),
  );
