import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps, timestamptz } from './columns';
import { oauthClients } from './oauthClients';
import { users } from './users';

/**
 * A user's authenticator app (TOTP, RFC 6238): one per user. Pending until a code from it is
 * confirmed (`confirmed_at`); only an active one is asked for at sign-in. The secret is never
 * answered again once the enrolment is confirmed.
 */
export const userAuthenticators = pgTable('user_authenticators', {
  id: id(),
  user_id: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32, as the app was given it. */
  secret: text('secret').notNull(),
  confirmed_at: timestamptz('confirmed_at'),
  /** The RFC 6238 time step of the last code accepted: a code of that step or an earlier one is refused (replay). */
  last_used_step: integer('last_used_step'),
  ...timestamps,
});

/** Single-use recovery codes of an active authenticator; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: timestamptz('used_at'),
    ...timestamps,
  },
  (table) => [index('recovery_codes_user_id_idx').on(table.user_id)],
);

/**
 * The `mfa_token` a right password answers when a second factor is due: short-lived, single-use,
 * bound to the client that asked, dead after too many wrong codes. Only its SHA-256 is kept.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client_id: integer('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: timestamptz('expires_at').notNull(),
    used_at: timestamptz('used_at'),
    failed_attempts: integer('failed_attempts').notNull().default(0),
    ...timestamps,
  },
  (table) => [index('mfa_challenges_user_id_idx').on(table.user_id)],
);
