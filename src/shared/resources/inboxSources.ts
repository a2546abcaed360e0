import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { format, validation } from '../messages';
import { SOURCES, type Source } from './contactForms';
import { IdSchema, NullableObject } from './wire';

/**
 * The inbox's settings per website form (Setting › Inbox, issue 38): which reply template is
 * mailed to the sender as an acknowledgement when a message arrives from it (never for Spam).
 */

export const INBOX_SETTINGS_ITEM = 'Inbox Settings';

/** The longest service level a source may have, in working days. */
export const SERVICE_LEVEL_MAX_DAYS = 60;

export const INBOX_SETTINGS_LABELS = {
  title: 'Inbox',
  intro:
    'An acknowledgement is mailed to whoever sends a message from the form, from the template chosen here. ' +
    'Messages stored as Spam get none, and an address gets at most one a day.',
  acknowledgement: 'Acknowledgement',
  none: 'No acknowledgement',
  templateGone: 'This template is not an active reply template.',
  serviceLevel: 'Answer Within (Working Days)',
  serviceLevelHint: 'Mon–Fri; empty: no due time',
  serviceLevelInvalid: `A whole number of working days from 1 to ${SERVICE_LEVEL_MAX_DAYS}, or empty.`,
} as const;

const enumSchema = <const V extends string>(values: readonly V[], description: string) =>
  Type.Unsafe<V>({ type: 'string', enum: [...values], description });

export const inboxSourceWire = Type.Object({
  source: enumSchema(SOURCES, 'The website form'),
  acknowledgement_template: NullableObject(Type.Object({ id: IdSchema, name: Type.String() })),
  service_level_days: Type.Union(
    [Type.Null(), Type.Integer({ minimum: 1, maximum: SERVICE_LEVEL_MAX_DAYS })],
    {
      description:
        'A message from this form is due this many working days (Mon–Fri, UTC) after it arrives; null: none',
    },
  ),
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
        service_level_days: yup
          .number()
          .typeError(INBOX_SETTINGS_LABELS.serviceLevelInvalid)
          .integer(INBOX_SETTINGS_LABELS.serviceLevelInvalid)
          .min(1, INBOX_SETTINGS_LABELS.serviceLevelInvalid)
          .max(SERVICE_LEVEL_MAX_DAYS, INBOX_SETTINGS_LABELS.serviceLevelInvalid)
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

/**
 * The block list (Setting › Inbox): a message from one of these addresses or domains (or any of
 * its subdomains), or holding one of these phrases (case and spacing ignored), is filed as Spam
 * with the reason. Edited one per line; blank lines and repeats are dropped.
 */
export const BLOCK_LIST_ITEM = 'Block List';
export const BLOCK_LIST_MAX_ENTRIES = 500;
export const BLOCK_PHRASE_MIN = 3;
export const BLOCK_PHRASE_MAX = 200;
export const BLOCK_ADDRESS_MAX = 254;

export const BLOCK_LIST_KINDS = ['addresses', 'domains', 'phrases'] as const;
export type BlockListKind = (typeof BLOCK_LIST_KINDS)[number];

export const BLOCK_LIST_LABELS = {
  title: 'Block List',
  intro:
    'Messages from these senders, or holding these phrases, are filed as Spam with the reason shown on the message. One per line.',
  addresses: 'Blocked Addresses',
  domains: 'Blocked Domains',
  phrases: 'Blocked Phrases',
  addressesHint: 'e.g. offers@spam.example',
  domainsHint: 'e.g. spam.example (its subdomains too)',
  phrasesHint: `At least ${BLOCK_PHRASE_MIN} characters, e.g. cheap followers`,
  badLine: '{label}: line {line} ({value}) is not valid',
  tooMany: `{label}: at most ${BLOCK_LIST_MAX_ENTRIES} entries`,
} as const;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const emailEntry = yup.string().email().max(BLOCK_ADDRESS_MAX);

/** Whether one entry (trimmed, lower-cased for addresses and domains) is valid for its list. */
export const blockEntryValid: Record<BlockListKind, (value: string) => boolean> = {
  addresses: (value) => value.includes('@') && emailEntry.isValidSync(value),
  domains: (value) => DOMAIN.test(value),
  phrases: (value) => value.length >= BLOCK_PHRASE_MIN && value.length <= BLOCK_PHRASE_MAX,
};

/** One entry as it is stored and compared: addresses and domains lower-cased, phrases' spacing collapsed. */
export const normalizeBlockEntry = (kind: BlockListKind, value: string): string => {
  const trimmed = value.trim().replace(/\s+/g, ' ');
  if (kind === 'domains') return trimmed.toLowerCase().replace(/^@/, '');
  return kind === 'addresses' ? trimmed.toLowerCase() : trimmed;
};

/** The lines of a text area as a list's entries: normalised, without blanks and repeats. */
export const blockLines = (kind: BlockListKind, text: string): string[] => [
  ...new Set(
    text
      .split(/\r?\n/)
      .map((line) => normalizeBlockEntry(kind, line))
      .filter(Boolean),
  ),
];

const blockLabel = (kind: BlockListKind) => BLOCK_LIST_LABELS[kind];

/** The first invalid line of a list (1-based, with its text), or null. */
function firstBadEntry(kind: BlockListKind, entries: string[]): { line: number; value: string } | null {
  const index = entries.findIndex((entry) => {
    const normal = normalizeBlockEntry(kind, entry);
    return normal !== '' && !blockEntryValid[kind](normal);
  });
  return index < 0 ? null : { line: index + 1, value: entries[index].slice(0, 60) };
}

const blockArray = (kind: BlockListKind) =>
  yup
    .array(
      yup
        .string()
        .defined()
        .max(BLOCK_ADDRESS_MAX < BLOCK_PHRASE_MAX ? BLOCK_PHRASE_MAX : BLOCK_ADDRESS_MAX),
    )
    .max(BLOCK_LIST_MAX_ENTRIES, format(BLOCK_LIST_LABELS.tooMany, { label: blockLabel(kind) }))
    .default([])
    .test('entries', (entries, context) => {
      const bad = firstBadEntry(kind, entries ?? []);
      return bad
        ? context.createError({
            message: format(BLOCK_LIST_LABELS.badLine, { label: blockLabel(kind), ...bad }),
          })
        : true;
    });

/** `PUT /api/settings/inbox/block-list`: the three lists (arrays of entries) and the version edited. */
export const blockListSchema = yup.object({
  addresses: blockArray('addresses'),
  domains: blockArray('domains'),
  phrases: blockArray('phrases'),
  /** The version the edit started from (null before the first save); a stale one is a 409. */
  updated_at: yup.string().nullable().default(null),
});
export type BlockListInput = yup.InferType<typeof blockListSchema>;

/** The settings screen's form: each list as text, one entry per line, held to the same rules. */
const blockText = (kind: BlockListKind) =>
  yup
    .string()
    .default('')
    .test('lines', (text, context) => {
      const entries = blockLines(kind, text ?? '');
      if (entries.length > BLOCK_LIST_MAX_ENTRIES)
        return context.createError({
          message: format(BLOCK_LIST_LABELS.tooMany, { label: blockLabel(kind) }),
        });
      const lines = (text ?? '').split(/\r?\n/);
      const index = lines.findIndex((line) => {
        const entry = normalizeBlockEntry(kind, line);
        return entry !== '' && !blockEntryValid[kind](entry);
      });
      return index < 0
        ? true
        : context.createError({
            message: format(BLOCK_LIST_LABELS.badLine, {
              label: blockLabel(kind),
              line: index + 1,
              value: lines[index].trim().slice(0, 60),
            }),
          });
    });
export const blockListFormSchema = yup.object({
  addresses: blockText('addresses'),
  domains: blockText('domains'),
  phrases: blockText('phrases'),
});

export const blockListWire = Type.Object({
  addresses: Type.Array(Type.String()),
  domains: Type.Array(Type.String()),
  phrases: Type.Array(Type.String()),
  updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type BlockList = Static<typeof blockListWire>;
