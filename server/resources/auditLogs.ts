import { inArray } from 'drizzle-orm';
import {
  AUDIT_KIND_LABELS,
  auditLogsResource,
  type AuditLogEntry,
} from '../../src/shared/resources/auditLogs';
import type { Executor } from '../db/client';
import { auditLogs, roles, users } from '../db/schema';
import { defineServerResource, type ResourceTable } from '../crud/define';

const select = (db: Executor) =>
  db
    .select({
      id: auditLogs.id,
      created_at: auditLogs.created_at,
      kind: auditLogs.kind,
      actor_id: auditLogs.actor_id,
      actor_name: auditLogs.actor_name,
      actor_email: auditLogs.actor_email,
      ip: auditLogs.ip,
      resource: auditLogs.resource,
      record_id: auditLogs.record_id,
      summary: auditLogs.summary,
      details: auditLogs.details,
    })
    .from(auditLogs)
    .$dynamic();

type Row = Awaited<ReturnType<typeof select>>[number];

/** The tables whose records an entry can link to (their detail pages), by resource. */
const LINKED = { users, roles } as const;

/** Which of a page's records still exist: one query per linked resource for the whole page. */
async function existingRecords(db: Executor, rows: readonly Row[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const [resource, table] of Object.entries(LINKED)) {
    const ids = [
      ...new Set(rows.filter((row) => row.resource === resource).map((row) => row.record_id)),
    ].filter((id): id is number => id !== null);
    if (!ids.length) continue;
    const rowsFound = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
    for (const { id } of rowsFound) found.add(`${resource}:${id}`);
  }
  return found;
}

async function toItems(db: Executor, rows: Row[]): Promise<AuditLogEntry[]> {
  const existing = await existingRecords(db, rows);
  return rows.map((row) => ({
    ...row,
    created_at: row.created_at.toISOString(),
    record_exists: row.record_id !== null && existing.has(`${row.resource}:${row.record_id}`),
  }));
}

/**
 * `/api/audit-logs`: list, show and export only. The permission group has `index` alone, so the
 * machinery registers no write route (POST/PUT/DELETE answer 405), and the database refuses any
 * change but the retention purge (migration `audit_logs_append_only`). The table has no
 * `updated_*`/`created_by` columns, which the machinery touches on writes only.
 */
export const auditLogsServer = defineServerResource({
  contract: auditLogsResource,
  table: auditLogs as typeof auditLogs & ResourceTable,
  select,
  toItems,
  search: [auditLogs.actor_name, auditLogs.actor_email, auditLogs.summary],
  sort: {
    created_at: auditLogs.created_at,
    kind: auditLogs.kind,
    actor_name: auditLogs.actor_name,
    resource: auditLogs.resource,
  },
  filters: {
    user_ids: (ids) => inArray(auditLogs.actor_id, ids),
    kinds: (kinds) => inArray(auditLogs.kind, kinds),
    resources: (groups) => inArray(auditLogs.resource, groups),
  },
  write: {},
  cells: (entry) => ({
    created_at: entry.created_at,
    kind: AUDIT_KIND_LABELS[entry.kind],
    actor_name: entry.actor_name,
    actor_email: entry.actor_email,
    ip: entry.ip,
    resource: entry.resource,
    record_id: entry.record_id,
    summary: entry.summary,
    details: JSON.stringify(entry.details),
  }),
});
