import * as yup from 'yup';
import { LABELS } from '../messages';
import { optionalId, type FileObject } from './catalog';
import { defineResource } from './resource';
import { TAXONOMY_LIST, taxonomyFields, type TaxonomyItem } from './taxonomy';

export const categoriesResource = defineResource({
  key: 'categories',
  group: 'categories',
  tag: 'Category',
  item: 'Category',
  ...TAXONOMY_LIST,
});

export interface Category extends TaxonomyItem {
  image: FileObject | null;
}

const base = {
  ...taxonomyFields(),
  /** An image id from `POST /api/uploads` (kind image), or null. */
  image: optionalId(LABELS.image),
};

export const categoryCreateSchema = yup.object(base);
export const categoryUpdateSchema = yup.object({ ...base, updated_at: yup.string().required() });

export type CategoryCreateInput = yup.InferType<typeof categoryCreateSchema>;
export type CategoryUpdateInput = yup.InferType<typeof categoryUpdateSchema>;
