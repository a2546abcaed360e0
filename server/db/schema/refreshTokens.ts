import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accessTokens } from './accessTokens';
import { id, timestamps, timestamptz } from './columns';
import { oauthClients } from './oauthClients';
import { users } from './users';

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    token_hash: text('token_hash').notNull().unique(),
    access_token_id: integer('access_token_id').references(() => accessTokens.id, { onDelete: 'set null' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client_id: integer('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    family_id: uuid('family_id').notNull(),
    scope: text('scope').notNull(),
    expires_at: timestamptz('expires_at').notNull(),
    /** Set when the token was exchanged for a new one; presenting it again is reuse. */
    rotated_at: timestamptz('rotated_at'),
    revoked_at: timestamptz('revoked_at'),
    ...timestamps,
  },
  (table) => [
    index('refresh_tokens_user_id_idx').on(table.user_id),
    index('refresh_tokens_family_id_idx').on(table.family_id),
  ],
);
