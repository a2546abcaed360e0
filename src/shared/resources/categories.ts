import * as yup from 'yup';
import { LABELS } from '../messages';
import { NAME_MAX } from '../limits';
import { defineResource, requiredText } from './resource';
import {
  DESCRIPTION_MAX,
  importStatusField,
  optionalId,
  optionalText,
  slugField,
  statusField,
  type FileObject,
  type Status,
} from './catalog';

export const categoriesResource = defineResource({
  key: 'categories',
  group: 'categories',
  tag: 'Category',
  item: 'Category',
  sortable: ['name', 'slug', 'status', 'created_at', 'updated_at'],
  defaultSort: { sort: 'created_at', order: 'desc' },
  statusFilter: true,
  dateFilter: true,
  filters: [],
  sheet: [
    { key: 'name', label: LABELS.name, import: true },
    { key: 'slug', label: LABELS.slug, import: true },
    { key: 'description', label: LABELS.description, import: true },
    { key: 'status', label: LABELS.status, import: true },
    { key: 'created_at', label: LABELS.createdAt, import: false },
  ],
  exportable: true,
  importable: true,
  /** A product's form and filter pick categories. */
  options: { readers: ['products'] },
});

export interface Category {
  id: number;
  name: string;
  slug: string;
  image: FileObject | null;
  description: string | null;
  status: Status;
  /** How many products name this category; a category in use cannot be deleted. */
  products_count: number;
  created_at: string;
  updated_at: string;
}

const base = {
  name: requiredText(LABELS.name, NAME_MAX),
  /** Empty: made from the name by the server. */
  slug: slugField(),
  /** An image id from `POST /api/uploads` (kind image), or null. */
  image: optionalId(LABELS.image),
  description: optionalText(LABELS.description, DESCRIPTION_MAX),
  status: statusField(),
};

export const categoryCreateSchema = yup.object(base);
export const categoryUpdateSchema = yup.object({ ...base, updated_at: yup.string().required() });

/** One spreadsheet row of a category import; rows are matched to categories by slug (made from the name when empty). */
export const categoryImportRowSchema = yup.object({
  name: base.name,
  slug: base.slug,
  description: base.description,
  status: importStatusField(),
});

export type CategoryCreateInput = yup.InferType<typeof categoryCreateSchema>;
export type CategoryUpdateInput = yup.InferType<typeof categoryUpdateSchema>;
export type CategoryImportRow = yup.InferType<typeof categoryImportRowSchema>;
