import type * as yup from 'yup';
import type { Static } from '@sinclair/typebox';
import { LABELS } from '../messages';
import { ROUTES } from '../routes';
import { BANNER, defineContent, IMAGES } from './content';
import { dateGroup, endDateGroup, linkGroup, richTextGroup, textGroup } from './fields';
import { defineResource, STATUS_BULK_EDIT } from './resource';

/**
 * A promotion (content.ts): its summary, description and link; its start and its end (must not
 * precede the start); its banner, image and mobile image.
 */
export const promotionContent = defineContent({
  body: [
    textGroup('summary', LABELS.summary),
    richTextGroup('description', LABELS.description),
    linkGroup('link', LABELS.link),
    dateGroup('date', LABELS.date),
    endDateGroup('end_date', LABELS.endDate, 'date', LABELS.date),
  ],
  pictures: [BANNER, IMAGES],
});

/** A promotion as the API answers it: its type, serialiser and OpenAPI schema. */
export const promotionWire = promotionContent.wire;
export type Promotion = Static<typeof promotionWire>;

/** A promotion as the website reads it (`/public/v1/promotions`): an allow-list; no id, status, audit or user. */
export const promotionPublicWire = promotionContent.publicWire;

export const promotionCreateSchema = promotionContent.create;
export const promotionUpdateSchema = promotionContent.update;
export const promotionImportRowSchema = promotionContent.importRow;

export type PromotionCreateInput = yup.InferType<typeof promotionCreateSchema>;
export type PromotionUpdateInput = yup.InferType<typeof promotionUpdateSchema>;
export type PromotionImportRow = yup.InferType<typeof promotionImportRowSchema>;

export const promotionsResource = defineResource({
  key: 'promotions',
  group: 'promotions',
  tag: 'Promotion',
  item: 'Promotion',
  route: ROUTES.promotions,
  ...promotionContent.list,
  wire: promotionWire,
  bulkEdit: {
    ...STATUS_BULK_EDIT,
    end_date: { kind: 'date', label: LABELS.endDate },
  },
  input: { create: promotionCreateSchema, update: promotionUpdateSchema },
});
