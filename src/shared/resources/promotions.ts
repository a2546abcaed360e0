import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { LABELS } from '../messages';
import { ROUTES } from '../routes';
import { DESCRIPTION_MAX, optionalText, richText } from './catalog';
import {
  auditGroup,
  dateGroup,
  endDateGroup,
  imageGroup,
  imageAltGroup,
  bannerAltGroup,
  linkField,
  pictureGroup,
  seoGroup,
  slugGroup,
  statusGroup,
} from './fields';
import { PUBLISH_STATE_FILTER, publishGroup } from './publishing';
import { dateRangeFilter, defineResource, requiredText, STATUS_FILTER } from './resource';
import { IdSchema, NullableText } from './wire';

const date = dateGroup('date', LABELS.date);
const endDate = endDateGroup('end_date', LABELS.endDate, 'date', LABELS.date);
const banner = pictureGroup('banner', LABELS.banner);

/** A promotion as the API answers it: its type, serialiser and OpenAPI schema. */
export const promotionWire = Type.Object({
  id: IdSchema,
  title: Type.String(),
  ...slugGroup.wire,
  summary: NullableText(),
  description: NullableText('Sanitised HTML'),
  link: NullableText('A full URL or a path on the website'),
  ...date.wire,
  ...endDate.wire,
  ...banner.wire,
  ...imageGroup.wire,
  ...statusGroup.wire,
  ...publishGroup.wire,
  ...seoGroup.wire,
  ...auditGroup.wire,
});
export type Promotion = Static<typeof promotionWire>;

/** A promotion as the website reads it (`/public/v1/promotions`): an allow-list; no id, status, audit or user. */
export const promotionPublicWire = Type.Pick(promotionWire, [
  'title',
  'slug',
  'summary',
  'description',
  'link',
  'date',
  'end_date',
  'banner',
  'image',
  'mobile_image',
  'meta_title',
  'meta_description',
  'meta_keyword',
]);

/** The fields a form and a spreadsheet row share. */
const fields = {
  title: requiredText(LABELS.title, NAME_MAX),
  /** Empty: made from the title by the server. */
  ...slugGroup.fields(),
  summary: optionalText(LABELS.summary, DESCRIPTION_MAX),
  description: richText(LABELS.description),
  link: linkField(LABELS.link),
  ...date.fields(),
  /** Must not precede the start date. */
  ...endDate.fields(),
  ...statusGroup.fields(),
  ...seoGroup.fields(),
};
/** Image ids from `POST /api/uploads` (kind image); not in the sheet (an import keeps them). */
const files = {
  ...banner.fields(),
  ...bannerAltGroup.fields(),
  ...imageGroup.fields(),
  ...imageAltGroup.fields(),
};

export const promotionCreateSchema = yup.object({ ...fields, ...files });
export const promotionUpdateSchema = yup.object({ ...fields, ...files, updated_at: yup.string().required() });
/** One spreadsheet row of an import; rows are matched by slug (made from the title when empty). */
export const promotionImportRowSchema = yup.object({ ...fields, ...statusGroup.importFields() });

export type PromotionCreateInput = yup.InferType<typeof promotionCreateSchema>;
export type PromotionUpdateInput = yup.InferType<typeof promotionUpdateSchema>;
export type PromotionImportRow = yup.InferType<typeof promotionImportRowSchema>;

export const promotionsResource = defineResource({
  key: 'promotions',
  group: 'promotions',
  tag: 'Promotion',
  item: 'Promotion',
  route: ROUTES.promotions,
  titleField: 'title',
  sortable: ['title', 'date', 'end_date', 'status', 'created_at', 'updated_at'],
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
    { key: 'summary', label: LABELS.summary, import: true },
    { key: 'description', label: LABELS.description, import: true },
    { key: 'link', label: LABELS.link, import: true },
    ...date.sheet,
    ...endDate.sheet,
    ...statusGroup.sheet,
    ...publishGroup.sheet,
    ...seoGroup.sheet,
    ...auditGroup.sheet,
  ],
  exportable: true,
  importable: true,
  wire: promotionWire,
  input: { create: promotionCreateSchema, update: promotionUpdateSchema },
});
