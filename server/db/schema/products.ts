import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import type { Status } from '../../../src/shared/contracts/account';
import { brands } from './brands';
import { categories } from './categories';
import { audit, id, timestamps } from './columns';
import { files } from './files';
import { trigramIndex } from './indexes';

const file = (name: string) => integer(name).references(() => files.id, { onDelete: 'set null' });

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    /** Lower-case a-z, 0-9 and dashes (the contract's pattern); the natural key of import/export. */
    slug: text('slug').notNull().unique(),
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
    image_id: file('image_id'),
    mobile_image_id: file('mobile_image_id'),
    document_id: file('document_id'),
    catalogue_id: file('catalogue_id'),
    status: smallint('status').$type<Status>().notNull().default(1),
    meta_title: text('meta_title'),
    meta_description: text('meta_description'),
    meta_keyword: text('meta_keyword'),
    ...audit,
    ...timestamps,
  },
  // One index per list filter and sort, and a trigram index per search column (`trigramIndex`); brand
  // and category sort by the joined names (their own indexes).
  // The brand and category filters lead a (…, created_at) index: the default sort (newest first) of one
  // brand's products then reads that brand's rows in order instead of walking every product's
  // created_at until ten match (measured 37 ms → 0.06 ms on 100k rows for a brand of old products).
  (table) => [
    index('products_brand_id_created_at_idx').on(table.brand_id, table.created_at),
    index('products_category_id_created_at_idx').on(table.category_id, table.created_at),
    index('products_status_idx').on(table.status),
    index('products_name_idx').on(table.name),
    index('products_created_at_idx').on(table.created_at),
    index('products_updated_at_idx').on(table.updated_at),
    trigramIndex('products_name_trgm_idx', table.name),
    trigramIndex('products_slug_trgm_idx', table.slug),
    trigramIndex('products_model_trgm_idx', table.model),
    trigramIndex('products_other_brand_trgm_idx', table.other_brand),
  ],
);
