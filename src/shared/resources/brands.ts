import * as yup from 'yup';
import { LABELS } from '../messages';
import { optionalId, type FileObject } from './catalog';
import { defineResource } from './resource';
import { TAXONOMY_LIST, taxonomyFields, type TaxonomyItem } from './taxonomy';

export const brandsResource = defineResource({
  key: 'brands',
  group: 'brands',
  tag: 'Brand',
  item: 'Brand',
  ...TAXONOMY_LIST,
});

export interface Brand extends TaxonomyItem {
  logo: FileObject | null;
}

const base = {
  ...taxonomyFields(),
  /** An image id from `POST /api/uploads` (kind image), or null. */
  logo: optionalId(LABELS.logo),
};

export const brandCreateSchema = yup.object(base);
export const brandUpdateSchema = yup.object({ ...base, updated_at: yup.string().required() });

export type BrandCreateInput = yup.InferType<typeof brandCreateSchema>;
export type BrandUpdateInput = yup.InferType<typeof brandUpdateSchema>;
