import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { NAME_MAX } from '../limits';
import { validation } from '../messages';
import { ROUTES } from '../routes';
import { auditGroup, statusGroup } from './fields';
import { CREATED_DATE_FILTER, defineResource, requiredText, STATUS_FILTER } from './resource';
import { IdSchema, NullableText, TimestampSchema } from './wire';

/**
 * Webhooks (Setting › Webhooks): endpoints of the website that are told when what it shows
 * changes, signed as the Standard Webhooks specification says (docs/website-api.md "Webhooks").
 */

/** Labels of the webhook screens (this module is their one home). */
export const WEBHOOK_LABELS = {
  name: 'Name',
  url: 'Endpoint URL',
  events: 'Events',
  secret: 'Signing Secret',
  secretHelp: 'Verify the webhook-signature header with it (Standard Webhooks).',
  disabled: 'Disabled after {count} failed deliveries in a row. Save the webhook as Active to send again.',
  deliveries: 'Deliveries',
  sendTest: 'Send Test',
  testSent: 'Test event queued',
  resend: 'Resend',
  resent: 'Delivery queued again',
  noDeliveries: 'No deliveries yet',
  event: 'Event',
  state: 'State',
  response: 'Answer',
  attempts: 'Attempts',
  sentAt: 'Last Attempt',
  refresh: 'Refresh',
} as const;

/** The kinds the website shows, whose changes a webhook can hear. */
export const WEBHOOK_RESOURCES = [
  'products',
  'brands',
  'categories',
  'pages',
  'news',
  'promotions',
  'product-articles',
  'product-highlights',
] as const;
export type WebhookResource = (typeof WEBHOOK_RESOURCES)[number];

export const WEBHOOK_ACTIONS = ['created', 'updated', 'deleted', 'published', 'unpublished'] as const;
export type WebhookAction = (typeof WEBHOOK_ACTIONS)[number];

/** Every event type a webhook can subscribe to: `news.published`, …, and the inbox's. */
export const WEBHOOK_EVENTS = [
  ...WEBHOOK_RESOURCES.flatMap((resource) => WEBHOOK_ACTIONS.map((action) => `${resource}.${action}`)),
  'contact-forms.received',
  'subscribes.added',
  'subscribes.removed',
] as const;
export type WebhookEvent = string;

/** The event a "Send test" delivers (to any webhook, whatever it subscribes to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Failed deliveries in a row (each after all its retries) that disable an endpoint. */
export const WEBHOOK_DISABLE_AFTER = 5;

export const DELIVERY_STATES = ['pending', 'delivered', 'retrying', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  retrying: 'Retrying',
  failed: 'Failed',
};

export const webhooksWire = Type.Object({
  id: IdSchema,
  name: Type.String(),
  url: Type.String({ description: 'Where deliveries are POSTed (http or https)' }),
  events: Type.Array(Type.String(), { description: 'The event types delivered' }),
  secret: Type.String({
    description: 'The signing secret (whsec_…, Standard Webhooks): the endpoint verifies with it',
  }),
  failure_count: Type.Integer({ description: 'Failed deliveries in a row' }),
  disabled_at: Type.Union([TimestampSchema, Type.Null()], {
    description: 'When repeated failures disabled the endpoint (Status became Not Active)',
  }),
  ...statusGroup.wire,
  ...auditGroup.wire,
});
export type Webhook = Static<typeof webhooksWire>;

/** One delivery of an event to a webhook, as its log shows it. */
export const webhookDeliveryWire = Type.Object({
  id: IdSchema,
  message_id: Type.String({ description: 'The webhook-id header: the same on every attempt' }),
  event: Type.String(),
  state: Type.Unsafe<DeliveryState>({ type: 'string', enum: [...DELIVERY_STATES] }),
  attempts: Type.Integer(),
  status_code: Type.Union([Type.Integer(), Type.Null()], { description: "The last attempt's HTTP status" }),
  response: NullableText('The first bytes of the last answer, or why there was none'),
  created_at: TimestampSchema,
  last_attempt_at: Type.Union([TimestampSchema, Type.Null()]),
});
export type WebhookDelivery = Static<typeof webhookDeliveryWire>;

const URL_MAX = 2000;

const fields = {
  name: requiredText(WEBHOOK_LABELS.name, NAME_MAX),
  url: yup
    .string()
    .trim()
    .required(validation.required(WEBHOOK_LABELS.url))
    .max(URL_MAX, validation.max(WEBHOOK_LABELS.url, URL_MAX))
    .matches(/^https?:\/\/[^\s/@]+(\/\S*)?$/i, validation.invalid(WEBHOOK_LABELS.url)),
  events: yup
    .array(
      yup
        .string()
        .required()
        .oneOf([...WEBHOOK_EVENTS], validation.invalid(WEBHOOK_LABELS.events)),
    )
    .typeError(validation.invalid(WEBHOOK_LABELS.events))
    .min(1, validation.required(WEBHOOK_LABELS.events))
    .required(validation.required(WEBHOOK_LABELS.events))
    .default([]),
  ...statusGroup.fields(),
};

export const webhooksCreateSchema = yup.object(fields);
export const webhooksUpdateSchema = yup.object({ ...fields, updated_at: yup.string().required() });

export type WebhookCreateInput = yup.InferType<typeof webhooksCreateSchema>;
export type WebhookUpdateInput = yup.InferType<typeof webhooksUpdateSchema>;

export const webhooksResource = defineResource({
  key: 'webhooks',
  group: 'webhooks',
  tag: 'Webhook',
  item: 'Webhook',
  route: ROUTES.webhooks,
  titleField: 'name',
  sortable: ['name', 'url', 'status', 'created_at', 'updated_at'],
  defaultSort: { sort: 'created_at', order: 'desc' },
  dateField: 'created_at',
  filters: { status: STATUS_FILTER, date: CREATED_DATE_FILTER },
  // The signing secret is never written to a spreadsheet.
  exportable: false,
  importable: false,
  wire: webhooksWire,
  input: { create: webhooksCreateSchema, update: webhooksUpdateSchema },
});

/** A label per event type for the form's picker: `News: published`. */
export const eventLabel = (event: string): string => {
  const [resource, action] = event.split('.');
  const kind = resource.replace(/-/g, ' ');
  return `${kind[0].toUpperCase()}${kind.slice(1)}: ${action}`;
};
