import { sql } from 'drizzle-orm';
import type { Executor } from './client';
import { BULK_GIN_PENDING_LIST_KB } from './ginPending';

/**
 * The session settings of a bulk write's own transaction (an import, its dry run, an import's undo,
 * a bulk delete), each set with `set_config(…, true)` so it ends with the transaction:
 *
 * - `gin_pending_list_limit`: the search indexes' new entries merged a few times, not hundreds
 *   (db/ginPending.ts).
 * - `plan_cache_mode = auto`: the PostgreSQL pool forces custom plans (db/client.ts) so that no list
 *   gets a generic plan, but the setting also reaches the plans PostgreSQL keeps for its foreign-key
 *   checks, which then plan each inserted row's check anew: a 100 000-product import planned 200 000
 *   brand and category look-ups and 100 000 user look-ups for its revisions. Measured on 1M products
 *   (the import's own statements, straight on the driver): the products' INSERT 4.4–4.9 s with `auto`
 *   against 6.8–7.1 s forced, the revisions' 2.2–2.6 s against 3.6–3.7 s (bench/README.md). The bulk
 *   write's own statements are unnamed, so they get custom plans either way. PGlite's session does
 *   not force them: there it changes nothing.
 */
export const BULK_WRITE_SETTINGS: readonly (readonly [name: string, value: string])[] = [
  ['gin_pending_list_limit', String(BULK_GIN_PENDING_LIST_KB)],
  ['plan_cache_mode', 'auto'],
];

/** Applies `BULK_WRITE_SETTINGS` for the rest of the transaction. */
export async function startBulkWrite(tx: Executor): Promise<void> {
  await tx.execute(
    sql`select ${sql.join(
      BULK_WRITE_SETTINGS.map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
      sql`, `,
    )}`,
  );
}
