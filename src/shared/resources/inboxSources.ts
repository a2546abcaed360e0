import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { validation } from '../messages';
import { SOURCES, type Source } from './contactForms';
import { IdSchema, NullableObject } from './wire';

/**
 * The inbox's settings per website form (Setting › Inbox, issue 38): which reply template is
 * mailed to the sender as an acknowledgement when a message arrives from it (never for Spam).
 */

export const INBOX_SETTINGS_ITEM = 'Inbox Settings';

export const INBOX_SETTINGS_LABELS = {
  title: 'Inbox',
  intro:
    'An acknowledgement is mailed to whoever sends a message from the form, from the template chosen here. ' +
    'Messages stored as Spam get none, and an address gets at most one a day.',
  acknowledgement: 'Acknowledgement',
  none: 'No acknowledgement',
  templateGone: 'This template is not an active reply template.',
} as const;

const enumSchema = <const V extends string>(values: readonly V[], description: string) =>
  Type.Unsafe<V>({ type: 'string', enum: [...values], description });

export const inboxSourceWire = Type.Object({
  source: enumSchema(SOURCES, 'The website form'),
  acknowledgement_template: NullableObject(Type.Object({ id: IdSchema, name: Type.String() })),
});
export const inboxSettingsWire = Type.Object({
  sources: Type.Array(inboxSourceWire),
  updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type InboxSettings = Static<typeof inboxSettingsWire>;

/** `PUT /api/settings/inbox`: every source's acknowledgement template (null: none). */
export const inboxSettingsSchema = yup.object({
  sources: yup
    .array(
      yup.object({
        source: yup
          .mixed<Source>()
          .oneOf([...SOURCES], validation.invalid('source'))
          .required(),
        acknowledgement_template_id: yup
          .number()
          .integer(INBOX_SETTINGS_LABELS.templateGone)
          .positive(INBOX_SETTINGS_LABELS.templateGone)
          .nullable()
          .default(null),
      }),
    )
    .max(SOURCES.length)
    .required(),
  /** The version the edit started from (null before the first save); a stale one is a 409. */
  updated_at: yup.string().nullable().default(null),
});
export type InboxSettingsInput = yup.InferType<typeof inboxSettingsSchema>;
