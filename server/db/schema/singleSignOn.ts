import { index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { id, timestamps, timestamptz } from './columns';
import { oauthClients } from './oauthClients';
import { users } from './users';

/**
 * A user's account at the company's OpenID Connect provider (OIDC_ISSUER): the issuer and the
 * provider's `sub`, linked at the first single sign-on. Later sign-ins find the user by it, not by
 * e-mail, so a changed address at the provider still reaches the same user.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    last_sign_in_at: timestamptz('last_sign_in_at'),
    ...timestamps,
  },
  (table) => [
    unique('user_identities_issuer_subject_key').on(table.issuer, table.subject),
    index('user_identities_user_id_idx').on(table.user_id),
  ],
);

/**
 * One authorization request sent to the provider: its state, nonce and PKCE code verifier, found
 * again at the callback by the browser cookie set with it (only the cookie's SHA-256 is kept).
 * Single-use, 10 minutes.
 */
export const ssoRequests = pgTable('sso_requests', {
  id: id(),
  browser_hash: text('browser_hash').notNull().unique(),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  code_verifier: text('code_verifier').notNull(),
  expires_at: timestamptz('expires_at').notNull(),
  used_at: timestamptz('used_at'),
  ...timestamps,
});

/**
 * The one-time code a finished single sign-on hands the SPA (in the URL fragment), exchanged at
 * /oauth/token for the usual tokens: bound to the SPA's client, single-use, one minute; only its
 * SHA-256 is kept.
 */
export const ssoHandovers = pgTable(
  'sso_handovers',
  {
    id: id(),
    code_hash: text('code_hash').notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client_id: integer('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    expires_at: timestamptz('expires_at').notNull(),
    used_at: timestamptz('used_at'),
    ...timestamps,
  },
  (table) => [index('sso_handovers_user_id_idx').on(table.user_id)],
);
