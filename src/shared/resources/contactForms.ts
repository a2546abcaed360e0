import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { emailField } from '../contracts/account';
import { NAME_MAX, PHONE_MAX } from '../limits';
import { LABELS, validation } from '../messages';
import { ROUTES } from '../routes';
import { STORAGE_KEYS } from '../storageKeys';
import { auditGroup } from './fields';
import { productsResource } from './products';
import {
  booleanFilter,
  bulkIdsSchema,
  dateRangeFilter,
  defineResource,
  enumFilter,
  idsFilter,
  requiredText,
} from './resource';
import { IdSchema, NullableObject, NullableText, RefSchema, TimestampSchema } from './wire';

/**
 * The inbox's contact-form messages (spec §1, §3 Contact form: subject, message, source, product),
 * sent by the public website (`POST /public/v1/contact-forms`) and triaged by staff.
 */

/** Labels of the inbox screens (this module is their one home). */
export const CONTACT_LABELS = {
  sender: 'Sender',
  subject: 'Subject',
  message: 'Message',
  source: 'Source',
  product: 'Product',
  state: 'State',
  note: 'Internal Note',
  received: 'Received',
  markRead: 'Mark as Read',
  markReplied: 'Mark as Replied',
  markSpam: 'Mark as Spam',
  markNew: 'Mark as Unread',
  saveNote: 'Save Note',
  selected: '{count} selected',
  bulkMarked: '{count} messages marked as read',
  bulkDeleted: '{count} deleted',
  newMessages: '{count} new messages',
  notSpam: 'Not Spam',
  spamBecause: 'Filed as spam because:',
  wasSpamBecause: 'Was filed as spam because:',
  notSpamDone: 'The message is back among the new ones.',
  notSpamRefused: 'This message is not marked as Spam.',
  spamLeavesByNotSpam: 'A message filed as Spam leaves Spam through Not Spam only.',
  assignee: 'Assigned To',
  due: 'Due',
  overdue: 'Overdue',
  mine: 'Mine',
  unassigned: 'Unassigned',
  nobody: 'Nobody',
  assign: 'Assign',
  assignTo: 'Assign to',
  assigned: 'Assigned to {name}.',
  unassignedDone: 'The message is unassigned.',
  assigneeRefused: 'This user may not read the inbox.',
  noDue: 'No due time',
} as const;

/** The "Assigned To" filter: the caller's own messages, or nobody's (both: either). */
export const ASSIGNEE_FILTERS = ['mine', 'unassigned'] as const;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number];
export const ASSIGNEE_FILTER_OPTIONS = [
  { value: 'mine', label: CONTACT_LABELS.mine },
  { value: 'unassigned', label: CONTACT_LABELS.unassigned },
] as const satisfies readonly { value: AssigneeFilter; label: string }[];

/** The states whose due time still runs: a message past it in one of them is overdue. */
export const OPEN_STATES = ['new', 'read'] as const;

/** Whether a message is overdue at `at` (epoch ms): due before then and still open. */
export const isOverdue = (item: { due_at: string | null; state: string }, at: number): boolean =>
  item.due_at !== null &&
  Date.parse(item.due_at) < at &&
  (OPEN_STATES as readonly string[]).includes(item.state);

/**
 * Why the public form filed a message as Spam (stored on the message, answered in `spam_reasons`).
 * The order is the one the checks run in and the detail screen lists them in.
 */
export const SPAM_REASONS = [
  'honeypot',
  'too_fast',
  'too_many_links',
  'blocked_sender',
  'blocked_phrase',
  'repeated',
] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];
export const SPAM_REASON_LABELS: Record<SpamReason, string> = {
  honeypot: 'the hidden honeypot field was filled in',
  too_fast: 'the form was sent too fast after it was shown (or without its start time)',
  too_many_links: 'the message holds too many links',
  blocked_sender: 'the sender’s address or domain is on the block list',
  blocked_phrase: 'the message holds a phrase on the block list',
  repeated: 'the same text was sent shortly before',
};
/** More links than this in the subject and message: spam. */
export const MAX_LINKS = 3;
/** The same normalised text again within this long (from any address): spam. */
export const REPEAT_WINDOW_MS = 24 * 3600 * 1000;
/** Texts shorter than this (normalised) are not held to the repetition rule ("Price?" is asked often). */
export const REPEAT_MIN_LENGTH = 40;

/** Triage states (staff need more than Active / Not Active: API contract "Inbox"). */
export const CONTACT_STATES = ['new', 'read', 'replied', 'spam'] as const;
export type ContactState = (typeof CONTACT_STATES)[number];
export const CONTACT_STATE_LABELS: Record<ContactState, string> = {
  new: 'New',
  read: 'Read',
  replied: 'Replied',
  spam: 'Spam',
};

/** Which form of the website sent a message or a sign-up: a fixed list the server declares. */
export const SOURCES = ['contact-page', 'product-page', 'promotion-page', 'footer'] as const;
export type Source = (typeof SOURCES)[number];
export const SOURCE_LABELS: Record<Source, string> = {
  'contact-page': 'Contact Page',
  'product-page': 'Product Page',
  'promotion-page': 'Promotion Page',
  footer: 'Footer',
};

export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 5000;
export const NOTE_MAX = 5000;

const enumSchema = <const V extends string>(values: readonly V[], description: string) =>
  Type.Unsafe<V>({ type: 'string', enum: [...values], description });

export const contactFormsWire = Type.Object({
  id: IdSchema,
  name: Type.String(),
  email: Type.String(),
  phone_number: NullableText(),
  subject: Type.String(),
  message: Type.String(),
  source: enumSchema(SOURCES, 'The website form that sent it'),
  product: NullableObject(Type.Object({ id: IdSchema, name: Type.String(), slug: Type.String() })),
  state: enumSchema(CONTACT_STATES, 'Triage state'),
  note: NullableText('Internal note of the staff; never shown to the sender'),
  spam_reasons: Type.Array(enumSchema(SPAM_REASONS, 'A reason'), {
    description:
      'Why the public form filed it as Spam, in check order: honeypot (the hidden field filled), too_fast ' +
      '(sent within the minimum fill time, or without started_at), too_many_links, blocked_sender ' +
      '(address or domain on the block list), blocked_phrase, repeated (the same text sent recently). ' +
      'Empty when it was not filed as Spam by the form; kept after "Not spam".',
  }),
  assignee: NullableObject(RefSchema),
  assigned_at: Type.Union([Type.Null(), TimestampSchema]),
  due_at: Type.Union([Type.Null(), TimestampSchema], {
    description: "Arrival plus its source's service level in working days (Mon–Fri, UTC); null: none",
  }),
  ...auditGroup.wire,
});
export type ContactForm = Static<typeof contactFormsWire>;

/** What staff change: the state and the internal note; the message itself is never edited. */
export const contactFormsUpdateSchema = yup.object({
  state: yup
    .mixed<ContactState>()
    .oneOf([...CONTACT_STATES], validation.invalid(CONTACT_LABELS.state))
    .required(validation.required(CONTACT_LABELS.state)),
  note: yup
    .string()
    .trim()
    .nullable()
    .default(null)
    .max(NOTE_MAX, validation.max(CONTACT_LABELS.note, NOTE_MAX)),
  updated_at: yup.string().required(),
});
export type ContactFormUpdateInput = yup.InferType<typeof contactFormsUpdateSchema>;

/** `PUT /api/contact-forms/:id/assignee`: who owns the message (null: nobody), and the version seen. */
export const contactFormAssignSchema = yup.object({
  assignee_id: yup
    .number()
    .typeError(CONTACT_LABELS.assigneeRefused)
    .integer(CONTACT_LABELS.assigneeRefused)
    .positive(CONTACT_LABELS.assigneeRefused)
    .max(2 ** 31 - 1, CONTACT_LABELS.assigneeRefused)
    .nullable()
    .defined(),
  updated_at: yup.string().required(),
});
export type ContactFormAssignInput = yup.InferType<typeof contactFormAssignSchema>;

/** `PUT /api/contact-forms/state`: several messages to one state (bulk "mark as read"). */
export const contactFormsBulkStateSchema = bulkIdsSchema.shape({
  state: contactFormsUpdateSchema.fields.state,
});
export type ContactFormsBulkState = yup.InferType<typeof contactFormsBulkStateSchema>;

/**
 * What the website sends (`POST /public/v1/contact-forms`): the fields, with the same rules the
 * admin shows, plus two bot traps that never fail validation: `website` (a honeypot the site hides
 * from people) and `started_at` (when the form was shown, epoch milliseconds). A filled honeypot or
 * a form sent sooner than `MIN_FILL_MS` after it was shown is accepted (202) and stored as Spam.
 */
export const contactSubmissionSchema = yup.object({
  name: requiredText(LABELS.name, NAME_MAX),
  email: emailField(),
  phone_number: yup
    .string()
    .trim()
    .nullable()
    .default(null)
    .max(PHONE_MAX, validation.max(LABELS.phoneNumber, PHONE_MAX))
    .matches(/^[+0-9 ()-]*$/, { message: validation.invalid(LABELS.phoneNumber), excludeEmptyString: true }),
  subject: requiredText(CONTACT_LABELS.subject, SUBJECT_MAX),
  message: requiredText(CONTACT_LABELS.message, MESSAGE_MAX),
  source: yup
    .mixed<Source>()
    .oneOf([...SOURCES], validation.invalid(CONTACT_LABELS.source))
    .required(validation.required(CONTACT_LABELS.source)),
  /** A product's id or slug, when sent from a product page. */
  product: yup
    .string()
    .trim()
    .nullable()
    .default(null)
    .max(NAME_MAX, validation.invalid(CONTACT_LABELS.product))
    .matches(/^([1-9]\d{0,9}|[a-z0-9]+(-[a-z0-9]+)*)$/, {
      message: validation.invalid(CONTACT_LABELS.product),
      excludeEmptyString: true,
    }),
  website: yup.string().nullable().default(null).max(NAME_MAX),
  started_at: yup.number().nullable().default(null),
});
export type ContactSubmission = yup.InferType<typeof contactSubmissionSchema>;

/** A form sent sooner than this after it was shown is a bot's. */
export const MIN_FILL_MS = 3000;

export const CONTACT_STATE_OPTIONS = CONTACT_STATES.map((value) => ({
  value,
  label: CONTACT_STATE_LABELS[value],
}));
export const SOURCE_OPTIONS = SOURCES.map((value) => ({ value, label: SOURCE_LABELS[value] }));

export const contactFormsResource = defineResource({
  key: 'contactForms',
  group: 'contact-forms',
  tag: 'ContactForm',
  item: 'Contact Form',
  route: ROUTES.contactForms,
  titleField: 'subject',
  sortable: ['name', 'subject', 'source', 'state', 'created_at', 'due_at'],
  defaultSort: { sort: 'created_at', order: 'desc' },
  dateField: 'created_at',
  filters: {
    // The inbox's default view leaves Spam out; choosing states (Spam among them) brings it back.
    states: enumFilter({
      label: CONTACT_LABELS.state,
      options: CONTACT_STATE_OPTIONS,
      whenUnset: CONTACT_STATES.filter((state) => state !== 'spam'),
    }),
    sources: enumFilter({
      label: CONTACT_LABELS.source,
      options: SOURCE_OPTIONS,
      storageKey: STORAGE_KEYS.filterSources,
    }),
    product_ids: idsFilter(CONTACT_LABELS.product, productsResource, STORAGE_KEYS.filterProducts),
    assignee: enumFilter({ label: CONTACT_LABELS.assignee, options: ASSIGNEE_FILTER_OPTIONS }),
    overdue: booleanFilter(CONTACT_LABELS.overdue),
    date: dateRangeFilter(CONTACT_LABELS.received),
  },
  sheet: [
    { key: 'name', label: LABELS.name, import: false },
    { key: 'email', label: LABELS.email, import: false },
    { key: 'phone_number', label: LABELS.phoneNumber, import: false },
    { key: 'subject', label: CONTACT_LABELS.subject, import: false },
    { key: 'message', label: CONTACT_LABELS.message, import: false },
    { key: 'source', label: CONTACT_LABELS.source, import: false },
    { key: 'product', label: CONTACT_LABELS.product, import: false },
    { key: 'state', label: CONTACT_LABELS.state, import: false },
    { key: 'note', label: CONTACT_LABELS.note, import: false },
    { key: 'created_at', label: CONTACT_LABELS.received, import: false },
  ],
  exportable: true,
  importable: false,
  bulkDelete: true,
  wire: contactFormsWire,
  input: { update: contactFormsUpdateSchema },
});
