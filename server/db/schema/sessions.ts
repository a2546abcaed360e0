import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps, timestamptz } from './columns';
import { users } from './users';

/**
 * One row per sign-in (a refresh-token family): where it came from and when it was last used, for
 * the sessions page. Whether it is still live is the family's: an unrevoked, unrotated refresh token
 * not yet expired (repositories/sessions.ts). `created_at` is when it signed in.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    family_id: uuid('family_id').notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The User-Agent header as sent (cut to 512 characters), parsed when shown. */
    user_agent: text('user_agent').notNull(),
    /** The browser's name (bowser), for "a browser and address not seen before". */
    browser: text('browser').notNull(),
    ip: text('ip').notNull(),
    /** The sign-in, then each refresh of its tokens. */
    last_used_at: timestamptz('last_used_at').notNull(),
    ...timestamps,
  },
  (table) => [index('sessions_user_id_idx').on(table.user_id)],
);
