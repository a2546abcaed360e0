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

export const promotions = pgTable(
  'promotions',
  {
    id: id(),
    title: text('title').notNull(),
    ...slugColumns(),
    summary: text('summary'),
    /** Rich text, sanitised before it is stored. */
    description: text('description'),
    link: text('link'),
    /** The start: scheduled before it, live from it. */
    date: dayColumn('date').notNull(),
    /** The last day; ended after it. Never before `date` (checked on every write). */
    end_date: dayColumn('end_date'),
    banner_id: fileRef('banner_id'),
    ...imageColumns(),
    ...statusColumns(),
    ...seoColumns(),
    ...auditColumns(),
  },
  (table) => [
    searchIndex([table.title, table.slug, table.meta_title]),
    index('promotions_title_idx').on(table.title),
    index('promotions_date_idx').on(table.date),
    index('promotions_end_date_idx').on(table.end_date),
    index('promotions_status_date_idx').on(table.status, table.date),
    index('promotions_created_at_idx').on(table.created_at),
    index('promotions_updated_at_idx').on(table.updated_at),
    ...fileRefIndexes(table.banner_id, table.image_id, table.mobile_image_id),
  ],
);
