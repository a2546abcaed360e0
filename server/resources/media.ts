import { and, eq, inArray, sql } from 'drizzle-orm';
import { mediaResource, type MediaFile } from '../../src/shared/resources/media';
import type { Executor } from '../db/client';
import { files, users } from '../db/schema';
import { defineServerResource, type ResourceTable } from '../crud/define';

const select = (db: Executor) =>
  db
    .select({
      id: files.id,
      url: files.url,
      preview_url: files.preview_url,
      name: files.name,
      kind: files.kind,
      mime: files.mime,
      size: files.size,
      width: files.width,
      height: files.height,
      alt: files.alt,
      variants: files.variants,
      uploader_id: files.created_by,
      uploader_name: users.name,
      created_at: files.created_at,
      updated_at: files.updated_at,
    })
    .from(files)
    .leftJoin(users, eq(users.id, files.created_by))
    .$dynamic();

type Row = Awaited<ReturnType<typeof select>>[number];

const toItems = async (_db: Executor, rows: Row[]): Promise<MediaFile[]> =>
  rows.map((row) => ({
    id: row.id,
    url: row.url,
    preview_url: row.preview_url,
    name: row.name,
    kind: row.kind,
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
    alt: row.alt,
    variants: row.variants ?? [],
    uploader:
      row.uploader_id !== null && row.uploader_name !== null
        ? { id: row.uploader_id, name: row.uploader_name }
        : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }));

/** The missing-alt filter: pictures without an alt text (the expression `files_kind_missing_alt_idx` holds). */
const missingAlt = sql`(coalesce(${files.alt}, '') = '')`;

/**
 * `/api/media`: the list of every uploaded file through the list machinery (server/crud/list.ts).
 * Not in `RESOURCES`: the files have no history, trash, import or export, and their writes are
 * routes of their own (server/routes/media.ts): a replacement upload, and a delete that first
 * asks where the file is used.
 */
export const mediaServer = defineServerResource({
  contract: mediaResource,
  table: files as typeof files & ResourceTable,
  select,
  toItems,
  search: [files.name],
  sort: { created_at: files.created_at, name: files.name, size: files.size },
  filters: {
    kinds: (kinds) => inArray(files.kind, kinds),
    missing_alt: (missing) =>
      and(eq(files.kind, 'image'), missing ? sql`${missingAlt} = true` : sql`${missingAlt} = false`),
  },
  write: { alt: () => [] },
});
