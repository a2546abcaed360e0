import { STATUS, type Status } from '../../shared/contracts/account';
import type { Product, ProductCreateInput } from '../../shared/resources/products';

/** The product's optional text fields: strings in the form, null in the body when empty. */
const TEXT_FIELDS = [
  'other_brand',
  'model',
  'function',
  'specification',
  'overview',
  'application',
  'meta_title',
  'meta_description',
  'meta_keyword',
] as const;

type TextField = (typeof TEXT_FIELDS)[number];
const FILE_FIELDS = ['image', 'mobile_image', 'document', 'catalogue'] as const;
type FileField = (typeof FILE_FIELDS)[number];

/** The product form's values: text as strings ('' for none), selects unset ('') until picked, files as ids. */
export type ProductValues = Record<TextField, string> &
  Record<FileField, number | null> & {
    name: string;
    slug: string;
    brand_id: number | '';
    category_id: number | '';
    status: Status;
  };

export const toProductValues = (product?: Product): ProductValues => ({
  name: product?.name ?? '',
  slug: product?.slug ?? '',
  brand_id: product?.brand?.id ?? '',
  category_id: product?.category.id ?? '',
  status: product?.status ?? STATUS.active,
  ...(Object.fromEntries(TEXT_FIELDS.map((key) => [key, product?.[key] ?? ''])) as Record<TextField, string>),
  ...(Object.fromEntries(FILE_FIELDS.map((key) => [key, product?.[key]?.id ?? null])) as Record<
    FileField,
    number | null
  >),
});

/**
 * The request body: an empty slug is made from the name by the server; an empty text clears it; no
 * brand (when `other_brand` names the maker) is sent as null.
 */
export const toProductBody = (values: ProductValues): ProductCreateInput => ({
  name: values.name.trim(),
  slug: values.slug.trim(),
  brand_id: values.brand_id === '' ? null : values.brand_id,
  category_id: Number(values.category_id),
  status: values.status,
  ...(Object.fromEntries(TEXT_FIELDS.map((key) => [key, values[key].trim() || null])) as Record<
    TextField,
    string | null
  >),
  ...(Object.fromEntries(FILE_FIELDS.map((key) => [key, values[key]])) as Record<FileField, number | null>),
});
