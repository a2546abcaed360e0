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
  confirmedAt: 'Confirmed At',
  consentIp: 'Consent Address',
  consentWording: 'Consent Wording',
  consentNote: 'Consent Note',
  consent: 'Consent',
} as const;

/** Pending: signed up on the website, the confirmation link not yet followed (double opt-in). */
export const SUBSCRIBE_STATES = ['pending', 'subscribed', 'unsubscribed'] as const;
export type SubscribeState = (typeof SUBSCRIBE_STATES)[number];
export const SUBSCRIBE_STATE_LABELS: Record<SubscribeState, string> = {
  pending: 'Pending',
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
};

/** How long a confirmation link holds; an unconfirmed sign-up is deleted after it. */
export const CONFIRM_TTL_MS = 48 * 3600 * 1000;
/** A pending address signing up again is mailed a new link at most once in this long. */
export const CONFIRM_RESEND_MS = 10 * 60 * 1000;
/** The wording version a sign-up without `wording_version` is recorded with. */
export const DEFAULT_CONSENT_WORDING = 'newsletter-v1';
/** A subscriber from before double opt-in: its consent note (the migration writes it). */
export const LEGACY_CONSENT_NOTE = 'Subscribed before double opt-in; no confirmation on record.';
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
  confirmed_at: Nullable(Type.String({ format: 'date-time', description: 'When the link was followed' })),
  consent_ip: Nullable(Type.String({ description: 'The address (IP) the website sign-up came from' })),
  consent_wording: Nullable(
    Type.String({ description: 'The version of the consent wording the form showed' }),
  ),
  consent_note: Nullable(
    Type.String({ description: 'How consent was given, for one not signed up by the website' }),
  ),
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
  /** The version of the consent text the website's form showed (kept with the consent). */
  wording_version: yup
    .string()
    .trim()
    .nullable()
    .default(null)
    .matches(/^[A-Za-z0-9._-]{1,50}$/, {
      message: validation.invalid('wording_version'),
      excludeEmptyString: true,
    }),
});
export type SubscribeSubmission = yup.InferType<typeof subscribeSubmissionSchema>;

/** `POST /public/v1/subscribes/confirm`: the token of the confirmation link. */
export const confirmSubscribeSchema = yup.object({
  token: yup
    .string()
    .trim()
    .required(validation.required(LABELS.token))
    .matches(/^[A-Za-z0-9_-]{43}$/, validation.invalid(LABELS.token)),
});

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
    { key: 'confirmed_at', label: SUBSCRIBE_LABELS.confirmedAt, import: false },
    { key: 'consent_ip', label: SUBSCRIBE_LABELS.consentIp, import: false },
    { key: 'consent_wording', label: SUBSCRIBE_LABELS.consentWording, import: false },
    { key: 'consent_note', label: SUBSCRIBE_LABELS.consentNote, import: false },
  ],
  exportable: true,
  importable: false,
  bulkDelete: true,
  wire: subscribesWire,
  input: {},
});
