import * as yup from 'yup';
// First: the product's messages must be Yup's locale before the schemas below are built.
import '../yupLocale';
import { Type, type TSchema } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { LABELS, format, validation } from '../messages';
import { CATALOGUE_MESSAGES } from '../messages/catalogue';
import {
  DESCRIPTION_MAX,
  META_DESCRIPTION_MAX,
  importStatusField,
  optionalId,
  optionalText,
  richText,
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

/**
 * How a plain field's form value maps to its request body: `text` is a string ('' for none, trimmed,
 * empty sent as null), `day` a required `YYYY-MM-DD`, `optionalDay` one whose '' is sent as null.
 */
export type FormKind = 'text' | 'day' | 'optionalDay';

/** What input a plain field is edited with: a text box, the rich text editor, a link box, a date picker. */
export type InputKind = 'text' | 'rich' | 'link' | 'day';

/**
 * A plain field: one column of its own name, stored as it is given (or sanitised, when `rich`), read
 * back as it is stored. Declared once per layer: here its input field (`fields()`), wire property
 * and spreadsheet column; the server's select, reader, writer, cell and import mapping follow from
 * it (server/crud/fields.ts `plainServer`), and so do the form's values and body
 * (src/components/resource/fields/plainForm.ts).
 */
export interface PlainGroup<
  Name extends string = string,
  F extends yup.AnySchema = yup.AnySchema,
  W extends TSchema = TSchema,
  K extends FormKind = FormKind,
> {
  name: Name;
  label: string;
  /** Rich text (HTML from the editor): sanitised by the server on every write and import. */
  rich: boolean;
  form: K;
  input: InputKind;
  fields: () => Record<Name, F>;
  wire: Record<Name, W>;
  sheet: readonly [{ readonly key: Name; readonly label: string; readonly import: true }];
}

function plainGroup<
  const Name extends string,
  F extends yup.AnySchema,
  W extends TSchema,
  K extends FormKind,
>(name: Name, label: string, field: F, wire: W, form: K, input: InputKind): PlainGroup<Name, F, W, K> {
  return {
    name,
    label,
    rich: input === 'rich',
    form,
    input,
    fields: () => ({ [name]: field }) as Record<Name, F>,
    wire: { [name]: wire } as Record<Name, W>,
    sheet: [{ key: name, label, import: true }],
  };
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;
/** The members of a union merged into one object type (an empty record for none). */
export type Merged<U> = [U] extends [never] ? Record<never, never> : UnionToIntersection<U>;

const mergeAll = (parts: object[]) => Object.assign({}, ...parts) as Record<string, never>;

/** The wire properties of plain groups, in order (spread into a `Type.Object`). */
export const plainWire = <const G extends readonly PlainGroup[]>(groups: G) =>
  mergeAll(groups.map((group) => group.wire)) as unknown as Merged<G[number]['wire']>;

/** The input fields of plain groups (spread into a contract's `fields`). */
export const plainFields = <const G extends readonly PlainGroup[]>(groups: G) =>
  mergeAll(groups.map((group) => group.fields())) as unknown as Merged<ReturnType<G[number]['fields']>>;

/** The spreadsheet columns of plain groups, in order (spread into a contract's `sheet`). */
export const plainSheet = <const G extends readonly PlainGroup[]>(groups: G) =>
  groups.flatMap((group) => group.sheet) as G[number]['sheet'][number][];

/** An optional text (a summary): empty reads as null. */
export const textGroup = <const Name extends string>(name: Name, label: string, max = DESCRIPTION_MAX) =>
  plainGroup(name, label, optionalText(label, max), NullableText(), 'text', 'text');

/** Rich text (a description): HTML, sanitised by the server before it is stored. */
export const richTextGroup = <const Name extends string>(name: Name, label: string) =>
  plainGroup(name, label, richText(label), NullableText('Sanitised HTML'), 'text', 'rich');

/** A link (`linkField`): a full URL or a path on the website; empty reads as null. */
export const linkGroup = <const Name extends string>(name: Name, label: string) =>
  plainGroup(
    name,
    label,
    linkField(label),
    NullableText('A full URL or a path on the website'),
    'text',
    'link',
  );

/** A required date (a news item's, a promotion's start): `YYYY-MM-DD` in and out. */
export const dateGroup = <const Name extends string>(name: Name, label: string) =>
  plainGroup(name, label, dayField(label).required(validation.required(label)), DaySchema, 'day', 'day');

/** An optional date: `YYYY-MM-DD` or null; an empty value reads as null. */
const optionalDay = (label: string) =>
  dayField(label)
    .nullable()
    .default(null)
    .transform((value: string | null) => (value === '' ? null : value));

/** An optional date (a promotion's end): `YYYY-MM-DD` or null; an empty value reads as null. */
export const optionalDateGroup = <const Name extends string>(name: Name, label: string) =>
  plainGroup(name, label, optionalDay(label), Nullable(DaySchema), 'optionalDay', 'day');

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
export function linkField(label: string) {
  return optionalText(label, LINK_MAX).test(
    'link',
    validation.invalid(label),
    (value) =>
      !value ||
      /^https?:\/\/[^\s/]+\.[^\s]*$|^https?:\/\/localhost(:\d+)?(\/\S*)?$|^\/(?!\/)\S*$/.test(value),
  );
}

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
  const field = optionalDay(label).test(
    'after-start',
    format(CATALOGUE_MESSAGES.endBeforeStart, { item: label, start: startLabel.toLowerCase() }),
    function check(value) {
      const from = (this.parent as Record<string, unknown>)[start];
      return !value || typeof from !== 'string' || !isIsoDay(from) || value >= from;
    },
  );
  return plainGroup(name, label, field, Nullable(DaySchema), 'optionalDay', 'day');
}
