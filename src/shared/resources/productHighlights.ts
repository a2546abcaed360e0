import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { LABELS } from '../messages';
import { ROUTES } from '../routes';
import { auditGroup, slugGroup, statusGroup } from './fields';
import { CREATED_DATE_FILTER, defineResource, requiredText, STATUS_FILTER } from './resource';
import { IdSchema } from './wire';

/** A product highlight as the API answers it: its type, serialiser and OpenAPI schema. */
export const productHighlightsWire = Type.Object({
  id: IdSchema,
  title: Type.String(),
  ...slugGroup.wire,
  ...statusGroup.wire,
  ...auditGroup.wire,
});
export type ProductHighlight = Static<typeof productHighlightsWire>;

/** The fields a form and a spreadsheet row share. */
const fields = {
  title: requiredText(LABELS.title, NAME_MAX),
  /** Empty: made from the title by the server. */
  ...slugGroup.fields(),
  ...statusGroup.fields(),
};

export const productHighlightsCreateSchema = yup.object(fields);
export const productHighlightsUpdateSchema = yup.object({ ...fields, updated_at: yup.string().required() });
/** One spreadsheet row of an import; rows are matched by slug (made from the title when empty). */
export const productHighlightsImportRowSchema = yup.object({ ...fields, ...statusGroup.importFields() });

export type ProductHighlightCreateInput = yup.InferType<typeof productHighlightsCreateSchema>;
export type ProductHighlightUpdateInput = yup.InferType<typeof productHighlightsUpdateSchema>;
export type ProductHighlightImportRow = yup.InferType<typeof productHighlightsImportRowSchema>;

export const productHighlightsResource = defineResource({
  key: 'productHighlights',
  group: 'product-highlights',
  tag: 'ProductHighlight',
  item: 'Product Highlight',
  route: ROUTES.productHighlights,
  titleField: 'title',
  sortable: ['title', 'status', 'created_at', 'updated_at'],
  defaultSort: { sort: 'created_at', order: 'desc' },
  dateField: 'created_at',
  filters: { status: STATUS_FILTER, date: CREATED_DATE_FILTER },
  sheet: [
    { key: 'title', label: LABELS.title, import: true },
    ...slugGroup.sheet,
    ...statusGroup.sheet,
    ...auditGroup.sheet,
  ],
  exportable: true,
  importable: true,
  wire: productHighlightsWire,
  input: { create: productHighlightsCreateSchema, update: productHighlightsUpdateSchema },
});
