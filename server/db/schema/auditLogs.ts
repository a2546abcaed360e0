import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { AuditDetails, AuditKind } from '../../../src/shared/resources/auditLogs';
import { id, timestamps } from './base';
import { users } from './users';
import { searchIndex } from './indexes';

/**
 * The audit log (server/security/audit.ts): one row per security or administration event, never
 * changed. The database refuses UPDATE, TRUNCATE and any DELETE but the retention purge's (trigger,
 * custom migration `audit_logs_append_only`). The actor's name and e-mail are copied at the time, so
 * an entry keeps saying who even after the user is renamed or deleted (`actor_id` is then null).
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    created_at: timestamps.created_at,
    kind: text('kind').$type<AuditKind>().notNull(),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actor_name: text('actor_name'),
    actor_email: text('actor_email'),
    ip: text('ip'),
    resource: text('resource'),
    record_id: integer('record_id'),
    summary: text('summary').notNull(),
    details: jsonb('details').$type<AuditDetails>().notNull().default({}),
  },
  (table) => [
    searchIndex([table.actor_name, table.actor_email, table.summary]),
    index('audit_logs_created_at_idx').on(table.created_at, table.id),
    index('audit_logs_kind_idx').on(table.kind, table.created_at),
    index('audit_logs_actor_id_idx').on(table.actor_id, table.created_at),
    index('audit_logs_actor_name_idx').on(table.actor_name, table.id),
    index('audit_logs_resource_idx').on(table.resource, table.record_id, table.created_at),
  ],
);
