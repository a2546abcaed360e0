import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  DASHBOARD_LIMITS,
  type RecentChange,
  type SubscriberDay,
} from '../../src/shared/contracts/dashboard';
import { addDays } from '../../src/shared/zonedDays';
import type { Executor } from '../db/client';
import { subscribes } from '../db/schema';
import { revisions } from '../db/schema/revisions';
import type { AnyResource } from '../crud/resource';
import { companyZone, dayAt, startOfDay } from '../lib/clock';
import { titleColumn } from '../resources/dated';

/**
 * Confirmed subscribers added on each of the last `subscriberDays` days (today included), by the
 * company's day, oldest first, days without any as 0. One range scan of `subscribes_created_at_idx`.
 */
export async function subscribersByDay(db: Executor, at: number): Promise<SubscriberDay[]> {
  const today = dayAt(at);
  const days = Array.from({ length: DASHBOARD_LIMITS.subscriberDays }, (_, index) =>
    addDays(today, index - (DASHBOARD_LIMITS.subscriberDays - 1)),
  );
  const day = sql<string>`to_char(${subscribes.created_at} at time zone ${companyZone()}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date: day, count: sql<number>`count(*)::int` })
    .from(subscribes)
    // Confirmed sign-ups only: a pending one (double opt-in) has not subscribed yet.
    .where(and(gte(subscribes.created_at, startOfDay(days[0])), eq(subscribes.state, 'subscribed')))
    // By the select's first column: the zone is a parameter, and a second one would not be the same expression.
    .groupBy(sql`1`);
  const counts = new Map(rows.map((row) => [String(row.date), Number(row.count)]));
  return days.map((date) => ({ date, count: counts.get(date) ?? 0 }));
}

/**
 * The titles of records of one resource, by id: their title now, or a deleted one's as it was
 * deleted (its latest delete's snapshot, `revisions_record_idx`); a record found in neither is missing.
 */
async function titlesOf(
  db: Executor,
  resource: AnyResource,
  ids: number[],
): Promise<{ titles: Map<number, string>; deleted: Set<number> }> {
  const { table, contract } = resource;
  const found = await db
    .select({ id: table.id, title: sql<string>`${titleColumn(resource)}` })
    .from(table)
    .where(inArray(table.id, [...new Set(ids)]));
  const titles = new Map(found.map((row) => [Number(row.id), String(row.title ?? '')]));
  const gone = [...new Set(ids)].filter((id) => !titles.has(id));
  if (gone.length) {
    const snapshots = await db
      .select({
        id: revisions.record_id,
        title: sql<string | null>`${revisions.snapshot} ->> ${contract.titleField}`,
      })
      .from(revisions)
      .where(
        and(
          eq(revisions.resource, String(contract.group)),
          inArray(revisions.record_id, gone),
          eq(revisions.action, 'delete'),
        ),
      )
      .orderBy(revisions.id);
    // The latest delete last: its title wins.
    for (const row of snapshots) if (row.title != null) titles.set(row.id, row.title);
  }
  return { titles, deleted: new Set(gone) };
}

/**
 * The caller's latest changes in the record history (a walk of `revisions_user_idx`, newest first),
 * of the resources they may read, each named by its record's title now (a deleted record's from its
 * snapshot, else `#id`).
 */
export async function recentChanges(
  db: Executor,
  userId: number,
  readable: readonly AnyResource[],
): Promise<RecentChange[]> {
  // The history keys its rows by permission group; a group's resources share it.
  const byGroup = new Map(readable.map((resource) => [String(resource.contract.group), resource]));
  if (!byGroup.size) return [];
  const rows = await db
    .select({
      resource: revisions.resource,
      record_id: revisions.record_id,
      action: revisions.action,
      created_at: revisions.created_at,
    })
    .from(revisions)
    .where(and(eq(revisions.user_id, userId), inArray(revisions.resource, [...byGroup.keys()])))
    .orderBy(desc(revisions.id))
    .limit(DASHBOARD_LIMITS.recentChanges);
  const named = new Map<string, Awaited<ReturnType<typeof titlesOf>>>();
  for (const [group, resource] of byGroup) {
    const ids = rows.filter((row) => row.resource === group).map((row) => row.record_id);
    if (ids.length) named.set(group, await titlesOf(db, resource, ids));
  }
  return rows.map((row) => {
    const { contract } = byGroup.get(row.resource)!;
    const { titles, deleted } = named.get(row.resource)!;
    return {
      key: contract.key,
      item: contract.item,
      route: contract.route,
      id: row.record_id,
      title: titles.get(row.record_id) || `#${row.record_id}`,
      action: row.action,
      // A deleted record has no page to open; the client links the others.
      deleted: deleted.has(row.record_id),
      at: row.created_at.toISOString(),
    };
  });
}
