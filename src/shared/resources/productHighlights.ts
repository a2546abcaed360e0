import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { LABELS, validation } from '../messages';
import { ROUTES } from '../routes';
import { STORAGE_KEYS } from '../storageKeys';
import { DESCRIPTION_MAX, optionalId, optionalText } from './catalog';
import { auditGroup, imageAltGroup, imageGroup, linkField, statusGroup } from './fields';
import { productsResource } from './products';
import {
  CREATED_DATE_FILTER,
  defineResource,
  idsFilter,
  requiredText,
  STATUS_FILTER,
  STATUS_BULK_EDIT,
} from './resource';
import { IdSchema, NullableObject, NullableText, RefSchema } from './wire';

export const POSITION_MAX = 100_000;

/** A product highlight as the API answers it: its type, serialiser and OpenAPI schema. */
export const productHighlightWire = Type.Object({
  id: IdSchema,
  title: Type.String(),
  description: NullableText(),
  link: NullableText('A full URL or a path on the website'),
  product: NullableObject(RefSchema),
  position: Type.Integer({ minimum: 1, description: 'The order on the home page, 1 first' }),
  ...imageGroup.wire,
  ...statusGroup.wire,
  ...auditGroup.wire,
});
export type ProductHighlight = Static<typeof productHighlightWire>;

/**
 * A product highlight as the website reads it (`/public/v1/product-highlights`, a list only, by
 * position): an allow-list; its `id` (highlights have no slug) but no status, audit or user.
 */
export const productHighlightPublicWire = Type.Pick(productHighlightWire, [
  'id',
  'title',
  'description',
  'link',
  'product',
  'position',
  'image',
  'mobile_image',
]);

/** An optional position; empty puts the highlight last. */
const position = yup
  .number()
  .typeError(validation.invalid(LABELS.position))
  .integer(validation.invalid(LABELS.position))
  .min(1, validation.invalid(LABELS.position))
  .max(POSITION_MAX, validation.invalid(LABELS.position))
  .nullable()
  .default(null)
  .transform((value: number, original: unknown) => (original === '' ? null : value));

/** The fields a form and a spreadsheet row share. */
const fields = {
  title: requiredText(LABELS.title, NAME_MAX),
  description: optionalText(LABELS.description, DESCRIPTION_MAX),
  link: linkField(LABELS.link),
  position,
  ...statusGroup.fields(),
};

const base = {
  ...fields,
  product_id: optionalId(LABELS.product),
  ...imageGroup.fields(),
  ...imageAltGroup.fields(),
};

export const productHighlightCreateSchema = yup.object(base);
export const productHighlightUpdateSchema = yup.object({ ...base, updated_at: yup.string().required() });
/**
 * One spreadsheet row of an import: the product by slug or name. Highlights have no slug; rows are
 * matched by title.
 */
export const productHighlightImportRowSchema = yup.object({
  ...fields,
  product: yup.string().trim().default(''),
  ...statusGroup.importFields(),
});

export type ProductHighlightCreateInput = yup.InferType<typeof productHighlightCreateSchema>;
export type ProductHighlightUpdateInput = yup.InferType<typeof productHighlightUpdateSchema>;
export type ProductHighlightImportRow = yup.InferType<typeof productHighlightImportRowSchema>;

export const productHighlightsResource = defineResource({
  key: 'productHighlights',
  group: 'product-highlights',
  tag: 'ProductHighlight',
  item: 'Product Highlight',
  route: ROUTES.productHighlights,
  titleField: 'title',
  sortable: ['position', 'title', 'product', 'status', 'created_at', 'updated_at'],
  defaultSort: { sort: 'position', order: 'asc' },
  dateField: 'created_at',
  filters: {
    status: STATUS_FILTER,
    product_ids: idsFilter(LABELS.product, productsResource, STORAGE_KEYS.filterProducts),
    date: CREATED_DATE_FILTER,
  },
  sheet: [
    { key: 'title', label: LABELS.title, import: true },
    { key: 'description', label: LABELS.description, import: true },
    { key: 'link', label: LABELS.link, import: true },
    { key: 'product', label: LABELS.product, import: true },
    { key: 'position', label: LABELS.position, import: true },
    ...statusGroup.sheet,
    ...auditGroup.sheet,
  ],
  exportable: true,
  importable: true,
  wire: productHighlightWire,
  bulkEdit: STATUS_BULK_EDIT,
  input: { create: productHighlightCreateSchema, update: productHighlightUpdateSchema },
});
