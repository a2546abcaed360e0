import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, id, slugColumns, statusColumns } from './columns';
import { trigramIndex } from './indexes';

export const pages = pgTable(
  'pages',
  {
    id: id(),
    title: text('title').notNull(),
    ...slugColumns(),
    ...statusColumns(),
    ...auditColumns(),
  },
  // One index per list filter and sort (slug sorts by its unique index), a trigram one per search column.
  (table) => [
    index('pages_title_idx').on(table.title),
    index('pages_status_idx').on(table.status),
    index('pages_created_at_idx').on(table.created_at),
    index('pages_updated_at_idx').on(table.updated_at),
    trigramIndex('pages_title_trgm_idx', table.title),
    trigramIndex('pages_slug_trgm_idx', table.slug),
  ],
);
