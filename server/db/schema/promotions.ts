import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, id, slugColumns, statusColumns } from './columns';
import { trigramIndex } from './indexes';

export const promotions = pgTable(
  'promotions',
  {
    id: id(),
    title: text('title').notNull(),
    ...slugColumns(),
    ...statusColumns(),
    ...auditColumns(),
  },
  // One index per list filter and sort (slug sorts by its unique index), a trigram one per search column.
  (table) => [
    index('promotions_title_idx').on(table.title),
    index('promotions_status_idx').on(table.status),
    index('promotions_created_at_idx').on(table.created_at),
    index('promotions_updated_at_idx').on(table.updated_at),
    trigramIndex('promotions_title_trgm_idx', table.title),
    trigramIndex('promotions_slug_trgm_idx', table.slug),
  ],
);
