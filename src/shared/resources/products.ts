import * as yup from 'yup';
import { LABELS, validation } from '../messages';
import { NAME_MAX } from '../limits';
import { defineResource, requiredText } from './resource';
import {
  DESCRIPTION_MAX,
  META_DESCRIPTION_MAX,
  importStatusField,
  optionalId,
  optionalText,
  requiredId,
  richText,
  slugField,
  statusField,
  type CatalogRef,
  type FileObject,
  type Status,
} from './catalog';

export type { CatalogRef };

export const productsResource = defineResource({
  key: 'products',
  group: 'products',
  tag: 'Product',
  item: 'Product',
  sortable: ['name', 'brand', 'category', 'status', 'created_at', 'updated_at'],
  defaultSort: { sort: 'created_at', order: 'desc' },
  statusFilter: true,
  dateFilter: true,
  filters: ['brand_ids', 'category_ids'],
  sheet: [
    { key: 'name', label: LABELS.name, import: true },
    { key: 'slug', label: LABELS.slug, import: true },
    // Brand and category are written by slug on export; an import accepts the slug or the name.
    { key: 'brand', label: LABELS.brand, import: true },
    { key: 'other_brand', label: LABELS.otherBrand, import: true },
    { key: 'category', label: LABELS.category, import: true },
    { key: 'model', label: LABELS.model, import: true },
    { key: 'function', label: LABELS.function, import: true },
    { key: 'specification', label: LABELS.specification, import: true },
    { key: 'overview', label: LABELS.overview, import: true },
    { key: 'application', label: LABELS.application, import: true },
    { key: 'status', label: LABELS.status, import: true },
    { key: 'meta_title', label: LABELS.metaTitle, import: true },
    { key: 'meta_description', label: LABELS.metaDescription, import: true },
    { key: 'meta_keyword', label: LABELS.metaKeyword, import: true },
    { key: 'created_at', label: LABELS.createdAt, import: false },
  ],
  exportable: true,
  importable: true,
});

export interface Product {
  id: number;
  name: string;
  slug: string;
  /** Null when the product's maker is not in the brand list: then `other_brand` names it. */
  brand: CatalogRef | null;
  other_brand: string | null;
  category: CatalogRef;
  model: string | null;
  function: string | null;
  specification: string | null;
  /** Rich text (sanitised HTML). */
  overview: string | null;
  /** Rich text (sanitised HTML). */
  application: string | null;
  image: FileObject | null;
  mobile_image: FileObject | null;
  /** PDF uploads (kind document). */
  document: FileObject | null;
  catalogue: FileObject | null;
  status: Status;
  meta_title: string | null;
  meta_description: string | null;
  meta_keyword: string | null;
  created_at: string;
  updated_at: string;
}

const noOtherBrand = (otherBrand: string | null | undefined) => !otherBrand || !otherBrand.trim();

const fields = {
  name: requiredText(LABELS.name, NAME_MAX),
  /** Empty: made from the name by the server. */
  slug: slugField(),
  other_brand: optionalText(LABELS.otherBrand, NAME_MAX),
  model: optionalText(LABELS.model, NAME_MAX),
  function: optionalText(LABELS.function, DESCRIPTION_MAX),
  specification: optionalText(LABELS.specification, DESCRIPTION_MAX),
  overview: richText(LABELS.overview),
  application: richText(LABELS.application),
  status: statusField(),
  meta_title: optionalText(LABELS.metaTitle, NAME_MAX),
  meta_description: optionalText(LABELS.metaDescription, META_DESCRIPTION_MAX),
  meta_keyword: optionalText(LABELS.metaKeyword, NAME_MAX),
};

const base = {
  ...fields,
  /** A brand from the list, or none when `other_brand` names the maker: one of the two is required. */
  brand_id: optionalId(LABELS.brand).when('other_brand', {
    is: noOtherBrand,
    then: (schema) => schema.required(validation.required(LABELS.brand)),
  }),
  category_id: requiredId(LABELS.category),
  /** Image ids from `POST /api/uploads` (kind image), or null. */
  image: optionalId(LABELS.image),
  mobile_image: optionalId(LABELS.mobileImage),
  /** PDF ids from `POST /api/uploads` (kind document), or null. */
  document: optionalId(LABELS.document),
  catalogue: optionalId(LABELS.catalogue),
};

export const productCreateSchema = yup.object(base);
export const productUpdateSchema = yup.object({ ...base, updated_at: yup.string().required() });

/**
 * One spreadsheet row of a product import. Brand and category are named by slug or name (an unknown
 * one is a row error); rows are matched to products by slug (made from the name when empty). Files
 * are not in the sheet: an update by import keeps them.
 */
export const productImportRowSchema = yup.object({
  ...fields,
  brand: yup
    .string()
    .trim()
    .default('')
    .when('other_brand', {
      is: noOtherBrand,
      then: (schema) => schema.required(validation.required(LABELS.brand)),
    }),
  category: yup.string().trim().required(validation.required(LABELS.category)),
  status: importStatusField(),
});

export type ProductCreateInput = yup.InferType<typeof productCreateSchema>;
export type ProductUpdateInput = yup.InferType<typeof productUpdateSchema>;
export type ProductImportRow = yup.InferType<typeof productImportRowSchema>;
