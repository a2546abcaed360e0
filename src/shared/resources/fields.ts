import * as yup from 'yup';
// First: the product's messages must be Yup's locale before the schemas below are built.
import '../yupLocale';
import { Type } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { LABELS, format, validation } from '../messages';
import { CATALOGUE_MESSAGES } from '../messages/catalogue';
import {
  META_DESCRIPTION_MAX,
  importStatusField,
  optionalId,
  optionalText,
  slugField,
  statusField,
} from './catalog';
import { isIsoDay } from './filters';
import {
  DaySchema,
  Nullable,
  NullableFile,
  NullableObject,
  NullableText,
  RefSchema,
  StatusSchema,
  TimestampSchema,
} from './wire';

/**
 * Field groups that several resources have, declared once per layer and spread into each contract
 * that has them: the Yup input fields (`fields()`), the wire properties (`wire`) and the spreadsheet
 * columns (`sheet`). The table columns are in server/db/schema/columns.ts, the server's writers and
 * cells in server/crud/fields.ts, the form inputs and list columns in src/components/resource/fields/.
 */

/** Status: Active (1) / Not Active (0). */
export const statusGroup = {
  fields: () => ({ status: statusField() }),
  /** A spreadsheet cell: the exported words or the numbers. */
  importFields: () => ({ status: importStatusField() }),
  wire: { status: StatusSchema },
  sheet: [{ key: 'status', label: LABELS.status, import: true }],
} as const;

/** SEO: meta title, meta description and meta keyword of the item's page on the website. */
export const seoGroup = {
  fields: () => ({
    meta_title: optionalText(LABELS.metaTitle, NAME_MAX),
    meta_description: optionalText(LABELS.metaDescription, META_DESCRIPTION_MAX),
    meta_keyword: optionalText(LABELS.metaKeyword, NAME_MAX),
  }),
  wire: {
    meta_title: NullableText(),
    meta_description: NullableText(),
    meta_keyword: NullableText(),
  },
  sheet: [
    { key: 'meta_title', label: LABELS.metaTitle, import: true },
    { key: 'meta_description', label: LABELS.metaDescription, import: true },
    { key: 'meta_keyword', label: LABELS.metaKeyword, import: true },
  ],
} as const;

/** Audit: when and by whom the record was created and last changed (set by the server, never input). */
export const auditGroup = {
  wire: {
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
    created_by: NullableObject(RefSchema),
    updated_by: NullableObject(RefSchema),
  },
  sheet: [{ key: 'created_at', label: LABELS.createdAt, import: false }],
} as const;

/** An image and its mobile variant, each an upload id (kind image) written, a file object read. */
export const imageGroup = {
  fields: () => ({ image: optionalId(LABELS.image), mobile_image: optionalId(LABELS.mobileImage) }),
  wire: { image: NullableFile(), mobile_image: NullableFile() },
} as const;

export const ALT_MAX = 255;

/** The label of a picture's alt text: 'Alt text' followed by the picture ('Alt text (Banner)'). */
export const altLabel = (pictureLabel: string) => `${LABELS.altText} (${pictureLabel})`;

/** The input field that carries a picture's alt text: `image` → `image_alt`. */
export const altName = <Name extends string>(name: Name) => `${name}_alt` as `${Name}_alt`;

/**
 * The alt text of each picture named (content and pages: `image`, `mobile_image`, `banner`): the
 * words a screen reader says and a search engine reads for it, stored on the file row and read back
 * as the file object's `alt`. Required whenever its picture is set: an image without alt text cannot
 * be saved (issue 8); empty reads as null.
 */
export function altGroup<const Name extends string>(...pictures: { name: Name; label: string }[]) {
  const field = (name: string, label: string) =>
    optionalText(altLabel(label), ALT_MAX).when(name, {
      is: (id: unknown) => id !== null && id !== undefined && id !== '',
      then: (schema) => schema.required(validation.required(LABELS.altText)),
    });
  type Field = ReturnType<typeof field>;
  return {
    fields: () =>
      Object.fromEntries(pictures.map(({ name, label }) => [altName(name), field(name, label)])) as Record<
        `${Name}_alt`,
        Field
      >,
  };
}

/** The alt texts of the image group (`image_alt`, `mobile_image_alt`). */
export const imageAltGroup = altGroup(
  { name: 'image', label: LABELS.image },
  { name: 'mobile_image', label: LABELS.mobileImage },
);

/** The alt text of a banner (`banner_alt`). */
export const bannerAltGroup = altGroup({ name: 'banner', label: LABELS.banner });

/** A slug: unique per resource, the natural key of import/export; left empty, made from the title or name. */
export const slugGroup = {
  fields: () => ({ slug: slugField() }),
  wire: { slug: Type.String({ description: 'Unique; lower-case a-z, 0-9 and dashes' }) },
  sheet: [{ key: 'slug', label: LABELS.slug, import: true }],
} as const;

/** A calendar day, `YYYY-MM-DD` (API contract: Objects). */
export const dayField = (label: string) =>
  yup
    .string()
    .trim()
    .test('day', validation.invalid(label), (value) => !value || isIsoDay(value));

/** A required date (a news item's, a promotion's start): `YYYY-MM-DD` in and out. */
export function dateGroup<const Name extends string>(name: Name, label: string) {
  const field = dayField(label).required(validation.required(label));
  return {
    fields: () => ({ [name]: field }) as Record<Name, typeof field>,
    wire: { [name]: DaySchema } as Record<Name, typeof DaySchema>,
    sheet: [{ key: name, label, import: true }] as const,
  };
}

/** An optional date (a promotion's end): `YYYY-MM-DD` or null; an empty value reads as null. */
export function optionalDateGroup<const Name extends string>(name: Name, label: string) {
  const field = dayField(label)
    .nullable()
    .default(null)
    .transform((value: string | null) => (value === '' ? null : value));
  const wire = Nullable(DaySchema);
  return {
    fields: () => ({ [name]: field }) as Record<Name, typeof field>,
    wire: { [name]: wire } as Record<Name, typeof wire>,
    sheet: [{ key: name, label, import: true }] as const,
  };
}

/** One more picture (a banner): an upload id (kind image) written, a file object read. */
export function pictureGroup<const Name extends string>(name: Name, label: string) {
  const field = optionalId(label);
  const wire = NullableFile();
  return {
    fields: () => ({ [name]: field }) as Record<Name, typeof field>,
    wire: { [name]: wire } as Record<Name, typeof wire>,
  };
}

export const LINK_MAX = 2048;

/** A link: a full http(s) URL or a path on the website (`/products/x`); empty reads as null. */
export const linkField = (label: string) =>
  optionalText(label, LINK_MAX).test(
    'link',
    validation.invalid(label),
    (value) =>
      !value ||
      /^https?:\/\/[^\s/]+\.[^\s]*$|^https?:\/\/localhost(:\d+)?(\/\S*)?$|^\/(?!\/)\S*$/.test(value),
  );

/**
 * An end date that must not precede the `start` field of the same object (a promotion's `end_date`
 * against its `date`); empty reads as null.
 */
export function endDateGroup<const Name extends string>(
  name: Name,
  label: string,
  start: string,
  startLabel: string,
) {
  const field = dayField(label)
    .nullable()
    .default(null)
    .transform((value: string | null) => (value === '' ? null : value))
    .test(
      'after-start',
      format(CATALOGUE_MESSAGES.endBeforeStart, { item: label, start: startLabel.toLowerCase() }),
      function check(value) {
        const from = (this.parent as Record<string, unknown>)[start];
        return !value || typeof from !== 'string' || !isIsoDay(from) || value >= from;
      },
    );
  const wire = Nullable(DaySchema);
  return {
    fields: () => ({ [name]: field }) as Record<Name, typeof field>,
    wire: { [name]: wire } as Record<Name, typeof wire>,
    sheet: [{ key: name, label, import: true }] as const,
  };
}
