import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, fileRef, id, slugColumns, statusColumns } from './columns';
import { lowerUniqueIndex, searchIndex, fileRefIndexes } from './indexes';

export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    ...slugColumns(),
    image_id: fileRef('image_id'),
    description: text('description'),
    ...statusColumns(),
    ...auditColumns(),
  },
  // The search's index (name and slug), one index per list filter and sort (slug sorts by its unique
  // index), and the name unique whatever its case.
  (table) => [
    searchIndex([table.name, table.slug]),
    index('categories_name_idx').on(table.name),
    lowerUniqueIndex(table.name),
    index('categories_status_idx').on(table.status),
    index('categories_created_at_idx').on(table.created_at),
    index('categories_updated_at_idx').on(table.updated_at),
    ...fileRefIndexes(table.image_id),
  ],
);
