import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { DeliveryState } from '../../../src/shared/resources/webhooks';
import { auditColumns, id, statusColumns, timestamptz } from './columns';
import { searchIndex } from './indexes';
import { newWebhookSecret } from '../../webhooks/secret';

/**
 * Webhook endpoints (Setting › Webhooks): a URL, the events it hears, its signing secret
 * (`whsec_` + 32 random bytes, base64), and how many deliveries failed in a row; past
 * `WEBHOOK_DISABLE_AFTER` it is set Not Active with `disabled_at`.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull().default([]),
    secret: text('secret')
      .notNull()
      .$defaultFn(() => newWebhookSecret()),
    failure_count: integer('failure_count').notNull().default(0),
    disabled_at: timestamptz('disabled_at'),
    ...statusColumns(),
    ...auditColumns(),
  },
  (table) => [
    searchIndex([table.name, table.url]),
    index('webhooks_name_idx').on(table.name),
    index('webhooks_url_idx').on(table.url),
    index('webhooks_status_idx').on(table.status),
    index('webhooks_created_at_idx').on(table.created_at),
    index('webhooks_updated_at_idx').on(table.updated_at),
  ],
);

/**
 * One event for one webhook: the exact body signed and sent (the same bytes and `message_id` on
 * every attempt, so the endpoint can drop duplicates), its state and the last attempt's answer.
 * The log of a webhook reads its newest first (`webhook_deliveries_webhook_idx`).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    webhook_id: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    message_id: text('message_id').notNull(),
    event: text('event').notNull(),
    body: text('body').notNull(),
    state: text('state').$type<DeliveryState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    status_code: integer('status_code'),
    response: text('response'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    last_attempt_at: timestamptz('last_attempt_at'),
  },
  (table) => [index('webhook_deliveries_webhook_idx').on(table.webhook_id, table.id)],
);
