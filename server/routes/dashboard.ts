import { and, between, count, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  DASHBOARD_LIMITS,
  dashboardWire,
  type Dashboard,
  type WeekChange,
} from '../../src/shared/contracts/dashboard';
import { hasPermission, PERMISSIONS } from '../../src/shared/permissions';
import { canIndex } from '../../src/shared/resources/resource';
import { API_PATHS } from '../../src/shared/routes';
import type { Executor } from '../db/client';
import { bearer, errorResponses } from '../crud/openapi';
import type { AnyResource } from '../crud/resource';
import { recentChanges, subscribersByDay } from '../dashboard/cards';
import { inboxCounts } from '../inbox/ownership';
import { addDays } from '../../src/shared/zonedDays';
import { dayAt, now } from '../lib/clock';
import { currentUser } from '../plugins/auth';
import { RESOURCES } from '../resources';
import { datedColumns, titleColumn } from '../resources/dated';

const ALL = RESOURCES as readonly AnyResource[];

/** The content whose staleness the dashboard counts: the website's pages and the four content kinds. */
const CONTENT_KEYS = new Set(['pages', 'productHighlights', 'promotions', 'news', 'productArticles']);

/** One dated resource's Active items going live, or ending, within [from, to] (their date indexes). */
async function weekChanges(
  db: Executor,
  resource: AnyResource,
  from: string,
  to: string,
): Promise<WeekChange[]> {
  const columns = datedColumns(resource);
  if (!columns) return [];
  const { contract, table } = resource;
  const title = titleColumn(resource);
  const status = (table as unknown as { status: PgColumn }).status;
  const read = async (col: PgColumn, change: WeekChange['change'], after: SQL) => {
    const rows = await db
      .select({ id: table.id, title: sql<string>`${title}`, date: sql<string>`${col}::text` })
      .from(table)
      .where(and(eq(status, 1), after))
      .orderBy(col, table.id)
      .limit(DASHBOARD_LIMITS.weekPerResource);
    return rows.map((row) => ({
      key: contract.key,
      item: contract.item,
      route: contract.route,
      id: Number(row.id),
      title: String(row.title),
      date: String(row.date),
      change,
    }));
  };
  // Going live: dated after today (today's are live already), up to the last day.
  const live = await read(
    columns.date,
    'goes-live',
    and(gt(columns.date, from), sql`${columns.date} <= ${to}`)!,
  );
  const ends = columns.end ? await read(columns.end, 'ends', between(columns.end, from, to)) : [];
  return [...live, ...ends];
}

async function staleCount(db: Executor, resource: AnyResource, before: Date): Promise<number> {
  const { table } = resource;
  const updated = (table as unknown as { updated_at: PgColumn }).updated_at;
  const [{ total }] = await db.select({ total: count() }).from(table).where(lt(updated, before));
  return total;
}

/** `GET /api/dashboard`: the week ahead, stale content and new subscribers, as far as the caller may read. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    API_PATHS.dashboard,
    {
      preValidation: app.requirePermission(PERMISSIONS.any),
      schema: {
        tags: ['dashboard'],
        summary: 'What needs attention',
        description:
          `Active content going live or ending in the next ${DASHBOARD_LIMITS.weekDays} days (today ` +
          `included), content not updated in ${DASHBOARD_LIMITS.staleMonths} months, and subscribers added ` +
          `in the last ${DASHBOARD_LIMITS.subscriberDays} days (subscribed, not pending; per day of the company's time zone), ` +
          `the caller's own last ${DASHBOARD_LIMITS.recentChanges} changes, and the inbox's counts (New, overdue, the caller's open ones); ` +
          'each only for resources whose index permission the caller holds.',
        security: bearer,
        response: { 200: Type.Object({ data: dashboardWire }), ...errorResponses() },
      },
    },
    async (request) => {
      const { permissions } = currentUser(request);
      const readable = ALL.filter((resource) => canIndex(permissions, resource.contract));
      const at = now();
      const from = dayAt(at);
      const to = addDays(from, DASHBOARD_LIMITS.weekDays - 1);
      const changes: WeekChange[] = [];
      for (const resource of readable) changes.push(...(await weekChanges(app.db, resource, from, to)));
      changes.sort((a, b) => a.date.localeCompare(b.date) || a.key.localeCompare(b.key) || a.id - b.id);

      const before = new Date(at);
      before.setUTCMonth(before.getUTCMonth() - DASHBOARD_LIMITS.staleMonths);
      const stale: Dashboard['stale'] = [];
      for (const resource of readable.filter((candidate) => CONTENT_KEYS.has(candidate.contract.key))) {
        const total = await staleCount(app.db, resource, before);
        if (total)
          stale.push({
            key: resource.contract.key,
            item: resource.contract.item,
            route: resource.contract.route,
            count: total,
          });
      }

      const byDay = hasPermission(permissions, PERMISSIONS.subscribesIndex)
        ? await subscribersByDay(app.db, at)
        : null;
      const data: Dashboard = {
        week: { from, to, changes },
        stale,
        subscribers_added: byDay ? byDay.reduce((sum, day) => sum + day.count, 0) : null,
        subscribers_by_day: byDay,
        recent_changes: await recentChanges(app.db, currentUser(request).id, readable),
        inbox: hasPermission(permissions, PERMISSIONS.contactFormsIndex)
          ? await inboxCounts(app.db, currentUser(request).id)
          : null,
      };
      return { data };
    },
  );
}
