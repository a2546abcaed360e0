import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { emailField } from '../contracts/account';
import { LABELS, validation } from '../messages';
import { ROUTES } from '../routes';
import { auditGroup } from './fields';
import { SOURCE_OPTIONS, SOURCES, type Source } from './contactForms';
import { dateRangeFilter, defineResource, enumFilter } from './resource';
import { IdSchema, Nullable } from './wire';

/** The inbox's newsletter subscribers (spec §1), signed up by the public website; a list only. */

export const SUBSCRIBE_LABELS = {
  source: 'Source',
  state: 'State',
  subscribed: 'Subscribed',
  unsubscribedAt: 'Unsubscribed At',
} as const;

export const SUBSCRIBE_STATES = ['subscribed', 'unsubscribed'] as const;
export type SubscribeState = (typeof SUBSCRIBE_STATES)[number];
export const SUBSCRIBE_STATE_LABELS: Record<SubscribeState, string> = {
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
};
export const SUBSCRIBE_STATE_OPTIONS = SUBSCRIBE_STATES.map((value) => ({
  value,
  label: SUBSCRIBE_STATE_LABELS[value],
}));

export const subscribesWire = Type.Object({
  id: IdSchema,
  email: Type.String(),
  source: Type.Unsafe<Source>({ type: 'string', enum: [...SOURCES] }),
  state: Type.Unsafe<SubscribeState>({ type: 'string', enum: [...SUBSCRIBE_STATES] }),
  unsubscribed_at: Nullable(Type.String({ format: 'date-time' })),
  /** For the newsletter sender's unsubscribe links (`POST /public/v1/subscribes/unsubscribe`). */
  unsubscribe_token: Type.String(),
  ...auditGroup.wire,
});
export type Subscriber = Static<typeof subscribesWire>;

/** `POST /public/v1/subscribes`: an address and the form that sent it (a honeypot as on the contact form). */
export const subscribeSubmissionSchema = yup.object({
  email: emailField(),
  source: yup
    .mixed<Source>()
    .oneOf([...SOURCES], validation.invalid(SUBSCRIBE_LABELS.source))
    .default('footer'),
  website: yup.string().nullable().default(null).max(255),
});
export type SubscribeSubmission = yup.InferType<typeof subscribeSubmissionSchema>;

/** `POST /public/v1/subscribes/unsubscribe`: the token of the subscriber's links. */
export const unsubscribeSchema = yup.object({
  token: yup
    .string()
    .trim()
    .required(validation.required(LABELS.token))
    .matches(/^[A-Za-z0-9_-]{20,100}$/, validation.invalid(LABELS.token)),
});

export const subscribesResource = defineResource({
  key: 'subscribes',
  group: 'subscribes',
  tag: 'Subscribe',
  item: 'Subscribe',
  route: ROUTES.subscribes,
  titleField: 'email',
  sortable: ['email', 'source', 'state', 'created_at'],
  defaultSort: { sort: 'created_at', order: 'desc' },
  dateField: 'created_at',
  filters: {
    states: enumFilter({ label: SUBSCRIBE_LABELS.state, options: SUBSCRIBE_STATE_OPTIONS }),
    sources: enumFilter({ label: SUBSCRIBE_LABELS.source, options: SOURCE_OPTIONS }),
    date: dateRangeFilter(SUBSCRIBE_LABELS.subscribed),
  },
  sheet: [
    { key: 'email', label: LABELS.email, import: false },
    { key: 'source', label: SUBSCRIBE_LABELS.source, import: false },
    { key: 'state', label: SUBSCRIBE_LABELS.state, import: false },
    { key: 'created_at', label: SUBSCRIBE_LABELS.subscribed, import: false },
    { key: 'unsubscribed_at', label: SUBSCRIBE_LABELS.unsubscribedAt, import: false },
    { key: 'unsubscribe_token', label: 'Unsubscribe Token', import: false },
  ],
  exportable: true,
  importable: false,
  bulkDelete: true,
  wire: subscribesWire,
  input: {},
});
