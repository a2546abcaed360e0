import { STATUS, type Status } from '../../shared/contracts/account';
import {
  PAGE_SECTIONS,
  SECTIONS,
  sectionImages,
  type Page,
  type PageKey,
  type PageUpdateInput,
  type SectionDefinition,
  type SectionField,
  type SectionItemInput,
  type SectionsInput,
} from '../../shared/resources/pages';
import { altName } from '../../shared/resources/fields';
import type { FileObject } from '../../shared/resources/wire';
import { altBody, altValues, type AltValues } from '../../components/resource/fields/altText';

const IMAGES = ['banner', 'image', 'mobile_image'] as const;

/** One repeatable item in the form: its fields, and `_key`, which keeps its inputs while it moves (never sent). */
export type ItemValues = SectionItemInput & { _key: string };
export type SectionValues = Record<string, string | number | null | ItemValues[]>;

/** The page form's values: text as strings ('' for none), files as ids. */
export type PageValues = {
  title: string;
  description: string;
  banner: number | null;
  image: number | null;
  mobile_image: number | null;
  status: Status;
  meta_title: string;
  meta_description: string;
  meta_keyword: string;
  sections: Record<string, SectionValues>;
} & AltValues<(typeof IMAGES)[number]>;

let added = 0;
/** A key for an item added in this tab (loaded items are keyed by position). */
export const newItemKey = (): string => `new-${Date.now().toString(36)}-${++added}`;

const idOf = (value: unknown): number | null =>
  value !== null && typeof value === 'object' && 'id' in value ? Number((value as FileObject).id) : null;

const fieldValue = (field: SectionField, stored: Record<string, unknown> | undefined) =>
  field.kind === 'image' ? idOf(stored?.[field.name]) : String(stored?.[field.name] ?? '');

/** The form values of fields: each field's, and each image's alt text (the file object's `alt`). */
const fieldValues = (fields: readonly SectionField[], stored: Record<string, unknown> | undefined) => ({
  ...Object.fromEntries(fields.map((field) => [field.name, fieldValue(field, stored)])),
  ...Object.fromEntries(
    sectionImages(fields).map((field) => [
      altName(field.name),
      (stored?.[field.name] as FileObject | null | undefined)?.alt ?? '',
    ]),
  ),
});

/** Every file a page shows (common images and those in its sections), by id: the previews' pictures. */
export function pageFiles(page?: Page): Map<number, FileObject> {
  const files = new Map<number, FileObject>();
  const keep = (value: unknown) => {
    if (value !== null && typeof value === 'object' && 'url' in value)
      files.set((value as FileObject).id, value as FileObject);
  };
  if (!page) return files;
  [page.banner, page.image, page.mobile_image].forEach(keep);
  for (const section of Object.values(page.sections ?? {}) as Record<string, unknown>[]) {
    for (const value of Object.values(section)) keep(value);
    const items = Array.isArray(section.items) ? (section.items as Record<string, unknown>[]) : [];
    for (const item of items) Object.values(item).forEach(keep);
  }
  return files;
}

export const pageKeyOf = (page?: Page): PageKey | undefined => page?.key;

export function toPageValues(page?: Page): PageValues {
  const sections: Record<string, SectionValues> = {};
  if (page)
    for (const name of PAGE_SECTIONS[page.key]) {
      const definition: SectionDefinition = SECTIONS[name];
      const stored = (page.sections as Record<string, Record<string, unknown> | undefined>)[name];
      const values: SectionValues = fieldValues(definition.fields, stored);
      if (definition.items) {
        const items = Array.isArray(stored?.items) ? (stored.items as Record<string, unknown>[]) : [];
        values.items = items.map((item, index): ItemValues => ({
          ...fieldValues(definition.items!.fields, item),
          _key: `${name}-${index}`,
        }));
      }
      sections[name] = values;
    }
  return {
    title: page?.title ?? '',
    description: page?.description ?? '',
    banner: page?.banner?.id ?? null,
    image: page?.image?.id ?? null,
    mobile_image: page?.mobile_image?.id ?? null,
    ...altValues(IMAGES, page),
    status: page?.status ?? STATUS.active,
    meta_title: page?.meta_title ?? '',
    meta_description: page?.meta_description ?? '',
    meta_keyword: page?.meta_keyword ?? '',
    sections,
  };
}

/** The request body: empty texts cleared, items without their form keys. */
export function toPageBody(values: PageValues): Omit<PageUpdateInput, 'updated_at'> {
  const sections: SectionsInput = {};
  for (const [name, section] of Object.entries(values.sections)) {
    const body: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(section))
      body[field] = Array.isArray(value) ? value.map(({ _key, ...item }) => item) : value;
    sections[name as keyof SectionsInput] = body as SectionsInput[keyof SectionsInput];
  }
  const text = (value: string) => value.trim() || null;
  return {
    title: values.title.trim(),
    description: text(values.description),
    banner: values.banner,
    image: values.image,
    mobile_image: values.mobile_image,
    ...altBody(IMAGES, values),
    status: values.status,
    meta_title: text(values.meta_title),
    meta_description: text(values.meta_description),
    meta_keyword: text(values.meta_keyword),
    sections,
  };
}
