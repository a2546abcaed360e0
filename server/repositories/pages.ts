import { eq } from 'drizzle-orm';
import {
  PAGE_SECTIONS,
  SECTIONS,
  type Page,
  type PageKey,
  type SectionDefinition,
  type SectionField,
  type SectionInput,
  type SectionItemInput,
  type Sections,
  type SectionsInput,
} from '../../src/shared/resources/pages';
import type { Executor } from '../db/client';
import { pages } from '../db/schema';
import { auditOf, auditSelect } from './audit';
import { filesByIds, type StoredFile } from './files';

/** The query every read of a page starts from (list, show): explicit columns; add where/order/limit. */
export const pageSelect = (db: Executor) =>
  db
    .select({
      id: pages.id,
      key: pages.key,
      title: pages.title,
      description: pages.description,
      banner_id: pages.banner_id,
      image_id: pages.image_id,
      mobile_image_id: pages.mobile_image_id,
      status: pages.status,
      meta_title: pages.meta_title,
      meta_description: pages.meta_description,
      meta_keyword: pages.meta_keyword,
      sections: pages.sections,
      ...auditSelect(pages),
    })
    .from(pages)
    .$dynamic();

export type PageRow = Awaited<ReturnType<typeof pageSelect>>[number];

const imageFields = (fields: readonly SectionField[]) => fields.filter((field) => field.kind === 'image');

/** Every image id a page's stored sections name. */
function sectionImageIds(key: PageKey, sections: SectionsInput): (number | null)[] {
  const ids: (number | null)[] = [];
  const asId = (value: unknown) => (typeof value === 'number' ? value : null);
  for (const name of PAGE_SECTIONS[key]) {
    const definition: SectionDefinition = SECTIONS[name];
    const stored = sections[name];
    if (!stored) continue;
    for (const field of imageFields(definition.fields)) ids.push(asId(stored[field.name]));
    const items = Array.isArray(stored.items) ? stored.items : [];
    for (const item of items)
      for (const field of imageFields(definition.items?.fields ?? [])) ids.push(asId(item[field.name]));
  }
  return ids;
}

/**
 * A page's sections as the API answers them: exactly its key's sections, each field present (text
 * '' when never set), images as file objects (null when unset or deleted since).
 */
function readSections(
  key: PageKey,
  sections: SectionsInput,
  file: (id: unknown) => StoredFile | null,
): Sections {
  const read = (fields: readonly SectionField[], stored: Record<string, unknown>) =>
    Object.fromEntries(
      fields.map((field) => {
        const value = stored[field.name];
        return [field.name, field.kind === 'image' ? file(value) : typeof value === 'string' ? value : ''];
      }),
    );
  const result: Record<string, unknown> = {};
  for (const name of PAGE_SECTIONS[key]) {
    const definition: SectionDefinition = SECTIONS[name];
    const stored: SectionInput = sections[name] ?? {};
    const section: Record<string, unknown> = read(definition.fields, stored);
    if (definition.items) {
      const items: SectionItemInput[] = Array.isArray(stored.items) ? stored.items : [];
      section.items = items.map((item) => read(definition.items!.fields, item));
    }
    result[name] = section;
  }
  return result as Sections;
}

/** Rows of `pageSelect` → the contract's `Page`, the files of the whole list in one query. */
export async function toPages(db: Executor, rows: PageRow[]): Promise<Page[]> {
  const stored = await filesByIds(
    db,
    rows.flatMap((row) => [
      row.banner_id,
      row.image_id,
      row.mobile_image_id,
      ...sectionImageIds(row.key, row.sections),
    ]),
  );
  const file = (id: unknown) => (typeof id === 'number' ? (stored.get(id) ?? null) : null);
  const audit = await auditOf(db, rows);
  return rows.map((row): Page => ({
    id: row.id,
    key: row.key,
    title: row.title,
    description: row.description,
    banner: file(row.banner_id),
    image: file(row.image_id),
    mobile_image: file(row.mobile_image_id),
    status: row.status,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    meta_keyword: row.meta_keyword,
    sections: readSections(row.key, row.sections, file),
    ...audit(row),
  }));
}

/** The stored page's key (the update's sections are checked against it). */
export async function pageKeyOf(db: Executor, id: number): Promise<PageKey | undefined> {
  const [row] = await db.select({ key: pages.key }).from(pages).where(eq(pages.id, id));
  return row?.key;
}
