import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { LABELS } from '../messages';
import { ROUTES } from '../routes';
import { auditGroup, slugGroup, statusGroup } from './fields';
import { CREATED_DATE_FILTER, defineResource, requiredText, STATUS_FILTER } from './resource';
import { IdSchema } from './wire';

/** A subscribe as the API answers it: its type, serialiser and OpenAPI schema. */
export const subscribesWire = Type.Object({
  id: IdSchema,
  title: Type.String(),
  ...slugGroup.wire,
  ...statusGroup.wire,
  ...auditGroup.wire,
});
export type Subscribe = Static<typeof subscribesWire>;

/** The fields a form and a spreadsheet row share. */
const fields = {
  title: requiredText(LABELS.title, NAME_MAX),
  /** Empty: made from the title by the server. */
  ...slugGroup.fields(),
  ...statusGroup.fields(),
};

export const subscribesCreateSchema = yup.object(fields);
export const subscribesUpdateSchema = yup.object({ ...fields, updated_at: yup.string().required() });
/** One spreadsheet row of an import; rows are matched by slug (made from the title when empty). */
export const subscribesImportRowSchema = yup.object({ ...fields, ...statusGroup.importFields() });

export type SubscribeCreateInput = yup.InferType<typeof subscribesCreateSchema>;
export type SubscribeUpdateInput = yup.InferType<typeof subscribesUpdateSchema>;
export type SubscribeImportRow = yup.InferType<typeof subscribesImportRowSchema>;

export const subscribesResource = defineResource({
  key: 'subscribes',
  group: 'subscribes',
  tag: 'Subscribe',
  item: 'Subscribe',
  route: ROUTES.subscribes,
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
  importable: false,
  wire: subscribesWire,
  input: {},
});
