import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, id, slugColumns, statusColumns } from './columns';
import { searchIndex } from './indexes';

/** Reply templates (issue 38): the answers given every day, chosen in a reply to a message. */
export const replyTemplates = pgTable(
  'reply_templates',
  {
    id: id(),
    title: text('title').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    ...slugColumns(),
    ...statusColumns(),
    ...auditColumns(),
  },
  // The search's index (the declaration's `search` columns, in order), one index per list filter and
  // sort (slug sorts by its unique index).
  (table) => [
    searchIndex([table.title, table.slug, table.subject]),
    index('reply_templates_title_idx').on(table.title),
    index('reply_templates_subject_idx').on(table.subject),
    index('reply_templates_status_idx').on(table.status),
    index('reply_templates_created_at_idx').on(table.created_at),
    index('reply_templates_updated_at_idx').on(table.updated_at),
  ],
);
