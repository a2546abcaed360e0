import { and, between, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { CALENDAR_LIMITS, calendarAnswerWire, type CalendarItem } from '../../src/shared/contracts/calendar';
import { format } from '../../src/shared/messages';
import { CALENDAR_MESSAGES } from '../../src/shared/messages/calendar';
import { PERMISSIONS } from '../../src/shared/permissions';
import { publishState } from '../../src/shared/resources/publishing';
import { canIndex } from '../../src/shared/resources/resource';
import { API_PATHS } from '../../src/shared/routes';
import type { Executor } from '../db/client';
import { bearer, errorResponses } from '../crud/openapi';
import type { AnyResource } from '../crud/resource';
import { today } from '../lib/clock';
import { HttpError } from '../lib/httpError';
import { currentUser } from '../plugins/auth';
import { RESOURCES } from '../resources';
import { datedColumns, titleColumn } from '../resources/dated';

const DAY_MS = 86_400_000;
const ALL = RESOURCES as readonly AnyResource[];

/** The dated resources (promotions, news, product articles; highlights have no dates). */
export const CALENDAR_RESOURCES = ALL.filter((resource) => datedColumns(resource) !== null);

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** `from` and `to` as days, checked: both dates, `to` not before `from`, at most maxDays; else 422. */
export function calendarRange(query: { from?: unknown; to?: unknown }): { from: string; to: string } {
  const errors: Record<string, string[]> = {};
  for (const field of ['from', 'to'] as const)
    if (!isDay(query[field])) errors[field] = [format(CALENDAR_MESSAGES.invalidDay, { field })];
  const [first] = Object.values(errors);
  if (first) throw new HttpError(422, first[0], errors);
  const from = query.from as string;
  const to = query.to as string;
  const refuse = (message: string) => new HttpError(422, message, { to: [message] });
  if (to < from) throw refuse(CALENDAR_MESSAGES.toBeforeFrom);
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days > CALENDAR_LIMITS.maxDays)
    throw refuse(format(CALENDAR_MESSAGES.tooLong, { max: CALENDAR_LIMITS.maxDays }));
  return { from, to };
}

/**
 * One resource's items in [from, to]: going live or ending in it, or (with an end column) running
 * across it, open-ended ones (no end) that went live before it included. Each branch is a range on
 * one date index (a BitmapOr); drafts are included.
 */
export async function calendarItems(
  db: Executor,
  resource: AnyResource,
  from: string,
  to: string,
): Promise<CalendarItem[]> {
  const columns = datedColumns(resource);
  if (!columns) return [];
  const branches: SQL[] = [between(columns.date, from, to)];
  if (columns.end)
    branches.push(
      between(columns.end, from, to),
      and(gt(columns.end, to), lt(columns.date, from))!,
      and(isNull(columns.end), lt(columns.date, from))!,
    );
  return readItems(db, resource, or(...branches)!);
}

/** One record of a dated resource as a calendar item (after a move); undefined when there is none. */
export async function calendarItem(
  db: Executor,
  resource: AnyResource,
  id: number,
): Promise<CalendarItem | undefined> {
  const [item] = await readItems(db, resource, eq(resource.table.id, id));
  return item;
}

/** A dated resource's rows matching `where` as calendar items, by go-live day (at most perResource). */
async function readItems(db: Executor, resource: AnyResource, where: SQL): Promise<CalendarItem[]> {
  const columns = datedColumns(resource)!;
  const { contract, table } = resource;
  const title = titleColumn(resource);
  const rows = await db
    .select({
      id: table.id,
      title: sql<string>`${title}`,
      date: sql<string>`${columns.date}::text`,
      end_date: columns.end ? sql<string | null>`${columns.end}::text` : sql<null>`null`,
      status: sql<number>`${columns.status}`,
      updated_at: table.updated_at,
    })
    .from(table)
    .where(where)
    .orderBy(columns.date, table.id)
    .limit(CALENDAR_LIMITS.perResource);
  const day = today();
  return rows.map((row) => {
    const item = { status: Number(row.status) as 0 | 1, date: row.date, end_date: row.end_date };
    return {
      key: contract.key,
      group: contract.group,
      item: contract.item,
      route: contract.route,
      id: Number(row.id),
      title: String(row.title),
      date: row.date,
      end_date: row.end_date,
      publish_state: publishState(item, day),
      updated_at: (row.updated_at as Date).toISOString(),
      overlaps: false,
    };
  });
}

/** Marks each promotion whose run (date to end_date, open-ended without one) meets another's. */
export function markOverlaps(items: CalendarItem[]): CalendarItem[] {
  const runs = items.filter((item) => item.key === 'promotions');
  const meets = (a: CalendarItem, b: CalendarItem) =>
    a.date <= (b.end_date ?? '9999-12-31') && b.date <= (a.end_date ?? '9999-12-31');
  for (const run of runs) run.overlaps = runs.some((other) => other !== run && meets(run, other));
  return items;
}

/** `GET /api/calendar?from=&to=`: the dated content the caller may read, checked per resource. */
export async function calendarRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    API_PATHS.calendar,
    {
      preValidation: app.requirePermission(PERMISSIONS.any),
      schema: {
        tags: ['calendar'],
        summary: 'The publishing calendar of a range of days',
        description:
          `Items going live or ending between \`from\` and \`to\` (YYYY-MM-DD, at most ${CALENDAR_LIMITS.maxDays} ` +
          'days; 422 otherwise), and promotions running across the range, of each resource whose index ' +
          'permission the caller holds; overlapping promotions are marked.',
        security: bearer,
        querystring: Type.Object({ from: Type.Optional(Type.String()), to: Type.Optional(Type.String()) }),
        response: { 200: calendarAnswerWire, ...errorResponses(422) },
      },
    },
    async (request) => {
      const { from, to } = calendarRange(request.query as { from?: unknown; to?: unknown });
      const { permissions } = currentUser(request);
      const items: CalendarItem[] = [];
      for (const resource of CALENDAR_RESOURCES) {
        if (!canIndex(permissions, resource.contract)) continue;
        items.push(...(await calendarItems(app.db, resource, from, to)));
      }
      items.sort((a, b) => a.date.localeCompare(b.date) || a.key.localeCompare(b.key) || a.id - b.id);
      return { data: { from, to, items: markOverlaps(items) } };
    },
  );
}
