import * as yup from 'yup';
// First: the product's messages must be Yup's locale before the schemas below are built.
import '../yupLocale';
import { Type, type TSchema } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { LABELS, validation } from '../messages';
import { DESCRIPTION_MAX, optionalId } from './catalog';
import { altGroup, altName } from './fields';
import { NullableFile } from './wire';

/**
 * The page-specific sections of the seven site pages (spec §3 "Page-specific fields"), declared per
 * page key: which sections a page has, and for each section its fields and repeatable items (with
 * their minimum and maximum count). One declaration gives the Yup schemas both halves validate with,
 * the wire schema of `sections`, the form's cards and the preview. A page's sections are stored in
 * one `jsonb` column (`pages.sections`), not one nullable column per section of every page.
 */

/** The seven pages' stable keys (API contract: Pages), in the order the list and the menu show them. */
export const PAGE_KEYS = [
  'home',
  'about',
  'product',
  'promotion',
  'news',
  'product-article',
  'contact',
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

/** The kinds of section fields: how each is validated, entered and previewed. */
export type SectionFieldKind = 'text' | 'textarea' | 'url' | 'phone' | 'image';

export interface SectionField {
  name: string;
  label: string;
  kind: SectionFieldKind;
  required?: boolean;
}

export interface SectionItems {
  /** What one item is called ('Item', 'Branch'). */
  label: string;
  min: number;
  max: number;
  fields: readonly SectionField[];
}

export interface SectionDefinition {
  /** The card's heading. */
  label: string;
  fields: readonly SectionField[];
  items?: SectionItems;
}

export const SECTION_LABELS = {
  subtitle: 'Subtitle',
  buttonLabel: 'Button Label',
  buttonLink: 'Button Link',
  address: 'Address',
  mapLink: 'Map Link',
  mapEmbed: 'Map Embed Address',
  icon: 'Icon or Image',
} as const;

const text = (name: string, label: string, required = false): SectionField => ({
  name,
  label,
  kind: 'text',
  required,
});
const textarea = (name: string, label: string, required = false): SectionField => ({
  name,
  label,
  kind: 'textarea',
  required,
});
const url = (name: string, label: string): SectionField => ({ name, label, kind: 'url' });
const image = (name: string, label: string): SectionField => ({ name, label, kind: 'image' });

/** Every section any page has; `PAGE_SECTIONS` says which page has which. */
export const SECTIONS = {
  hero: {
    label: 'Hero',
    fields: [
      text('title', LABELS.title),
      textarea('subtitle', SECTION_LABELS.subtitle),
      text('button_label', SECTION_LABELS.buttonLabel),
      url('button_link', SECTION_LABELS.buttonLink),
      image('image', LABELS.image),
    ],
  },
  why_us: {
    label: 'Why Us',
    fields: [text('title', LABELS.title)],
    items: {
      label: 'Item',
      min: 0,
      max: 6,
      fields: [
        text('title', LABELS.title, true),
        textarea('description', LABELS.description),
        image('image', SECTION_LABELS.icon),
      ],
    },
  },
  principle: {
    label: 'Our Principle',
    fields: [text('title', LABELS.title), textarea('description', LABELS.description)],
  },
  vision: {
    label: 'Vision',
    fields: [text('title', LABELS.title), textarea('description', LABELS.description)],
  },
  mission: {
    label: 'Mission',
    fields: [
      text('title', LABELS.title),
      textarea('description', LABELS.description),
      image('image', 'Mission Image'),
    ],
  },
  office: {
    label: 'Our Office',
    fields: [text('title', LABELS.title), image('image', 'Office Image')],
  },
  branches: {
    label: 'Our Branches',
    fields: [text('title', LABELS.title)],
    items: {
      label: 'Branch',
      min: 0,
      max: 20,
      fields: [
        text('name', LABELS.name, true),
        textarea('address', SECTION_LABELS.address, true),
        { name: 'phone_number', label: LABELS.phoneNumber, kind: 'phone' },
        url('map_link', SECTION_LABELS.mapLink),
      ],
    },
  },
  intro: {
    label: 'Introduction',
    fields: [text('title', LABELS.title), textarea('description', LABELS.description)],
  },
  call_to_action: {
    label: 'Call to Action',
    fields: [
      text('title', LABELS.title),
      textarea('description', LABELS.description),
      text('button_label', SECTION_LABELS.buttonLabel),
      url('button_link', SECTION_LABELS.buttonLink),
    ],
  },
  get_in_touch: {
    label: 'Get in Touch',
    fields: [text('title', LABELS.title), textarea('description', LABELS.description)],
  },
  map: {
    label: 'Map',
    fields: [text('title', LABELS.title), url('embed_url', SECTION_LABELS.mapEmbed)],
  },
} as const satisfies Record<string, SectionDefinition>;

export type SectionKey = keyof typeof SECTIONS;

/**
 * Which page has which sections, in the order the website lays them out
 * (docs/decisions/2026-11-24-page-sections-layout.md: the about page has what spec §3 lists; the
 * home page its hero and why-us; the contact page its get-in-touch text and map; the four list
 * pages an introduction above their list and a call to action below it).
 */
export const PAGE_SECTIONS = {
  home: ['hero', 'why_us', 'call_to_action'],
  about: ['why_us', 'principle', 'vision', 'mission', 'office', 'branches'],
  product: ['intro', 'call_to_action'],
  promotion: ['intro', 'call_to_action'],
  news: ['intro', 'call_to_action'],
  'product-article': ['intro', 'call_to_action'],
  contact: ['get_in_touch', 'map'],
} as const satisfies Record<PageKey, readonly SectionKey[]>;

export const isPageKey = (key: string): key is PageKey => (PAGE_KEYS as readonly string[]).includes(key);

/** A section field as written: text ('' for none) or an image upload id (null for none). */
export type SectionInputValue = string | number | null;
export type SectionItemInput = Record<string, SectionInputValue>;
export type SectionInput = Record<string, SectionInputValue | SectionItemInput[]>;
export type SectionsInput = Partial<Record<SectionKey, SectionInput>>;

const TEXT_MAX: Record<SectionFieldKind, number> = {
  text: NAME_MAX,
  textarea: DESCRIPTION_MAX,
  url: 2000,
  phone: 30,
  image: 0,
};

/** The Yup schema of one section field. */
function fieldSchema(field: SectionField): yup.ISchema<unknown> {
  if (field.kind === 'image') return optionalId(field.label);
  const max = TEXT_MAX[field.kind];
  let schema = yup
    .string()
    .trim()
    .default('')
    .max(max, validation.max(field.label, max))
    .transform((value: string | null) => value ?? '');
  if (field.required) schema = schema.required(validation.required(field.label));
  if (field.kind === 'url')
    schema = schema.url(validation.invalid(field.label)).matches(/^https?:\/\//i, {
      message: validation.invalid(field.label),
      excludeEmptyString: true,
    });
  if (field.kind === 'phone')
    schema = schema.matches(/^[+0-9 ()-]*$/, {
      message: validation.invalid(field.label),
      excludeEmptyString: true,
    });
  return schema;
}

/** A section's (or item's) image fields: each has its alt text beside it (`image` → `image_alt`). */
export const sectionImages = (fields: readonly SectionField[]) =>
  fields.filter((field) => field.kind === 'image');

/** The Yup shape of fields: each field's schema, and each image's alt text (required when it is set). */
function fieldsSchema(fields: readonly SectionField[]): Record<string, yup.ISchema<unknown>> {
  const shape: Record<string, yup.ISchema<unknown>> = Object.fromEntries(
    fields.map((field) => [field.name, fieldSchema(field)]),
  );
  const pictures = sectionImages(fields).map(({ name, label }) => ({ name, label }));
  return pictures.length ? { ...shape, ...altGroup(...pictures).fields() } : shape;
}

/** Empty values of fields: texts and alt texts '', images null. */
const emptyFields = (fields: readonly SectionField[]): Record<string, SectionInputValue> => ({
  ...Object.fromEntries(fields.map((field) => [field.name, field.kind === 'image' ? null : ''])),
  ...Object.fromEntries(sectionImages(fields).map((field) => [altName(field.name), ''])),
});

/** The Yup schema of one section: its fields, and its items between their minimum and maximum count. */
export function sectionSchema(key: SectionKey): yup.AnyObjectSchema {
  const definition: SectionDefinition = SECTIONS[key];
  const shape: Record<string, yup.ISchema<unknown>> = fieldsSchema(definition.fields);
  const items = definition.items;
  if (items) {
    const label = `${definition.label} ${items.label}s`;
    shape.items = yup
      .array(yup.object(fieldsSchema(items.fields)))
      .label(label)
      .default([])
      .min(items.min)
      .max(items.max);
  }
  return yup.object(shape).default({});
}

/** The Yup schema of a page's `sections`: exactly its key's sections (others are dropped). */
export function pageSectionsSchema(key: PageKey): yup.AnyObjectSchema {
  return yup
    .object(Object.fromEntries(PAGE_SECTIONS[key].map((section) => [section, sectionSchema(section)])))
    .default({});
}

/** An empty section of `key`: every text and alt text '', every image null, no items. */
export function emptySection(key: SectionKey): SectionInput {
  const definition: SectionDefinition = SECTIONS[key];
  const values: SectionInput = emptyFields(definition.fields);
  if (definition.items) values.items = [];
  return values;
}

/** An empty item of a section's repeatable items. */
export function emptyItem(items: SectionItems): SectionItemInput {
  return emptyFields(items.fields);
}

// Wire: how the API answers a page's sections (images as file objects, their alt text the file's `alt`).

const wireField = (field: SectionField): TSchema => (field.kind === 'image' ? NullableFile() : Type.String());
const wireFields = (fields: readonly SectionField[]) =>
  Object.fromEntries(fields.map((field) => [field.name, wireField(field)]));

function sectionWire(key: SectionKey) {
  const definition: SectionDefinition = SECTIONS[key];
  return Type.Object({
    ...wireFields(definition.fields),
    ...(definition.items ? { items: Type.Array(Type.Object(wireFields(definition.items.fields))) } : {}),
  });
}

/** A section as read: texts, images as file objects, and items of the same. */
export type SectionValue = Record<string, unknown> & { items?: Record<string, unknown>[] };
export type Sections = Partial<Record<SectionKey, SectionValue>>;

/** `sections` as the API answers it: the page key's sections (each of them, filled with empty values). */
export const sectionsWire = Type.Unsafe<Sections>(
  Type.Object(
    Object.fromEntries(
      (Object.keys(SECTIONS) as SectionKey[]).map((key) => [key, Type.Optional(sectionWire(key))]),
    ),
    { description: "The page key's sections (PAGE_SECTIONS); images as file objects" },
  ),
);

/** The page screens' own words (not the spec's). */
export const PAGE_TEXT = {
  key: 'Page',
  updatedBy: 'Updated By',
  commonFields: 'Page',
  seo: 'SEO',
  preview: 'Preview',
  showPreview: 'Show Preview',
  hidePreview: 'Hide Preview',
  previewHint: 'How the website lays out this page, as you type. Save to publish it.',
  noItems: 'No items yet.',
  add: (item: string) => `Add ${item}`,
  itemHeading: (item: string, position: number) => `${item} ${position}`,
  moveUp: (name: string) => `Move ${name} up`,
  moveDown: (name: string) => `Move ${name} down`,
  remove: (name: string) => `Remove ${name}`,
  count: (count: number, min: number, max: number) =>
    `${count} of at most ${max}${min ? `, at least ${min}` : ''}`,
  moved: (name: string, position: number) => `${name} moved to position ${position}`,
  removed: (name: string) => `${name} removed`,
  added: (name: string) => `${name} added`,
  keyboardHint: 'Alt + Arrow Up / Arrow Down moves the focused item.',
  empty: 'Not filled in',
  image: 'Image',
} as const;
