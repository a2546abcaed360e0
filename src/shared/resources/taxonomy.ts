import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { LABELS } from '../messages';
import { DESCRIPTION_MAX, optionalId, optionalText } from './catalog';
import { auditGroup, slugGroup, statusGroup } from './fields';
import { CREATED_DATE_FILTER, requiredText, STATUS_FILTER } from './resource';
import { IdSchema, NullableFile, NullableText } from './wire';

/**
 * Brands and categories are the same kind of thing (spec §3): a named, slugged, described and
 * switchable group of products with one picture (a brand's logo, a category's image). What they
 * share is written here once; `brands.ts` and `categories.ts` add their names and their picture.
 */

/** The list, spreadsheet and options settings of a brand or category contract. */
export const TAXONOMY_LIST = {
  titleField: 'name',
  sortable: ['name', 'slug', 'status', 'created_at', 'updated_at'],
  defaultSort: { sort: 'created_at', order: 'desc' },
  dateField: 'created_at',
  filters: { status: STATUS_FILTER, date: CREATED_DATE_FILTER },
  sheet: [
    { key: 'name', label: LABELS.name, import: true },
    ...slugGroup.sheet,
    { key: 'description', label: LABELS.description, import: true },
    ...statusGroup.sheet,
    ...auditGroup.sheet,
  ],
  exportable: true,
  importable: true,
  /** A product's form and filters pick brands and categories. */
  options: { readers: ['products'] },
} as const;

/** A brand or category as the API answers it, with its picture under `picture` (`logo`, `image`). */
export const taxonomyWire = <const Picture extends string>(picture: Picture) =>
  Type.Object({
    id: IdSchema,
    name: Type.String(),
    ...slugGroup.wire,
    description: NullableText(),
    ...statusGroup.wire,
    products_count: Type.Integer({ description: 'Products using it; one in use cannot be deleted' }),
    ...({ [picture]: NullableFile() } as Record<Picture, ReturnType<typeof NullableFile>>),
    ...auditGroup.wire,
  });

/** A brand or category as the website reads it (`/public/v1/brands`): no status, count, audit or user. */
export const taxonomyPublicWire = <const Picture extends string>(picture: Picture) =>
  Type.Object({
    id: IdSchema,
    name: Type.String(),
    ...slugGroup.wire,
    description: NullableText(),
    ...({ [picture]: NullableFile() } as Record<Picture, ReturnType<typeof NullableFile>>),
  });

/** A brand or category as the API answers it, without its picture. */
export type TaxonomyItem = Omit<Static<ReturnType<typeof taxonomyWire<'picture'>>>, 'picture'>;

/** The form fields of a brand or category, with its picture (an upload id, kind image) under `picture`. */
export const taxonomyFields = <const Picture extends string>(picture: Picture, label: string) => ({
  name: requiredText(LABELS.name, NAME_MAX),
  /** Empty: made from the name by the server. */
  ...slugGroup.fields(),
  description: optionalText(LABELS.description, DESCRIPTION_MAX),
  ...statusGroup.fields(),
  ...({ [picture]: optionalId(label) } as Record<Picture, ReturnType<typeof optionalId>>),
});

/** One spreadsheet row of a brand or category import; rows are matched by slug (made from the name when empty). */
export const taxonomyImportRowSchema = yup.object({
  name: requiredText(LABELS.name, NAME_MAX),
  ...slugGroup.fields(),
  description: optionalText(LABELS.description, DESCRIPTION_MAX),
  ...statusGroup.importFields(),
});

export type TaxonomyImportRow = yup.InferType<typeof taxonomyImportRowSchema>;
