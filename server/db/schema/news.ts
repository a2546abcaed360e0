import { index, pgTable, text } from 'drizzle-orm/pg-core';
import {
  auditColumns,
  dayColumn,
  fileRef,
  id,
  imageColumns,
  seoColumns,
  slugColumns,
  statusColumns,
} from './columns';
import { searchIndex, fileRefIndexes } from './indexes';

export const news = pgTable(
  'news',
  {
    id: id(),
    title: text('title').notNull(),
    ...slugColumns(),
    /** The publish date: scheduled before it, live from it. */
    date: dayColumn('date').notNull(),
    summary: text('summary'),
    /** Rich text, sanitised before it is stored. */
    description: text('description'),
    ...imageColumns(),
    banner_id: fileRef('banner_id'),
    ...statusColumns(),
    ...seoColumns(),
    ...auditColumns(),
  },
  // The search's index, one index per list filter and sort (slug sorts by its unique index).
  // The publish state filters by (status, date); the default sort is the date.
  (table) => [
    searchIndex([table.title, table.slug, table.meta_title]),
    index('news_title_idx').on(table.title),
    index('news_date_idx').on(table.date),
    index('news_status_date_idx').on(table.status, table.date),
    index('news_created_at_idx').on(table.created_at),
    index('news_updated_at_idx').on(table.updated_at),
    ...fileRefIndexes(table.image_id, table.mobile_image_id, table.banner_id),
  ],
);
