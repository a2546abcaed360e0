import { and, eq, inArray } from 'drizzle-orm';
import type { FileObject } from '../../src/shared/contracts/account';
import type { UploadKind } from '../../src/shared/limits';
import { validation } from '../../src/shared/messages';
import type { ImageVariant } from '../../src/shared/resources/wire';
import type { Executor } from '../db/client';
import { files } from '../db/schema';
import { fieldError } from '../lib/httpError';

export const fileColumns = {
  id: files.id,
  url: files.url,
  name: files.name,
  mime: files.mime,
  size: files.size,
  width: files.width,
  height: files.height,
  alt: files.alt,
  preview_url: files.preview_url,
  variants: files.variants,
};

export interface FileRow {
  id: number;
  url: string;
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  alt: string | null;
  preview_url: string | null;
  variants: ImageVariant[] | null;
}

export type StoredFile = FileObject & { preview_url?: string | null };

export const toFileObject = (row: FileRow): StoredFile => ({
  id: row.id,
  url: row.url,
  name: row.name,
  mime: row.mime,
  size: row.size,
  width: row.width,
  height: row.height,
  ...(row.alt ? { alt: row.alt } : {}),
  ...(row.preview_url ? { preview_url: row.preview_url } : {}),
  ...(row.variants?.length ? { variants: row.variants } : {}),
});

export interface NewFile {
  kind: UploadKind;
  path: string;
  url: string;
  previewPath: string | null;
  previewUrl: string | null;
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  variants?: ImageVariant[] | null;
  createdBy: number | null;
}

export async function createFile(db: Executor, file: NewFile): Promise<StoredFile> {
  const [row] = await db
    .insert(files)
    .values({
      kind: file.kind,
      path: file.path,
      url: file.url,
      preview_path: file.previewPath,
      preview_url: file.previewUrl,
      name: file.name,
      mime: file.mime,
      size: file.size,
      width: file.width,
      height: file.height,
      variants: file.variants ?? null,
      created_by: file.createdBy,
    })
    .returning(fileColumns);
  return toFileObject(row);
}

/** Whether the file exists and was uploaded as `kind` (an image field takes no PDF, and the reverse). */
export async function fileOfKind(db: Executor, id: number, kind: UploadKind): Promise<boolean> {
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, id), eq(files.kind, kind)))
    .limit(1);
  return rows.length > 0;
}

/** Null, or the id of a file uploaded as `kind`. */
export const fileOk = async (db: Executor, id: number | null, kind: UploadKind): Promise<boolean> =>
  id === null || fileOfKind(db, id, kind);

/** A file id of the right upload kind, or null; anything else is a 422 on the field. */
export async function checkFile(
  db: Executor,
  field: string,
  label: string,
  id: number | null,
  kind: UploadKind,
): Promise<number | null> {
  if (!(await fileOk(db, id, kind))) throw fieldError(field, validation.invalid(label));
  return id;
}

/** Sets the alt text of an image (given with the picture in a form). */
export async function setFileAlt(db: Executor, id: number, alt: string | null): Promise<void> {
  await db.update(files).set({ alt }).where(eq(files.id, id));
}

/** Files by id, for a page of items at once (ids may repeat or be null). */
export async function filesByIds(
  db: Executor,
  ids: readonly (number | null)[],
): Promise<Map<number, StoredFile>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.select(fileColumns).from(files).where(inArray(files.id, wanted));
  return new Map(rows.map((row) => [row.id, toFileObject(row)]));
}

/**
 * Changes file `id`'s stored object to a new upload of the same kind (the media library's replace):
 * its path, URLs, variants, name, type, size and dimensions; its id and alt text stay, so every
 * reference to it shows the new file. Undefined when there is no file of that kind.
 */
export async function replaceFile(
  db: Executor,
  id: number,
  kind: UploadKind,
  file: Omit<NewFile, 'kind' | 'createdBy'>,
): Promise<StoredFile | undefined> {
  const [row] = await db
    .update(files)
    .set({
      path: file.path,
      url: file.url,
      preview_path: file.previewPath,
      preview_url: file.previewUrl,
      variants: file.variants ?? null,
      name: file.name,
      mime: file.mime,
      size: file.size,
      width: file.width,
      height: file.height,
    })
    .where(and(eq(files.id, id), eq(files.kind, kind)))
    .returning(fileColumns);
  return row ? toFileObject(row) : undefined;
}
