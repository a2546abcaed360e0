import { bigint, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps, timestamptz } from './columns';
import { oauthClients } from './oauthClients';
import { mfaChallenges } from './twoFactor';
import { users } from './users';

/**
 * A user's passkeys (WebAuthn credentials, discoverable): a second factor after the password, or the
 * whole sign-in. Only the public key is kept; the signature counter is checked by
 * @simplewebauthn/server and the new one stored on every use.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's name for it ("Laptop"). */
    name: text('name').notNull(),
    /** The credential id, base64url, as the browser answers it. */
    credential_id: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    public_key: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** singleDevice or multiDevice (synced), and whether it is backed up. */
    device_type: text('device_type').notNull(),
    backed_up: boolean('backed_up').notNull().default(false),
    last_used_at: timestamptz('last_used_at'),
    ...timestamps,
  },
  (table) => [index('passkeys_user_id_idx').on(table.user_id)],
);

/**
 * A WebAuthn challenge handed out by the server: single-use, 2 minutes, for one purpose (`register`
 * a passkey of `user_id`; `sign-in` with any passkey through `client_id`; `second-factor` of the
 * sign-in `mfa_challenge_id` of `user_id` through `client_id`). Looked up by the challenge the signed
 * client data carries.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: id(),
    challenge: text('challenge').notNull().unique(),
    purpose: text('purpose').$type<'register' | 'sign-in' | 'second-factor'>().notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    client_id: integer('client_id').references(() => oauthClients.id, { onDelete: 'cascade' }),
    /** A `second-factor` challenge belongs to that one sign-in (its mfa_token), not to any of the user's. */
    mfa_challenge_id: integer('mfa_challenge_id').references(() => mfaChallenges.id, { onDelete: 'cascade' }),
    expires_at: timestamptz('expires_at').notNull(),
    used_at: timestamptz('used_at'),
    ...timestamps,
  },
  (table) => [index('webauthn_challenges_expires_at_idx').on(table.expires_at)],
);
