import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps, timestamptz } from './columns';
import { users } from './users';

/**
 * "Remember this device": a browser where a user passed the second factor and asked not to be asked
 * again for 30 days. The browser holds a random token in an HttpOnly cookie; only its SHA-256 is
 * kept, bound to the user. It never replaces the password, only the second step after it. Forgetting
 * deletes the row, so a token once forgotten is dead for good.
 */
export const rememberedDevices = pgTable(
  'remembered_devices',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    /** The browser's user agent when it was remembered (the list shows browser and system). */
    user_agent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    expires_at: timestamptz('expires_at').notNull(),
    last_used_at: timestamptz('last_used_at'),
    ...timestamps,
  },
  (table) => [index('remembered_devices_user_id_idx').on(table.user_id)],
);
