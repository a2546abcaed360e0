import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * The size of a GIN index's pending list (PostgreSQL's `gin_pending_list_limit`, in kB) for the app's
 * connections: its minimum. A write adds its search entries to the pending list, and once the list is
 * over this size the writer merges it into the index. Kept small because every search scans the list
 * and every plan prices it in, and PGlite has no autovacuum to empty it (schema/indexes.ts).
 */
export const GIN_PENDING_LIST_KB = 64;

/**
 * The size for a bulk write's own transaction (an import): PostgreSQL's default. At 64 kB the list of
 * a 100 000-row import is merged hundreds of times, a few hundred rows each; at 4 MB about sixty
 * times, and the last by `mergePendingLists`. A 100 000-product insert on 1M products: 5.0–5.7 s at
 * 64 kB, 3.6 s at 4 MB, 3.3 s at 16 MB (bench/README.md). Set with a bulk write's other settings
 * (db/bulkWrite.ts).
 */
export const BULK_GIN_PENDING_LIST_KB = 4096;

/**
 * Merges the pending lists of the table's GIN indexes (`gin_clean_pending_list`), so that what a bulk
 * write left there is not scanned by every search until the next write. Only the indexes the
 * connection's role owns: the function refuses others (a VACUUM or the next write merges theirs).
 */
export async function mergePendingLists(tx: Executor, table: PgTable): Promise<void> {
  await tx.execute(sql`
    select gin_clean_pending_list(c.oid)
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_am am on am.oid = c.relam
    where i.indrelid = ${getTableName(table)}::regclass and am.amname = 'gin'
      and pg_has_role(c.relowner, 'USAGE')`);
}
