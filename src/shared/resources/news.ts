import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { LABELS } from '../messages';
import { ROUTES } from '../routes';
import { DESCRIPTION_MAX, optionalText, richText } from './catalog';
import {
  auditGroup,
  bannerAltGroup,
  imageAltGroup,
  dateGroup,
  imageGroup,
  pictureGroup,
  seoGroup,
  slugGroup,
  statusGroup,
} from './fields';
import { PUBLISH_STATE_FILTER, publishGroup } from './publishing';
import { dateRangeFilter, defineResource, requiredText, STATUS_FILTER } from './resource';
import { IdSchema, NullableText } from './wire';

const date = dateGroup('date', LABELS.date);
const banner = pictureGroup('banner', LABELS.banner);

/** A news item as the API answers it: its type, serialiser and OpenAPI schema. */
export const newsWire = Type.Object({
  id: IdSchema,
  title: Type.String(),
  ...slugGroup.wire,
  ...date.wire,
  summary: NullableText(),
  description: NullableText('Sanitised HTML'),
  ...imageGroup.wire,
  ...banner.wire,
  ...statusGroup.wire,
  ...publishGroup.wire,
  ...seoGroup.wire,
  ...auditGroup.wire,
});
export type News = Static<typeof newsWire>;

/** A news item as the website reads it (`/public/v1/news`): an allow-list; no id, status, audit or user. */
export const newsPublicWire = Type.Pick(newsWire, [
  'title',
  'slug',
  'date',
  'summary',
  'description',
  'image',
  'mobile_image',
  'banner',
  'meta_title',
  'meta_description',
  'meta_keyword',
]);

/** The fields a form and a spreadsheet row share. */
const fields = {
  title: requiredText(LABELS.title, NAME_MAX),
  /** Empty: made from the title by the server. */
  ...slugGroup.fields(),
  ...date.fields(),
  summary: optionalText(LABELS.summary, DESCRIPTION_MAX),
  description: richText(LABELS.description),
  ...statusGroup.fields(),
  ...seoGroup.fields(),
};
/** Image ids from `POST /api/uploads` (kind image); not in the sheet (an import keeps them). */
const files = {
  ...imageGroup.fields(),
  ...imageAltGroup.fields(),
  ...banner.fields(),
  ...bannerAltGroup.fields(),
};

export const newsCreateSchema = yup.object({ ...fields, ...files });
export const newsUpdateSchema = yup.object({ ...fields, ...files, updated_at: yup.string().required() });
/** One spreadsheet row of an import; rows are matched by slug (made from the title when empty). */
export const newsImportRowSchema = yup.object({ ...fields, ...statusGroup.importFields() });

export type NewsCreateInput = yup.InferType<typeof newsCreateSchema>;
export type NewsUpdateInput = yup.InferType<typeof newsUpdateSchema>;
export type NewsImportRow = yup.InferType<typeof newsImportRowSchema>;

export const newsResource = defineResource({
  key: 'news',
  group: 'news',
  tag: 'News',
  item: 'News',
  route: ROUTES.news,
  titleField: 'title',
  sortable: ['title', 'date', 'status', 'created_at', 'updated_at'],
  defaultSort: { sort: 'date', order: 'desc' },
  dateField: 'date',
  filters: {
    status: STATUS_FILTER,
    publish_states: PUBLISH_STATE_FILTER,
    date: dateRangeFilter(LABELS.date),
  },
  sheet: [
    { key: 'title', label: LABELS.title, import: true },
    ...slugGroup.sheet,
    ...date.sheet,
    { key: 'summary', label: LABELS.summary, import: true },
    { key: 'description', label: LABELS.description, import: true },
    ...statusGroup.sheet,
    ...publishGroup.sheet,
    ...seoGroup.sheet,
    ...auditGroup.sheet,
  ],
  exportable: true,
  importable: true,
  wire: newsWire,
  input: { create: newsCreateSchema, update: newsUpdateSchema },
});
