import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, id, slugColumns, statusColumns } from './columns';
import { trigramIndex } from './indexes';

export const productArticles = pgTable(
  'product_articles',
  {
    id: id(),
    title: text('title').notNull(),
    ...slugColumns(),
    ...statusColumns(),
    ...auditColumns(),
  },
  // One index per list filter and sort (slug sorts by its unique index), a trigram one per search column.
  (table) => [
    index('product_articles_title_idx').on(table.title),
    index('product_articles_status_idx').on(table.status),
    index('product_articles_created_at_idx').on(table.created_at),
    index('product_articles_updated_at_idx').on(table.updated_at),
    trigramIndex('product_articles_title_trgm_idx', table.title),
    trigramIndex('product_articles_slug_trgm_idx', table.slug),
  ],
);
