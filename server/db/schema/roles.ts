import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, id } from './columns';
import { searchIndex } from './indexes';

export const roles = pgTable(
  'roles',
  {
    id: id(),
    name: text('name').notNull().unique(),
    /** The seeded Super Admin role: always holds every permission, cannot be deleted. */
    is_super: boolean('is_super').notNull().default(false),
    /** Its users enrol a second factor (an authenticator app or a passkey) before anything else (issue 37). */
    require_second_factor: boolean('require_second_factor').notNull().default(false),
    ...auditColumns(),
  },
  (table) => [
    // At most one super role.
    uniqueIndex('roles_is_super_idx')
      .on(table.is_super)
      .where(sql`${table.is_super}`),
    index('roles_created_at_idx').on(table.created_at),
    index('roles_updated_at_idx').on(table.updated_at),
    // The search column.
    searchIndex([table.name]),
  ],
);
