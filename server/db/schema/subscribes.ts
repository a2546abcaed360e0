import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import type { Source } from '../../../src/shared/resources/contactForms';
import type { SubscribeState } from '../../../src/shared/resources/subscribes';
import { auditColumns, id, timestamptz } from './columns';
import { searchIndex } from './indexes';

/**
 * Newsletter subscribers (`POST /public/v1/subscribes`): one row per address (lower-cased), kept
 * when they unsubscribe. `unsubscribe_token` (random, 32 bytes base64url) is what their links carry.
 */
export const subscribes = pgTable(
  'subscribes',
  {
    id: id(),
    email: text('email').notNull().unique(),
    source: text('source').$type<Source>().notNull(),
    state: text('state').$type<SubscribeState>().notNull().default('subscribed'),
    unsubscribed_at: timestamptz('unsubscribed_at'),
    unsubscribe_token: text('unsubscribe_token').notNull().unique(),
    // Double opt-in (issue 38): the confirmation link's token, stored as its sha256 (hex) only; kept
    // after use so a reused link is told so. Replaced by each new confirmation mail.
    confirm_token_hash: text('confirm_token_hash').unique(),
    confirm_expires_at: timestamptz('confirm_expires_at'),
    confirm_sent_at: timestamptz('confirm_sent_at'),
    confirmed_at: timestamptz('confirmed_at'),
    // The consent: the sign-up's address (IP) and the wording version the website showed; for a
    // subscriber not signed up by the website, a note of how the consent was given.
    consent_ip: text('consent_ip'),
    consent_wording: text('consent_wording'),
    consent_note: text('consent_note'),
    ...auditColumns(),
  },
  (table) => [
    index('subscribes_state_idx').on(table.state),
    index('subscribes_source_idx').on(table.source),
    index('subscribes_created_at_idx').on(table.created_at),
    // The expiry job's: pending sign-ups by the end of their link.
    index('subscribes_pending_expiry_idx')
      .on(table.confirm_expires_at)
      .where(sql`${table.state} = 'pending'`),
    searchIndex([table.email]),
  ],
);
