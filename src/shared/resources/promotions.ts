import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { LABELS } from '../messages';
import { ROUTES } from '../routes';
import { auditGroup, slugGroup, statusGroup } from './fields';
import { CREATED_DATE_FILTER, defineResource, requiredText, STATUS_FILTER } from './resource';
import { IdSchema } from './wire';

/** A promotion as the API answers it: its type, serialiser and OpenAPI schema. */
export const promotionsWire = Type.Object({
  id: IdSchema,
  title: Type.String(),
  ...slugGroup.wire,
  ...statusGroup.wire,
  ...auditGroup.wire,
});
export type Promotion = Static<typeof promotionsWire>;

/** The fields a form and a spreadsheet row share. */
const fields = {
  title: requiredText(LABELS.title, NAME_MAX),
  /** Empty: made from the title by the server. */
  ...slugGroup.fields(),
  ...statusGroup.fields(),
};

export const promotionsCreateSchema = yup.object(fields);
export const promotionsUpdateSchema = yup.object({ ...fields, updated_at: yup.string().required() });
/** One spreadsheet row of an import; rows are matched by slug (made from the title when empty). */
export const promotionsImportRowSchema = yup.object({ ...fields, ...statusGroup.importFields() });

export type PromotionCreateInput = yup.InferType<typeof promotionsCreateSchema>;
export type PromotionUpdateInput = yup.InferType<typeof promotionsUpdateSchema>;
export type PromotionImportRow = yup.InferType<typeof promotionsImportRowSchema>;

export const promotionsResource = defineResource({
  key: 'promotions',
  group: 'promotions',
  tag: 'Promotion',
  item: 'Promotion',
  route: ROUTES.promotions,
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
  wire: promotionsWire,
  input: { create: promotionsCreateSchema, update: promotionsUpdateSchema },
});
