import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './base';
import { users } from './users';

/**
 * A user's iCal feed of the publishing calendar (issue 39): one per user at most. Only the secret's
 * sha256 is kept (`token_hash`); regenerating replaces the row, revoking deletes it, so an old or
 * revoked URL finds nothing (404). The feed is drawn with the user's permissions at read time.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('calendar_feeds_token_hash_idx').on(table.token_hash),
    uniqueIndex('calendar_feeds_user_id_idx').on(table.user_id),
  ],
);
