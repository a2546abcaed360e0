import { index, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/**
 * The index of a list search over one column (`search:` in `resources/<resource>.ts`): a trigram GIN
 * index (pg_trgm, created by migration 0003), which `ilike '%term%'` can use for a term of 3
 * characters or more. A search over several columns is one expression instead (`searchExpression`
 * in server/crud/list.ts), indexed the same way in the hand-written migration `search_expressions`.
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
export const trigramIndex = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops'));
