import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { LABELS } from '../messages';
import { ROUTES } from '../routes';
import { STORAGE_KEYS } from '../storageKeys';
import { DESCRIPTION_MAX, optionalText, richText } from './catalog';
import { auditGroup, dateGroup, imageAltGroup, imageGroup, seoGroup, slugGroup, statusGroup } from './fields';
import { productsResource } from './products';
import { PUBLISH_STATE_FILTER, publishGroup } from './publishing';
import { dateRangeFilter, defineResource, idsFilter, requiredText, STATUS_FILTER } from './resource';
import { IdSchema, NullableText, RefSchema } from './wire';

const date = dateGroup('date', LABELS.date);

/** A product article as the API answers it: its type, serialiser and OpenAPI schema. */
export const productArticleWire = Type.Object({
  id: IdSchema,
  title: Type.String(),
  ...slugGroup.wire,
  ...date.wire,
  summary: NullableText(),
  description_one: NullableText('Sanitised HTML'),
  description_two: NullableText('Sanitised HTML'),
  ...imageGroup.wire,
  products: Type.Array(RefSchema, { description: 'The related products, by name' }),
  ...statusGroup.wire,
  ...publishGroup.wire,
  ...seoGroup.wire,
  ...auditGroup.wire,
});
export type ProductArticle = Static<typeof productArticleWire>;

/**
 * A product article as the website reads it (`/public/v1/product-articles`): an allow-list; no id,
 * status, audit or user. `products` are the related products' `{id, name}` (the ids the public
 * product list carries).
 */
export const productArticlePublicWire = Type.Pick(productArticleWire, [
  'title',
  'slug',
  'date',
  'summary',
  'description_one',
  'description_two',
  'image',
  'mobile_image',
  'products',
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
  description_one: richText(LABELS.descriptionOne),
  description_two: richText(LABELS.descriptionTwo),
  ...statusGroup.fields(),
  ...seoGroup.fields(),
};
/** Image ids and related product ids: not in the sheet (an import keeps them). */
const references = {
  ...imageGroup.fields(),
  ...imageAltGroup.fields(),
  products: yup.array(yup.number().integer().positive().required()).default([]).max(100).required(),
};

export const productArticleCreateSchema = yup.object({ ...fields, ...references });
export const productArticleUpdateSchema = yup.object({
  ...fields,
  ...references,
  updated_at: yup.string().required(),
});
/** One spreadsheet row of an import; rows are matched by slug (made from the title when empty). */
export const productArticleImportRowSchema = yup.object({ ...fields, ...statusGroup.importFields() });

export type ProductArticleCreateInput = yup.InferType<typeof productArticleCreateSchema>;
export type ProductArticleUpdateInput = yup.InferType<typeof productArticleUpdateSchema>;
export type ProductArticleImportRow = yup.InferType<typeof productArticleImportRowSchema>;

export const productArticlesResource = defineResource({
  key: 'productArticles',
  group: 'product-articles',
  tag: 'ProductArticle',
  item: 'Product Article',
  route: ROUTES.productArticles,
  titleField: 'title',
  sortable: ['title', 'date', 'status', 'created_at', 'updated_at'],
  defaultSort: { sort: 'date', order: 'desc' },
  dateField: 'date',
  filters: {
    status: STATUS_FILTER,
    publish_states: PUBLISH_STATE_FILTER,
    product_ids: idsFilter(LABELS.product, productsResource, STORAGE_KEYS.filterProducts),
    date: dateRangeFilter(LABELS.date),
  },
  sheet: [
    { key: 'title', label: LABELS.title, import: true },
    ...slugGroup.sheet,
    ...date.sheet,
    { key: 'summary', label: LABELS.summary, import: true },
    { key: 'description_one', label: LABELS.descriptionOne, import: true },
    { key: 'description_two', label: LABELS.descriptionTwo, import: true },
    ...statusGroup.sheet,
    ...publishGroup.sheet,
    ...seoGroup.sheet,
    ...auditGroup.sheet,
  ],
  exportable: true,
  importable: true,
  wire: productArticleWire,
  input: { create: productArticleCreateSchema, update: productArticleUpdateSchema },
});
