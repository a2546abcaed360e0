import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { PageKey, SectionsInput } from '../../../src/shared/resources/pages';
import { auditColumns, fileRef, id, imageColumns, seoColumns, statusColumns } from './columns';
import { searchIndex } from './indexes';

/**
 * The seven site pages (created by migration 0005's seed, never through the API). `sections` holds
 * the page key's sections as validated by `pageSectionsSchema(key)`: images by upload id.
 */
export const pages = pgTable(
  'pages',
  {
    id: id(),
    key: text('key').$type<PageKey>().notNull().unique(),
    title: text('title').notNull(),
    /** Rich text, sanitised before it is stored. */
    description: text('description'),
    banner_id: fileRef('banner_id'),
    ...imageColumns(),
    ...statusColumns(),
    ...seoColumns(),
    sections: jsonb('sections').$type<SectionsInput>().notNull().default({}),
    ...auditColumns(),
  },
  // Seven rows: the trigram index keeps search on the same plan as every other list.
  (table) => [index('pages_updated_at_idx').on(table.updated_at), searchIndex([table.title])],
);
