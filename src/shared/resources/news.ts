import type * as yup from 'yup';
import type { Static } from '@sinclair/typebox';
import { LABELS } from '../messages';
import { ROUTES } from '../routes';
import { BANNER, defineContent, IMAGES } from './content';
import { dateGroup, richTextGroup, textGroup } from './fields';
import { defineResource, STATUS_BULK_EDIT } from './resource';

/** A news item (content.ts): its date, summary and description; its image, mobile image and banner. */
export const newsContent = defineContent({
  body: [
    dateGroup('date', LABELS.date),
    textGroup('summary', LABELS.summary),
    richTextGroup('description', LABELS.description),
  ],
  pictures: [IMAGES, BANNER],
});

/** A news item as the API answers it: its type, serialiser and OpenAPI schema. */
export const newsWire = newsContent.wire;
export type News = Static<typeof newsWire>;

/** A news item as the website reads it (`/public/v1/news`): an allow-list; no id, status, audit or user. */
export const newsPublicWire = newsContent.publicWire;

export const newsCreateSchema = newsContent.create;
export const newsUpdateSchema = newsContent.update;
export const newsImportRowSchema = newsContent.importRow;

export type NewsCreateInput = yup.InferType<typeof newsCreateSchema>;
export type NewsUpdateInput = yup.InferType<typeof newsUpdateSchema>;
export type NewsImportRow = yup.InferType<typeof newsImportRowSchema>;

export const newsResource = defineResource({
  key: 'news',
  group: 'news',
  tag: 'News',
  item: 'News',
  route: ROUTES.news,
  ...newsContent.list,
  wire: newsWire,
  bulkEdit: STATUS_BULK_EDIT,
  input: { create: newsCreateSchema, update: newsUpdateSchema },
});
