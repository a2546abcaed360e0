import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { brands } from './brands';
import { categories } from './categories';
import { auditColumns, fileRef, id, imageColumns, seoColumns, slugColumns, statusColumns } from './columns';
import { searchIndex, fileRefIndexes } from './indexes';

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    ...slugColumns(),
    // A brand or category still in use is refused with a 409 before the delete; restrict is the backstop.
    brand_id: integer('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    other_brand: text('other_brand'),
    model: text('model'),
    function: text('function'),
    specification: text('specification'),
    /** Rich text, sanitised before it is stored. */
    overview: text('overview'),
    application: text('application'),
    ...imageColumns(),
    document_id: fileRef('document_id'),
    catalogue_id: fileRef('catalogue_id'),
    ...statusColumns(),
    ...seoColumns(),
    ...auditColumns(),
  },
  // One index per list filter and sort; the sorts' indexes end in id, the list's tie-break, so a page
  // and an export's keyset batch (`(name, id) > (…)`, server/crud/list.ts) read the index in order.
  // The search is one trigram index over all four searched columns, keyed by brand and category too
  // (btree_gin, migration `products_search_filters`), so a filtered search is one GIN scan. Brand and category sort by the joined names (their own indexes).
  // A category with a status (the grid's usual pair) has its own index: its capped count is an
  // index-only scan (30 → 1.7 ms at 1M products). Not so for brand: a (brand_id, status) index lured
  // the planner back into a BitmapAnd with every row a searched word matches (bench/README.md).
  // The brand and category filters lead a (…, created_at) index: the default sort (newest first) of one
  // brand's products then reads that brand's rows in order instead of walking every product's
  // created_at until ten match (measured 37 ms → 0.06 ms on 100k rows for a brand of old products).
  (table) => [
    searchIndex([table.name, table.slug, table.model, table.other_brand], {
      keys: [table.brand_id, table.category_id],
    }),
    index('products_brand_id_created_at_idx').on(table.brand_id, table.created_at),
    index('products_category_id_created_at_idx').on(table.category_id, table.created_at),
    index('products_category_id_status_idx').on(table.category_id, table.status),
    index('products_status_idx').on(table.status, table.id),
    index('products_name_idx').on(table.name, table.id),
    index('products_created_at_idx').on(table.created_at, table.id),
    index('products_updated_at_idx').on(table.updated_at, table.id),
    ...fileRefIndexes(table.image_id, table.mobile_image_id, table.document_id, table.catalogue_id),
  ],
);
