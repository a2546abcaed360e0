import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { auditColumns, dayColumn, id, imageColumns, seoColumns, slugColumns, statusColumns } from './columns';
import { products } from './products';
import { searchIndex, fileRefIndexes } from './indexes';

export const productArticles = pgTable(
  'product_articles',
  {
    id: id(),
    title: text('title').notNull(),
    ...slugColumns(),
    /** The publish date: scheduled before it, live from it. */
    date: dayColumn('date').notNull(),
    summary: text('summary'),
    /** Rich text, sanitised before it is stored. */
    description_one: text('description_one'),
    description_two: text('description_two'),
    ...imageColumns(),
    ...statusColumns(),
    ...seoColumns(),
    ...auditColumns(),
  },
  (table) => [
    searchIndex([table.title, table.slug, table.meta_title]),
    index('product_articles_title_idx').on(table.title),
    index('product_articles_date_idx').on(table.date),
    index('product_articles_status_date_idx').on(table.status, table.date),
    index('product_articles_created_at_idx').on(table.created_at),
    index('product_articles_updated_at_idx').on(table.updated_at),
    ...fileRefIndexes(table.image_id, table.mobile_image_id),
  ],
);

/** The products an article is about; deleting either side removes the link. */
export const productArticleProducts = pgTable(
  'product_article_products',
  {
    article_id: integer('article_id')
      .notNull()
      .references(() => productArticles.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.article_id, table.product_id] }),
    index('product_article_products_product_id_idx').on(table.product_id),
  ],
);
