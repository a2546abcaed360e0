import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps, timestamptz } from './columns';
import { users } from './users';

export const passwordResets = pgTable('password_resets', {
  id: id(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  token_hash: text('token_hash').notNull().unique(),
  expires_at: timestamptz('expires_at').notNull(),
  used_at: timestamptz('used_at'),
  ...timestamps,
});
