import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { LABELS, validation } from '../messages';
import { NAME_MAX } from '../limits';
import { ROUTES } from '../routes';
import { STORAGE_KEYS } from '../storageKeys';
import { brandsResource } from './brands';
import { DESCRIPTION_MAX, optionalId, optionalText, requiredId, richText } from './catalog';
import { categoriesResource } from './categories';
import { auditGroup, imageGroup, seoGroup, slugGroup, statusGroup } from './fields';
import {
  CREATED_DATE_FILTER,
  defineResource,
  idsFilter,
  requiredText,
  STATUS_BULK_EDIT,
  STATUS_FILTER,
} from './resource';
import { IdSchema, NullableFile, NullableObject, NullableText } from './wire';

/** How a brand or category is shown inside a product (`product.brand`). */
export const catalogRefWire = Type.Object({ id: IdSchema, name: Type.String(), slug: Type.String() });
export type CatalogRef = Static<typeof catalogRefWire>;

export const productWire = Type.Object({
  id: IdSchema,
  name: Type.String(),
  ...slugGroup.wire,
  brand: NullableObject(catalogRefWire),
  /** The maker when it is not in the brand list (then `brand` is null). */
  other_brand: NullableText('The maker when it is not in the brand list'),
  category: catalogRefWire,
  model: NullableText(),
  function: NullableText(),
  specification: NullableText(),
  overview: NullableText('Sanitised HTML'),
  application: NullableText('Sanitised HTML'),
  ...imageGroup.wire,
  document: NullableFile('A PDF'),
  catalogue: NullableFile('A PDF'),
  ...statusGroup.wire,
  ...seoGroup.wire,
  ...auditGroup.wire,
});
export type Product = Static<typeof productWire>;

/** A product as the website reads it (`GET /public/v1/products`): no status, audit or user. */
export const productPublicWire = Type.Pick(productWire, [
  'id',
  'name',
  'slug',
  'brand',
  'other_brand',
  'category',
  'model',
  'function',
  'specification',
  'overview',
  'application',
  'image',
  'mobile_image',
  'document',
  'catalogue',
  'meta_title',
  'meta_description',
  'meta_keyword',
]);

const noOtherBrand = (otherBrand: string | null | undefined) => !otherBrand || !otherBrand.trim();

/** The fields a product form and a product row share. */
const fields = {
  name: requiredText(LABELS.name, NAME_MAX),
  /** Empty: made from the name by the server. */
  ...slugGroup.fields(),
  other_brand: optionalText(LABELS.otherBrand, NAME_MAX),
  model: optionalText(LABELS.model, NAME_MAX),
  function: optionalText(LABELS.function, DESCRIPTION_MAX),
  specification: optionalText(LABELS.specification, DESCRIPTION_MAX),
  overview: richText(LABELS.overview),
  application: richText(LABELS.application),
  ...statusGroup.fields(),
  ...seoGroup.fields(),
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
  ...imageGroup.fields(),
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
  /**
   * Required unless `other_brand` names the maker: a test reading the row rather than a `when`,
   * which clones the field's schema for every row (a 100 000-row import validates a third faster).
   */
  brand: yup
    .string()
    .trim()
    .default('')
    .test('required', validation.required(LABELS.brand), function brandOrOtherBrand(value) {
      return !noOtherBrand((this.parent as { other_brand?: string | null }).other_brand) || !!value;
    }),
  category: yup.string().trim().required(validation.required(LABELS.category)),
  ...statusGroup.importFields(),
});

export type ProductCreateInput = yup.InferType<typeof productCreateSchema>;
export type ProductUpdateInput = yup.InferType<typeof productUpdateSchema>;
export type ProductImportRow = yup.InferType<typeof productImportRowSchema>;

export const productsResource = defineResource({
  key: 'products',
  group: 'products',
  tag: 'Product',
  item: 'Product',
  route: ROUTES.products,
  titleField: 'name',
  sortable: ['name', 'brand', 'category', 'status', 'created_at', 'updated_at'],
  defaultSort: { sort: 'created_at', order: 'desc' },
  dateField: 'created_at',
  filters: {
    status: STATUS_FILTER,
    date: CREATED_DATE_FILTER,
    brand_ids: idsFilter(LABELS.brand, brandsResource, STORAGE_KEYS.filterBrands),
    category_ids: idsFilter(LABELS.category, categoriesResource, STORAGE_KEYS.filterCategories),
  },
  sheet: [
    { key: 'name', label: LABELS.name, import: true },
    ...slugGroup.sheet,
    // Brand and category are written by slug on export; an import accepts the slug or the name.
    { key: 'brand', label: LABELS.brand, import: true },
    { key: 'other_brand', label: LABELS.otherBrand, import: true },
    { key: 'category', label: LABELS.category, import: true },
    { key: 'model', label: LABELS.model, import: true },
    { key: 'function', label: LABELS.function, import: true },
    { key: 'specification', label: LABELS.specification, import: true },
    { key: 'overview', label: LABELS.overview, import: true },
    { key: 'application', label: LABELS.application, import: true },
    ...statusGroup.sheet,
    ...seoGroup.sheet,
    ...auditGroup.sheet,
  ],
  exportable: true,
  importable: true,
  /** Picked by a product highlight and a product article (their selects and `filter:products`), and
   * the inbox's filter of messages by the product they were about. */
  options: { readers: ['product-highlights', 'product-articles', 'contact-forms'] },
  wire: productWire,
  bulkEdit: {
    ...STATUS_BULK_EDIT,
    brand_id: { kind: 'options', label: LABELS.brand, source: brandsResource },
    category_id: { kind: 'options', label: LABELS.category, source: categoriesResource },
  },
  input: { create: productCreateSchema, update: productUpdateSchema },
});
