import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps, timestamptz } from './columns';
import { oauthClients } from './oauthClients';
import { users } from './users';

/**
 * The columns an access token and a refresh token share. Only the SHA-256 of each token is stored, so
 * a database leak yields no usable token.
 */
export const tokenColumns = () => ({
  token_hash: text('token_hash').notNull().unique(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  client_id: integer('client_id')
    .notNull()
    .references(() => oauthClients.id, { onDelete: 'cascade' }),
  /** Every token issued from one sign-in shares a family, so reuse of a rotated refresh token kills all. */
  family_id: uuid('family_id').notNull(),
  scope: text('scope').notNull(),
  expires_at: timestamptz('expires_at').notNull(),
  revoked_at: timestamptz('revoked_at'),
});

export const accessTokens = pgTable(
  'access_tokens',
  { id: id(), ...tokenColumns(), ...timestamps },
  (table) => [
    index('access_tokens_user_id_idx').on(table.user_id),
    index('access_tokens_family_id_idx').on(table.family_id),
  ],
);
