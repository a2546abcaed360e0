import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { ThemePreference } from '../../../src/shared/contracts/account';
import { auditColumns, fileRef, id, statusColumns } from './columns';
import { roles } from './roles';
import { searchIndex, fileRefIndexes } from './indexes';

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Always stored lower-cased so the unique index is case-insensitive. */
    email: text('email').notNull().unique(),
    phone_number: text('phone_number'),
    ...statusColumns(),
    role_id: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    photo_id: fileRef('photo_id'),
    password_hash: text('password_hash').notNull(),
    /** The user's own display preference (light, dark, system), kept so it follows them across browsers. */
    theme: text('theme').$type<ThemePreference>().notNull().default('system'),
    ...auditColumns(),
  },
  // The search's index (name, email and phone), one index per list filter and sort (email has its
  // unique index; role sorts by the joined name).
  (table) => [
    searchIndex([table.name, table.email, table.phone_number]),
    index('users_role_id_idx').on(table.role_id),
    index('users_status_idx').on(table.status),
    index('users_name_idx').on(table.name),
    index('users_created_at_idx').on(table.created_at),
    index('users_updated_at_idx').on(table.updated_at),
    ...fileRefIndexes(table.photo_id),
  ],
);
