import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { LABELS } from '../messages';
import { ROUTES } from '../routes';
import { STORAGE_KEYS } from '../storageKeys';
import { defineContent, IMAGES } from './content';
import { dateGroup, richTextGroup, textGroup } from './fields';
import { productsResource } from './products';
import { defineResource, idsFilter, STATUS_BULK_EDIT } from './resource';
import { RefSchema } from './wire';

/**
 * A product article (content.ts): its date, summary and two descriptions; its image and mobile
 * image; the products it is about (`products`: `{id, name}` read, ids written; on the website the
 * ids the public product list carries; not in the sheet, an import keeps them).
 */
export const productArticleContent = defineContent({
  body: [
    dateGroup('date', LABELS.date),
    textGroup('summary', LABELS.summary),
    richTextGroup('description_one', LABELS.descriptionOne),
    richTextGroup('description_two', LABELS.descriptionTwo),
  ],
  pictures: [IMAGES],
  related: {
    wire: { products: Type.Array(RefSchema, { description: 'The related products, by name' }) },
    fields: () => ({
      products: yup.array(yup.number().integer().positive().required()).default([]).max(100).required(),
    }),
    filters: { product_ids: idsFilter(LABELS.product, productsResource, STORAGE_KEYS.filterProducts) },
  },
});

/** A product article as the API answers it: its type, serialiser and OpenAPI schema. */
export const productArticleWire = productArticleContent.wire;
export type ProductArticle = Static<typeof productArticleWire>;

/** A product article as the website reads it (`/public/v1/product-articles`): an allow-list; no id, status, audit or user. */
export const productArticlePublicWire = productArticleContent.publicWire;

export const productArticleCreateSchema = productArticleContent.create;
export const productArticleUpdateSchema = productArticleContent.update;
export const productArticleImportRowSchema = productArticleContent.importRow;

export type ProductArticleCreateInput = yup.InferType<typeof productArticleCreateSchema>;
export type ProductArticleUpdateInput = yup.InferType<typeof productArticleUpdateSchema>;
export type ProductArticleImportRow = yup.InferType<typeof productArticleImportRowSchema>;

export const productArticlesResource = defineResource({
  key: 'productArticles',
  group: 'product-articles',
  tag: 'ProductArticle',
  item: 'Product Article',
  route: ROUTES.productArticles,
  ...productArticleContent.list,
  wire: productArticleWire,
  bulkEdit: STATUS_BULK_EDIT,
  input: { create: productArticleCreateSchema, update: productArticleUpdateSchema },
});
