import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, fileRef, id, slugColumns, statusColumns } from './columns';
import { lowerUniqueIndex, searchIndex, fileRefIndexes } from './indexes';

export const brands = pgTable(
  'brands',
  {
    id: id(),
    name: text('name').notNull(),
    ...slugColumns(),
    logo_id: fileRef('logo_id'),
    description: text('description'),
    ...statusColumns(),
    ...auditColumns(),
  },
  // The search's index (name and slug), one index per list filter and sort (slug sorts by its unique
  // index), and the name unique whatever its case.
  (table) => [
    searchIndex([table.name, table.slug]),
    index('brands_name_idx').on(table.name),
    lowerUniqueIndex(table.name),
    index('brands_status_idx').on(table.status),
    index('brands_created_at_idx').on(table.created_at),
    index('brands_updated_at_idx').on(table.updated_at),
    ...fileRefIndexes(table.logo_id),
  ],
);
