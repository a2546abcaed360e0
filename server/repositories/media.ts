import { eq, getTableColumns, getTableName, inArray, or, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { MediaUsage } from '../../src/shared/resources/media';
import type { Executor } from '../db/client';
import { companySettings, files, pages } from '../db/schema';
import { now } from '../lib/clock';
import { keyOfUrl } from '../storage/fileStore';
import type { AnyResource } from '../crud/resource';

/** How many records of one table a file's usage lists (a file is rarely in more than a few). */
export const USAGE_LIMIT = 100;

/** A table whose rows refer to files: which records they are, and when the website shows one. */
export interface UsageSource {
  /** The permission group the records belong to (`products`, `settings` …). */
  resource: string;
  table: PgTable & { id: PgColumn };
  /** The record's name in the list of users. */
  title: SQL | PgColumn;
  /** Whether the website shows the record now (its public rule), or a constant. */
  live: () => SQL | undefined;
  /** More references than the foreign keys: a page's sections hold images by id in JSON. */
  extra?: { field: string; condition: (fileId: number) => SQL };
}

/** The columns of a table that refer to `files` (every `fileRef`), by their foreign keys. */
export function fileColumns(table: PgTable): PgColumn[] {
  return getTableConfig(table)
    .foreignKeys.map((key) => key.reference())
    .filter((ref) => getTableName(ref.foreignTable) === getTableName(files))
    .map((ref) => ref.columns[0]);
}

/** The field a reference column is (`mobile_image_id` → `mobile_image`). */
export const fieldOf = (column: PgColumn): string => column.name.replace(/_id$/, '');

/** The images of a page's sections: any `image` member at any depth holding the file's id. */
const inSections = (fileId: number): SQL =>
  sql`jsonb_path_exists(${pages.sections}, '$.**.image ? (@ == $id)', jsonb_build_object('id', ${fileId}::int))`;

/**
 * Every table that refers to files: the declared resources that have a file column (their title,
 * their website rule: `publicRead.published`; no website rule, never live) and the company record
 * (its logo is on every page of the website).
 */
export function usageSources(resources: readonly AnyResource[]): UsageSource[] {
  const declared = resources
    .filter((resource) => fileColumns(resource.table).length > 0)
    .map((resource): UsageSource => {
      const title = getTableColumns(resource.table)[resource.contract.titleField] as PgColumn;
      const published = resource.publicRead?.published;
      return {
        resource: resource.contract.group,
        table: resource.table,
        title,
        live: () => (published ? published(new Date(now())) : sql`false`),
        ...(resource.table === pages ? { extra: { field: 'sections', condition: inSections } } : {}),
      };
    });
  return [
    ...declared,
    { resource: 'settings', table: companySettings, title: sql`'Company'`, live: () => sql`true` },
  ];
}

/** The records using file `fileId`, in every table that refers to files (one indexed query per table). */
export async function fileUsage(
  db: Executor,
  sources: readonly UsageSource[],
  fileId: number,
): Promise<MediaUsage[]> {
  const found: MediaUsage[] = [];
  for (const source of sources) {
    const columns = fileColumns(source.table);
    const refs = Object.fromEntries(columns.map((col) => [fieldOf(col), col]));
    const rows = await db
      .select({
        id: source.table.id,
        title: sql<string>`${source.title}`,
        live: sql<boolean>`coalesce(${source.live() ?? sql`true`}, false)`,
        ...refs,
        ...(source.extra ? { extra: sql<boolean>`${source.extra.condition(fileId)}` } : {}),
      })
      .from(source.table)
      .where(or(...columns.map((col) => eq(col, fileId)), source.extra?.condition(fileId)))
      .orderBy(source.table.id)
      .limit(USAGE_LIMIT);
    for (const row of rows as Record<string, unknown>[]) {
      const fields = Object.keys(refs).filter((field) => row[field] === fileId);
      if (row.extra === true && source.extra) fields.push(source.extra.field);
      for (const field of fields)
        found.push({
          resource: source.resource,
          record_id: Number(row.id),
          title: String(row.title),
          field,
          live: row.live === true,
        });
    }
  }
  return found;
}

/** The storage keys of a file's original, preview and web variants (to remove them once it is gone). */
export async function fileKeys(db: Executor, ids: readonly number[]): Promise<Map<number, string[]>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: files.id, path: files.path, preview: files.preview_path, variants: files.variants })
    .from(files)
    .where(inArray(files.id, [...ids]));
  return new Map(
    rows.map((row) => [
      row.id,
      [
        row.path,
        ...(row.preview ? [row.preview] : []),
        ...(row.variants ?? []).flatMap((variant) => keyOfUrl(variant.url) ?? []),
      ],
    ]),
  );
}

/** The file's kind and name, or undefined when there is none. */
export async function fileSummary(db: Executor, id: number) {
  const [row] = await db
    .select({ id: files.id, kind: files.kind, name: files.name })
    .from(files)
    .where(eq(files.id, id))
    .limit(1);
  return row;
}

/** Removes the file's row; its references are cleared by their foreign keys (`on delete set null`). */
export async function deleteFileRow(db: Executor, id: number): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}
