import * as yup from 'yup';
import type { Static } from '@sinclair/typebox';
import { LABELS } from '../messages';
import { ROUTES } from '../routes';
import { defineResource, STATUS_BULK_EDIT } from './resource';
import { TAXONOMY_LIST, taxonomyFields, taxonomyPublicWire, taxonomyWire } from './taxonomy';

export const brandWire = taxonomyWire('logo');
export type Brand = Static<typeof brandWire>;
export const brandPublicWire = taxonomyPublicWire('logo');

const base = taxonomyFields('logo', LABELS.logo);
export const brandCreateSchema = yup.object(base);
export const brandUpdateSchema = yup.object({ ...base, updated_at: yup.string().required() });

export type BrandCreateInput = yup.InferType<typeof brandCreateSchema>;
export type BrandUpdateInput = yup.InferType<typeof brandUpdateSchema>;

export const brandsResource = defineResource({
  key: 'brands',
  group: 'brands',
  tag: 'Brand',
  item: 'Brand',
  route: ROUTES.brands,
  ...TAXONOMY_LIST,
  wire: brandWire,
  bulkEdit: STATUS_BULK_EDIT,
  input: { create: brandCreateSchema, update: brandUpdateSchema },
});
