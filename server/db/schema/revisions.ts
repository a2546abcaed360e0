import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { RevisionAction, RevisionChanges } from '../../../src/shared/resources/history';
import { id } from './base';
import { users } from './users';

/**
 * The history of every resource record (server/crud/revisions.ts): one row per create, update,
 * delete, import and restore, written in the same transaction as the write by server/crud/write.ts.
 * `changes` holds the wire fields that changed (`{field: {old, new}}`; a create's olds and a delete's
 * news are null); secrets are never in it. `snapshot` (deletes only) is the deleted row's columns,
 * secrets removed, to put it back with the same id. `resource` is the permission group
 * (`products`); there is no foreign key to the record, which may be gone.
 */
export const revisions = pgTable(
  'revisions',
  {
    id: id(),
    resource: text('resource').notNull(),
    record_id: integer('record_id').notNull(),
    action: text('action').$type<RevisionAction>().notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    changes: jsonb('changes').$type<RevisionChanges>().notNull().default({}),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>(),
    import_id: text('import_id'),
  },
  // The timeline of a record (newest first) and its latest revision; the trash (each resource's
  // deletes, newest first); a user's latest; an import's rows.
  (table) => [
    index('revisions_record_idx').on(table.resource, table.record_id, table.id),
    index('revisions_trash_idx')
      .on(table.resource, table.id)
      .where(sql`${table.action} = 'delete'`),
    // The dashboard's "my recent changes": a user's latest revisions.
    index('revisions_user_idx').on(table.user_id, table.id),
    index('revisions_import_idx')
      .on(table.import_id)
      .where(sql`${table.import_id} is not null`),
  ],
);
