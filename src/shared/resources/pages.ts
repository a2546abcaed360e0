import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { LABELS } from '../messages';
import { ROUTES } from '../routes';
import { optionalId, richText } from './catalog';
import { auditGroup, bannerAltGroup, imageAltGroup, imageGroup, seoGroup, statusGroup } from './fields';
import {
  PAGE_KEYS,
  pageSectionsSchema,
  sectionsWire,
  type PageKey,
  type SectionsInput,
} from './pageSections';
import { defineResource, requiredText, STATUS_FILTER } from './resource';
import { IdSchema, NullableFile, NullableText } from './wire';

export * from './pageSections';

/** A site page as the API answers it: the common content fields and its key's `sections`. */
export const pageWire = Type.Object({
  id: IdSchema,
  key: Type.Unsafe<PageKey>({ type: 'string', enum: [...PAGE_KEYS], description: 'Stable; never changes' }),
  title: Type.String(),
  description: NullableText('Sanitised HTML'),
  banner: NullableFile(),
  ...imageGroup.wire,
  ...statusGroup.wire,
  ...seoGroup.wire,
  sections: sectionsWire,
  ...auditGroup.wire,
});
export type Page = Static<typeof pageWire>;

/** A page as the website reads it (`/public/v1/pages/{key}`): an allow-list; no id, status, audit or user. */
export const pagePublicWire = Type.Pick(pageWire, [
  'key',
  'title',
  'description',
  'banner',
  'image',
  'mobile_image',
  'meta_title',
  'meta_description',
  'meta_keyword',
  'sections',
]);

/** The common fields of every page (the sections are checked per page key: `pageUpdateSchemaFor`). */
const common = {
  title: requiredText(LABELS.title, NAME_MAX),
  description: richText(LABELS.description),
  banner: optionalId(LABELS.banner),
  ...bannerAltGroup.fields(),
  ...imageGroup.fields(),
  ...imageAltGroup.fields(),
  ...statusGroup.fields(),
  ...seoGroup.fields(),
};

const isPlainObject = (value: unknown): boolean =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The update body. `sections` must be an object here; which sections and fields it holds depends on
 * the stored page's key, so the server's `sections` writer checks it with `pageSectionsSchema(key)`,
 * the schema the form validates with (`pageUpdateSchemaFor`).
 */
export const pageUpdateSchema = yup.object({
  ...common,
  sections: yup
    .mixed<SectionsInput>()
    .default({})
    .test('sections', 'Sections is invalid', (value) => value === undefined || isPlainObject(value)),
  updated_at: yup.string().required(),
});

/** The whole update schema of one page, its sections included: the detail form validates with it. */
export const pageUpdateSchemaFor = (key: PageKey) =>
  yup.object({ ...common, sections: pageSectionsSchema(key), updated_at: yup.string().required() });

export type PageUpdateInput = yup.InferType<typeof pageUpdateSchema>;
/** Pages have no create (API contract: pages index, update); the slice's create type is never used. */
export type PageCreateInput = never;

export const pagesResource = defineResource({
  key: 'pages',
  group: 'pages',
  tag: 'Page',
  item: 'Page',
  route: ROUTES.pages,
  titleField: 'title',
  sortable: ['id', 'title', 'status', 'updated_at'],
  // The seven pages in the website's order (they are created in that order).
  defaultSort: { sort: 'id', order: 'asc' },
  filters: { status: STATUS_FILTER },
  exportable: false,
  importable: false,
  wire: pageWire,
  input: { update: pageUpdateSchema },
});
