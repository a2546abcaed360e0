import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, id, slugColumns, statusColumns } from './columns';
import { trigramIndex } from './indexes';

export const subscribes = pgTable(
  'subscribes',
  {
    id: id(),
    title: text('title').notNull(),
    ...slugColumns(),
    ...statusColumns(),
    ...auditColumns(),
  },
  // One index per list filter and sort (slug sorts by its unique index), a trigram one per search column.
  (table) => [
    index('subscribes_title_idx').on(table.title),
    index('subscribes_status_idx').on(table.status),
    index('subscribes_created_at_idx').on(table.created_at),
    index('subscribes_updated_at_idx').on(table.updated_at),
    trigramIndex('subscribes_title_trgm_idx', table.title),
    trigramIndex('subscribes_slug_trgm_idx', table.slug),
  ],
);
