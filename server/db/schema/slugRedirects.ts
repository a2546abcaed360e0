import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './base';

/**
 * The slugs a record of a public kind had before (docs/website-api.md "Redirects"): `slug` of kind
 * `resource` (its group: `news`, `products`, …) was the record `record_id`'s. The public read of an
 * old slug answers 301 to the record's current slug, read through the record, so a chain of
 * renames (a → b → c) points every old slug at c. A record's rows go when it is deleted; a slug
 * taken by a record again is no longer a redirect (the write that takes it deletes its row).
 */
export const slugRedirects = pgTable(
  'slug_redirects',
  {
    id: id(),
    resource: text('resource').notNull(),
    slug: text('slug').notNull(),
    record_id: integer('record_id').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('slug_redirects_resource_slug_idx').on(table.resource, table.slug),
    index('slug_redirects_record_idx').on(table.resource, table.record_id),
  ],
);
