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
    ...auditColumns(),
  },
  (table) => [
    index('subscribes_state_idx').on(table.state),
    index('subscribes_source_idx').on(table.source),
    index('subscribes_created_at_idx').on(table.created_at),
    searchIndex([table.email]),
  ],
);
