import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import type { Status } from '../../../src/shared/contracts/account';
import { audit, id, timestamps } from './columns';
import { files } from './files';
import { trigramIndex } from './indexes';

export const brands = pgTable(
  'brands',
  {
    id: id(),
    name: text('name').notNull(),
    /** Lower-case a-z, 0-9 and dashes (the contract's pattern); the natural key of import/export. */
    slug: text('slug').notNull().unique(),
    logo_id: integer('logo_id').references(() => files.id, { onDelete: 'set null' }),
    description: text('description'),
    status: smallint('status').$type<Status>().notNull().default(1),
    ...audit,
    ...timestamps,
  },
  // One index per list filter and sort (slug sorts by its unique index), a trigram one per search column.
  (table) => [
    index('brands_name_idx').on(table.name),
    index('brands_status_idx').on(table.status),
    index('brands_created_at_idx').on(table.created_at),
    index('brands_updated_at_idx').on(table.updated_at),
    trigramIndex('brands_name_trgm_idx', table.name),
    trigramIndex('brands_slug_trgm_idx', table.slug),
  ],
);
