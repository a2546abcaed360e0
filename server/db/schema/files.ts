import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { ImageVariant } from '../../../src/shared/resources/wire';
import type { UploadKind } from '../../../src/shared/limits';
import { id, timestamps } from './base';
import { searchIndex } from './indexes';

/** Uploaded files. `path` is relative to the uploads directory; `url` is what clients load. */
export const files = pgTable(
  'files',
  {
    id: id(),
    kind: text('kind').$type<UploadKind>().notNull(),
    path: text('path').notNull(),
    url: text('url').notNull(),
    preview_path: text('preview_path'),
    preview_url: text('preview_url'),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** The alt text given with the picture where it is used (content and pages require it). */
    alt: text('alt'),
    /** WebP web variants of an image (server/storage/variants.ts `WEB_WIDTHS`). */
    variants: jsonb('variants').$type<ImageVariant[]>(),
    created_by: integer('created_by'),
    ...timestamps,
  },
  // The media library's list (Setting › Media): its sorts, kind and missing-alt filters, name search.
  (table) => [
    index('files_created_at_idx').on(table.created_at, table.id),
    index('files_name_idx').on(table.name, table.id),
    index('files_size_idx').on(table.size, table.id),
    index('files_kind_missing_alt_idx').on(table.kind, sql`(coalesce(${table.alt}, '') = '')`),
    searchIndex([table.name]),
  ],
);
