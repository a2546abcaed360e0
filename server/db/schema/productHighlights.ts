import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, id, imageColumns, statusColumns } from './columns';
import { searchIndex, fileRefIndexes } from './indexes';
import { products } from './products';

export const productHighlights = pgTable(
  'product_highlights',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description'),
    link: text('link'),
    /** The highlighted product; deleting it leaves the highlight without one. */
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The order on the home page, 1 first. */
    position: integer('position').notNull(),
    ...imageColumns(),
    ...statusColumns(),
    ...auditColumns(),
  },
  (table) => [
    index('product_highlights_position_idx').on(table.position),
    index('product_highlights_title_idx').on(table.title),
    index('product_highlights_product_id_idx').on(table.product_id),
    index('product_highlights_status_idx').on(table.status),
    index('product_highlights_created_at_idx').on(table.created_at),
    index('product_highlights_updated_at_idx').on(table.updated_at),
    ...fileRefIndexes(table.image_id, table.mobile_image_id),
    searchIndex([table.title]),
  ],
);
