import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, id, slugColumns, statusColumns } from './columns';
import { trigramIndex } from './indexes';

export const contactForms = pgTable(
  'contact_forms',
  {
    id: id(),
    title: text('title').notNull(),
    ...slugColumns(),
    ...statusColumns(),
    ...auditColumns(),
  },
  // One index per list filter and sort (slug sorts by its unique index), a trigram one per search column.
  (table) => [
    index('contact_forms_title_idx').on(table.title),
    index('contact_forms_status_idx').on(table.status),
    index('contact_forms_created_at_idx').on(table.created_at),
    index('contact_forms_updated_at_idx').on(table.updated_at),
    trigramIndex('contact_forms_title_trgm_idx', table.title),
    trigramIndex('contact_forms_slug_trgm_idx', table.slug),
  ],
);
