import { eq, getTableColumns, getTableName, or, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { MediaUsage } from '../../src/shared/resources/media';
import type { ImageVariant } from '../../src/shared/resources/wire';
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
    .map((resource): UsageSource => ({
      ...sourceOf(resource),
      ...(resource.table === pages ? { extra: { field: 'sections', condition: inSections } } : {}),
    }));
  return [...declared, COMPANY_SOURCE];
}

/** A declared resource's records as a usage source: their title, their website rule (none: never live). */
function sourceOf(resource: AnyResource): UsageSource {
  const published = resource.publicRead?.published;
  return {
    resource: resource.contract.group,
    table: resource.table,
    title: getTableColumns(resource.table)[resource.contract.titleField] as PgColumn,
    live: () => (published ? published(new Date(now())) : sql`false`),
  };
}

/** The company record: its logo and texts are on every page of the website. */
const COMPANY_SOURCE: UsageSource = {
  resource: 'settings',
  table: companySettings,
  title: sql`'Company'`,
  live: () => sql`true`,
};

/**
 * Every table whose text columns may hold a file's address: each declared resource (its title, its
 * website rule) and the company record, whether or not it also has file columns.
 */
export function textSources(resources: readonly AnyResource[]): UsageSource[] {
  return [...resources.map(sourceOf), COMPANY_SOURCE].filter(
    (source) => textColumns(source.table).length > 0,
  );
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
const keysOf = (row: { path: string; preview: string | null; variants: ImageVariant[] | null }): string[] => [
  row.path,
  ...(row.preview ? [row.preview] : []),
  ...(row.variants ?? []).flatMap((variant) => keyOfUrl(variant.url) ?? []),
];

/** A file's addresses: its original's, its preview's and each web variant's. */
export interface FileAddresses {
  url: string;
  preview: string | null;
  variants: ImageVariant[];
}

/** The addresses of a stored file (a row, or a file object as the API answers it). */
export const addressesOf = (file: {
  url: string;
  preview_url?: string | null;
  variants?: ImageVariant[] | null;
}): FileAddresses => ({ url: file.url, preview: file.preview_url ?? null, variants: file.variants ?? [] });

/**
 * The file's kind, name, addresses and storage keys, or undefined when there is none; `lock` holds
 * its row until the transaction ends (a replace or a delete: a second one waits, then reads what the
 * first left).
 */
export async function fileSummary(db: Executor, id: number, { lock = false } = {}) {
  const query = db
    .select({
      id: files.id,
      path: files.path,
      preview: files.preview_path,
      variants: files.variants,
      kind: files.kind,
      name: files.name,
      url: files.url,
      preview_url: files.preview_url,
    })
    .from(files)
    .where(eq(files.id, id))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return (
    row && { id: row.id, kind: row.kind, name: row.name, addresses: addressesOf(row), keys: keysOf(row) }
  );
}

/** Removes the file's row; its references are cleared by their foreign keys (`on delete set null`). */
export async function deleteFileRow(db: Executor, id: number): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}

/**
 * What every address of a file starts with: `/uploads/2026-12/Xy…Z.` (the original is `….png`, its
 * preview and variants `….w480.webp`, all under the one random name).
 */
export const addressStem = (url: string): string => url.slice(0, url.lastIndexOf('.') + 1);

/**
 * The columns of a table whose text can hold a file's address: rich text (HTML `<img src>`), links,
 * a page's sections (JSON). Their references are not foreign keys; only a scan finds them.
 */
export function textColumns(table: PgTable): [key: string, column: PgColumn][] {
  return Object.entries(getTableColumns(table)).filter(([, column]) =>
    ['PgText', 'PgVarchar', 'PgJsonb'].includes(column.columnType),
  );
}

/** Whether `column`'s text holds `stem` (no LIKE: a random name may hold `_`, LIKE's wildcard). */
const holds = (column: PgColumn, stem: string): SQL => sql`strpos(${column}::text, ${stem}) > 0`;

/**
 * The records whose text (rich text, links, sections) holds one of the file's addresses, with the
 * fields that hold it: what a delete must not break. A scan of each table's text columns, made only
 * by a delete or a replace, never by a list.
 */
export async function textUsage(
  db: Executor,
  sources: readonly UsageSource[],
  addresses: FileAddresses,
): Promise<MediaUsage[]> {
  const stem = addressStem(addresses.url);
  const found: MediaUsage[] = [];
  for (const source of sources) {
    const texts = textColumns(source.table);
    if (!texts.length) continue;
    const rows = await db
      .select({
        id: source.table.id,
        title: sql<string>`${source.title}`,
        live: sql<boolean>`coalesce(${source.live() ?? sql`true`}, false)`,
        ...Object.fromEntries(
          texts.map(([key, column]) => [`in_${key}`, sql<boolean>`${holds(column, stem)}`]),
        ),
      })
      .from(source.table)
      .where(or(...texts.map(([, column]) => holds(column, stem))))
      .orderBy(source.table.id)
      .limit(USAGE_LIMIT);
    for (const row of rows as Record<string, unknown>[])
      for (const [key] of texts.filter(([name]) => row[`in_${name}`] === true))
        found.push({
          resource: source.resource,
          record_id: Number(row.id),
          title: String(row.title),
          field: key,
          live: row.live === true,
        });
  }
  return found;
}

/** Each old address of a replaced file and the new one that takes its place in text. */
function addressPairs(before: FileAddresses, after: FileAddresses): [string, string][] {
  const pairs: [string, string][] = [[before.url, after.url]];
  if (before.preview) pairs.push([before.preview, after.preview ?? after.url]);
  for (const variant of before.variants) {
    // The same width if the new file has it, else the widest it has below it, else the original.
    const narrower = after.variants.filter((candidate) => candidate.width <= variant.width);
    const same = narrower.sort((a, b) => b.width - a.width)[0];
    pairs.push([variant.url, same?.url ?? after.url]);
  }
  return pairs;
}

/**
 * Points every text reference to a replaced file's old addresses at its new ones, in every table
 * with text columns (one scan each), and moves those records' `updated_at` on, so a form open on one
 * meanwhile is refused as stale (409) instead of saving the old addresses back. Answers how many
 * records changed.
 */
export async function rewriteTextReferences(
  db: Executor,
  sources: readonly UsageSource[],
  before: FileAddresses,
  after: FileAddresses,
): Promise<number> {
  const stem = addressStem(before.url);
  const pairs = addressPairs(before, after);
  let changed = 0;
  for (const source of sources) {
    const texts = textColumns(source.table);
    if (!texts.length) continue;
    const set: Record<string, SQL | Date> = {};
    for (const [key, column] of texts) {
      const text = pairs.reduce<SQL>(
        (value, [from, to]) => sql`replace(${value}, ${from}, ${to})`,
        sql`${column}::text`,
      );
      const replaced = column.columnType === 'PgJsonb' ? sql`(${text})::jsonb` : text;
      set[key] = sql`case when ${holds(column, stem)} then ${replaced} else ${column} end`;
    }
    if ('updated_at' in getTableColumns(source.table)) set.updated_at = new Date(now());
    const rows = await db
      .update(source.table)
      .set(set as never)
      .where(or(...texts.map(([, column]) => holds(column, stem))))
      .returning({ id: source.table.id });
    changed += rows.length;
  }
  return changed;
}
