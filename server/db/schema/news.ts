import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, id, slugColumns, statusColumns } from './columns';
import { trigramIndex } from './indexes';

export const news = pgTable(
  'news',
  {
    id: id(),
    title: text('title').notNull(),
    ...slugColumns(),
    ...statusColumns(),
    ...auditColumns(),
  },
  // One index per list filter and sort (slug sorts by its unique index), a trigram one per search column.
  (table) => [
    index('news_title_idx').on(table.title),
    index('news_status_idx').on(table.status),
    index('news_created_at_idx').on(table.created_at),
    index('news_updated_at_idx').on(table.updated_at),
    trigramIndex('news_title_trgm_idx', table.title),
    trigramIndex('news_slug_trgm_idx', table.slug),
  ],
);
