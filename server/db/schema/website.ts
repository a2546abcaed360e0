import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './base';
import { users } from './users';

/**
 * The website's read keys (Setting › Website): a public read carrying a live key is not limited
 * per address. Only the key's sha256 is kept (`key_hash`); `prefix` (its first characters) names it
 * on the screen. A revoked key (`revoked_at`) is refused; `last_used_at` is written at most once a
 * minute.
 */
export const websiteKeys = pgTable(
  'website_keys',
  {
    id: id(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    key_hash: text('key_hash').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    last_used_at: timestamptz('last_used_at'),
    revoked_at: timestamptz('revoked_at'),
  },
  (table) => [uniqueIndex('website_keys_key_hash_idx').on(table.key_hash)],
);

/**
 * Preview tokens ("Preview on site"): one item (`resource`, `record_id`) shown unpublished to a
 * public read carrying the token until `expires_at`, unless `revoked_at`. Only the token's sha256
 * is kept.
 */
export const previewTokens = pgTable(
  'preview_tokens',
  {
    id: id(),
    token_hash: text('token_hash').notNull(),
    resource: text('resource').notNull(),
    record_id: integer('record_id').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expires_at: timestamptz('expires_at').notNull(),
    revoked_at: timestamptz('revoked_at'),
  },
  (table) => [
    uniqueIndex('preview_tokens_token_hash_idx').on(table.token_hash),
    index('preview_tokens_record_idx').on(table.resource, table.record_id),
  ],
);
