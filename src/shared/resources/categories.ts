import * as yup from 'yup';
import type { Static } from '@sinclair/typebox';
import { LABELS } from '../messages';
import { ROUTES } from '../routes';
import { defineResource, STATUS_BULK_EDIT } from './resource';
import { TAXONOMY_LIST, taxonomyFields, taxonomyPublicWire, taxonomyWire } from './taxonomy';

export const categoryWire = taxonomyWire('image');
export type Category = Static<typeof categoryWire>;
export const categoryPublicWire = taxonomyPublicWire('image');

const base = taxonomyFields('image', LABELS.image);
export const categoryCreateSchema = yup.object(base);
export const categoryUpdateSchema = yup.object({ ...base, updated_at: yup.string().required() });

export type CategoryCreateInput = yup.InferType<typeof categoryCreateSchema>;
export type CategoryUpdateInput = yup.InferType<typeof categoryUpdateSchema>;

export const categoriesResource = defineResource({
  key: 'categories',
  group: 'categories',
  tag: 'Category',
  item: 'Category',
  route: ROUTES.categories,
  ...TAXONOMY_LIST,
  wire: categoryWire,
  bulkEdit: STATUS_BULK_EDIT,
  input: { create: categoryCreateSchema, update: categoryUpdateSchema },
});
