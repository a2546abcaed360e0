import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { LABELS } from '../messages';
import { ROUTES } from '../routes';
import { auditGroup, slugGroup, statusGroup } from './fields';
import { CREATED_DATE_FILTER, defineResource, requiredText, STATUS_FILTER } from './resource';
import { IdSchema } from './wire';

/** A news as the API answers it: its type, serialiser and OpenAPI schema. */
export const newsWire = Type.Object({
  id: IdSchema,
  title: Type.String(),
  ...slugGroup.wire,
  ...statusGroup.wire,
  ...auditGroup.wire,
});
export type News = Static<typeof newsWire>;

/** The fields a form and a spreadsheet row share. */
const fields = {
  title: requiredText(LABELS.title, NAME_MAX),
  /** Empty: made from the title by the server. */
  ...slugGroup.fields(),
  ...statusGroup.fields(),
};

export const newsCreateSchema = yup.object(fields);
export const newsUpdateSchema = yup.object({ ...fields, updated_at: yup.string().required() });
/** One spreadsheet row of an import; rows are matched by slug (made from the title when empty). */
export const newsImportRowSchema = yup.object({ ...fields, ...statusGroup.importFields() });

export type NewsCreateInput = yup.InferType<typeof newsCreateSchema>;
export type NewsUpdateInput = yup.InferType<typeof newsUpdateSchema>;
export type NewsImportRow = yup.InferType<typeof newsImportRowSchema>;

export const newsResource = defineResource({
  key: 'news',
  group: 'news',
  tag: 'News',
  item: 'News',
  route: ROUTES.news,
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
  wire: newsWire,
  input: { create: newsCreateSchema, update: newsUpdateSchema },
});
