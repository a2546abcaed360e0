import * as yup from 'yup';
import { NAME_MAX } from '../limits';
import { LABELS } from '../messages';
import {
  DESCRIPTION_MAX,
  importStatusField,
  optionalText,
  slugField,
  statusField,
  type Status,
} from './catalog';
import { requiredText } from './resource';

/**
 * Brands and categories are the same kind of thing (spec §3): a named, slugged, described and
 * switchable group of products with one picture (a brand's logo, a category's image). What they
 * share is written here once; `brands.ts` and `categories.ts` add their names and their picture.
 */

/** The list, spreadsheet and options settings of a brand or category contract. */
export const TAXONOMY_LIST = {
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
  /** A product's form and filters pick brands and categories. */
  options: { readers: ['products'] },
} as const;

/** A brand or category as the API answers it, without its picture. */
export interface TaxonomyItem {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  status: Status;
  /** How many products name it; one in use cannot be deleted. */
  products_count: number;
  created_at: string;
  updated_at: string;
}

/** The form fields of a brand or category, without its picture. */
export const taxonomyFields = () => ({
  name: requiredText(LABELS.name, NAME_MAX),
  /** Empty: made from the name by the server. */
  slug: slugField(),
  description: optionalText(LABELS.description, DESCRIPTION_MAX),
  status: statusField(),
});

/** One spreadsheet row of a brand or category import; rows are matched by slug (made from the name when empty). */
export const taxonomyImportRowSchema = yup.object({
  ...taxonomyFields(),
  status: importStatusField(),
});

export type TaxonomyImportRow = yup.InferType<typeof taxonomyImportRowSchema>;
