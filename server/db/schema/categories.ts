import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import type { Status } from '../../../src/shared/contracts/account';
import { audit, id, timestamps } from './columns';
import { files } from './files';
import { trigramIndex } from './indexes';

export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    /** Lower-case a-z, 0-9 and dashes (the contract's pattern); the natural key of import/export. */
    slug: text('slug').notNull().unique(),
    image_id: integer('image_id').references(() => files.id, { onDelete: 'set null' }),
    description: text('description'),
    status: smallint('status').$type<Status>().notNull().default(1),
    ...audit,
    ...timestamps,
  },
  // One index per list filter and sort (slug sorts by its unique index), a trigram one per search column.
  (table) => [
    index('categories_name_idx').on(table.name),
    index('categories_status_idx').on(table.status),
    index('categories_created_at_idx').on(table.created_at),
    index('categories_updated_at_idx').on(table.updated_at),
    trigramIndex('categories_name_trgm_idx', table.name),
    trigramIndex('categories_slug_trgm_idx', table.slug),
  ],
);
