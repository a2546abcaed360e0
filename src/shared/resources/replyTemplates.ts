import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { LABELS } from '../messages';
import { ROUTES } from '../routes';
import { auditGroup, slugGroup, statusGroup } from './fields';
import { CREATED_DATE_FILTER, defineResource, requiredText, STATUS_FILTER } from './resource';
import { IdSchema } from './wire';

/** Labels of the reply template screens and the reply form's template choice. */
export const REPLY_TEMPLATE_LABELS = {
  subject: 'Subject',
  body: 'Text',
  placeholders: 'Placeholders: {list}. They are filled in when the template is chosen in a reply.',
  unknownPlaceholder: 'Unknown placeholder {name}',
  oneLine: '{item} must be on one line',
} as const;

/**
 * The placeholders a template may hold, written `{{name}}`, and what fills them when the template
 * is chosen in a reply to a message.
 */
export const REPLY_PLACEHOLDERS = {
  sender_name: "The sender's name",
  product: 'The product asked about (empty when none)',
  staff_name: 'Your name',
} as const;
export type ReplyPlaceholder = keyof typeof REPLY_PLACEHOLDERS;
export type PlaceholderValues = Record<ReplyPlaceholder, string>;

const PLACEHOLDER = /\{\{\s*([a-zA-Z_]+)\s*\}\}/g;

/** The placeholders of a text that are not in `REPLY_PLACEHOLDERS`, as written. */
export const unknownPlaceholders = (text: string): string[] =>
  [...text.matchAll(PLACEHOLDER)].filter(([, name]) => !(name in REPLY_PLACEHOLDERS)).map(([whole]) => whole);

/**
 * A template's text with its placeholders filled, in one pass (a value holding `{{…}}` stays as
 * it is). `clean` is applied to each value first: a subject's values are kept to one line there.
 */
export const fillPlaceholders = (
  text: string,
  values: PlaceholderValues,
  clean: (value: string) => string = (value) => value,
): string =>
  text.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? clean(values[name as ReplyPlaceholder]) : whole,
  );

export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_BODY_MAX = 10_000;

/** A text whose placeholders are all known (a typo such as `{{sendername}}` is refused). */
const knownPlaceholders = (schema: ReturnType<typeof requiredText>) =>
  schema.test({
    name: 'placeholders',
    test: (value, context) => {
      const [unknown] = unknownPlaceholders(value ?? '');
      return unknown
        ? context.createError({
            message: REPLY_TEMPLATE_LABELS.unknownPlaceholder.replace('{name}', unknown),
          })
        : true;
    },
  });

/** A reply template as the API answers it: its type, serialiser and OpenAPI schema. */
export const replyTemplatesWire = Type.Object({
  id: IdSchema,
  title: Type.String(),
  subject: Type.String({ description: 'The mail subject, one line; placeholders `{{name}}` allowed' }),
  body: Type.String({
    description: 'The reply text; placeholders `{{sender_name}}`, `{{product}}`, `{{staff_name}}`',
  }),
  ...slugGroup.wire,
  ...statusGroup.wire,
  ...auditGroup.wire,
});
export type ReplyTemplate = Static<typeof replyTemplatesWire>;

/** The fields a form and a spreadsheet row share. */
const fields = {
  title: requiredText(LABELS.title, NAME_MAX),
  // No line break in a subject: a header stays one line (a placeholder's value is kept to one too).
  subject: knownPlaceholders(
    requiredText(REPLY_TEMPLATE_LABELS.subject, TEMPLATE_SUBJECT_MAX).matches(/^[^\r\n]*$/, {
      message: REPLY_TEMPLATE_LABELS.oneLine.replace('{item}', REPLY_TEMPLATE_LABELS.subject),
    }),
  ),
  body: knownPlaceholders(requiredText(REPLY_TEMPLATE_LABELS.body, TEMPLATE_BODY_MAX)),
  /** Empty: made from the title by the server. */
  ...slugGroup.fields(),
  ...statusGroup.fields(),
};

export const replyTemplatesCreateSchema = yup.object(fields);
export const replyTemplatesUpdateSchema = yup.object({ ...fields, updated_at: yup.string().required() });
/** One spreadsheet row of an import; rows are matched by slug (made from the title when empty). */
export const replyTemplatesImportRowSchema = yup.object({ ...fields, ...statusGroup.importFields() });

export type ReplyTemplateCreateInput = yup.InferType<typeof replyTemplatesCreateSchema>;
export type ReplyTemplateUpdateInput = yup.InferType<typeof replyTemplatesUpdateSchema>;
export type ReplyTemplateImportRow = yup.InferType<typeof replyTemplatesImportRowSchema>;

export const replyTemplatesResource = defineResource({
  key: 'replyTemplates',
  group: 'reply-templates',
  tag: 'ReplyTemplate',
  item: 'Reply Template',
  route: ROUTES.replyTemplates,
  titleField: 'title',
  sortable: ['title', 'subject', 'status', 'created_at', 'updated_at'],
  defaultSort: { sort: 'created_at', order: 'desc' },
  dateField: 'created_at',
  filters: { status: STATUS_FILTER, date: CREATED_DATE_FILTER },
  sheet: [
    { key: 'title', label: LABELS.title, import: true },
    { key: 'subject', label: REPLY_TEMPLATE_LABELS.subject, import: true },
    { key: 'body', label: REPLY_TEMPLATE_LABELS.body, import: true },
    ...slugGroup.sheet,
    ...statusGroup.sheet,
    ...auditGroup.sheet,
  ],
  exportable: true,
  importable: true,
  // The reply form lists the templates to choose from; Setting › Inbox, the acknowledgements'.
  options: { readers: ['contact-forms', 'settings'] },
  wire: replyTemplatesWire,
  input: { create: replyTemplatesCreateSchema, update: replyTemplatesUpdateSchema },
});
