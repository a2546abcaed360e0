import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { slugRedirects } from '../db/schema/slugRedirects';

/**
 * Redirects of changed slugs (docs/website-api.md "Redirects"), kept by every write of a kind with
 * a public slug (`server/webhooks/changes.ts` `watchChanges`, in the write's transaction).
 */

/** At most this many rows per statement (an import writes thousands; bind parameters are finite). */
const CHUNK = 5000;
const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, index) =>
    items.slice(index * CHUNK, (index + 1) * CHUNK),
  );

/** One written record's slug before and after the write (none before: a create or a restore). */
export interface SlugChange {
  id: number;
  from?: string;
  to?: string;
}

/**
 * After a create, update or restore: every slug now taken is no longer a redirect (the record
 * that took it wins), and every slug a record left points at that record (a slug it had before
 * moves to it again if another record had left it).
 */
export async function keepSlugRedirects(
  tx: Executor,
  resource: string,
  changes: readonly SlugChange[],
): Promise<void> {
  const taken = changes.flatMap((change) => (change.to ? [change.to] : []));
  for (const batch of chunks(taken))
    await tx
      .delete(slugRedirects)
      .where(and(eq(slugRedirects.resource, resource), inArray(slugRedirects.slug, batch)));
  const left = changes.flatMap((change) =>
    change.from && change.to && change.from !== change.to
      ? [{ resource, slug: change.from, record_id: change.id }]
      : [],
  );
  for (const batch of chunks(left))
    await tx
      .insert(slugRedirects)
      .values(batch)
      .onConflictDoUpdate({
        target: [slugRedirects.resource, slugRedirects.slug],
        set: { record_id: sql`excluded.record_id`, created_at: sql`now()` },
      });
}

/** After a delete: the records' old slugs lead nowhere any more. */
export async function forgetSlugRedirects(
  tx: Executor,
  resource: string,
  ids: readonly number[],
): Promise<void> {
  for (const batch of chunks(ids))
    await tx
      .delete(slugRedirects)
      .where(and(eq(slugRedirects.resource, resource), inArray(slugRedirects.record_id, batch)));
}

/** The record a kind's old slug now leads to, or null. */
export async function redirectedRecord(db: Executor, resource: string, slug: string): Promise<number | null> {
  const [found] = await db
    .select({ id: slugRedirects.record_id })
    .from(slugRedirects)
    .where(and(eq(slugRedirects.resource, resource), eq(slugRedirects.slug, slug)))
    .limit(1);
  return found?.id ?? null;
}
