import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { eq } from 'drizzle-orm';
import type { Source } from '../../src/shared/resources/contactForms';
import type { Executor } from '../db/client';
import { inboxSources } from '../db/schema';

dayjs.extend(utc);

/** Saturday and Sunday (dayjs `day()`: 0 is Sunday). */
const WEEKEND = new Set([0, 6]);

/**
 * When a message that arrived at `arrived` is due with a service level of `days` working days:
 * counted Mon–Fri in UTC (the product keeps no time zone of the company), the time of day kept —
 * 1 working day after Friday 15:00 is Monday 15:00, after Saturday 10:00 Monday 10:00. No holidays
 * (docs/decisions/2026-12-02-working-days.md).
 */
export function dueAfter(arrived: Date, days: number): Date {
  let at = dayjs.utc(arrived);
  for (let counted = 0; counted < days;) {
    at = at.add(1, 'day');
    if (!WEEKEND.has(at.day())) counted++;
  }
  return at.toDate();
}

/** The service level (working days) of a source, or null when it has none. */
export async function serviceLevelOf(db: Executor, source: Source): Promise<number | null> {
  const [row] = await db
    .select({ days: inboxSources.service_level_days })
    .from(inboxSources)
    .where(eq(inboxSources.source, source));
  return row?.days ?? null;
}

/** When a message from `source` that arrived at `arrived` is due (null: its source has no service level). */
export async function dueTimeOf(db: Executor, source: Source, arrived: Date): Promise<Date | null> {
  const days = await serviceLevelOf(db, source);
  return days ? dueAfter(arrived, days) : null;
}
