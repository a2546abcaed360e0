import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { emailField } from '../contracts/account';

/**
 * A person's data (Setting › Privacy, issue 38): for one e-mail address, everything the product
 * holds on it — contact messages and their replies, the newsletter subscription and its consent,
 * audit entries naming it — exported as JSON or CSV, or erased after a confirmation.
 */

export const PRIVACY_LABELS = {
  title: 'Privacy',
  intro:
    'Everything held on one e-mail address: its contact messages and their replies, its newsletter ' +
    'subscription and consent, and the audit entries naming it. Export it for the person, or erase it.',
  email: 'E-mail Address',
  find: 'Find',
  held: 'Held on {email}',
  messages: 'Contact messages',
  replies: 'Replies to them',
  subscription: 'Newsletter subscription',
  auditEntries: 'Audit entries naming it',
  none: 'Nothing is held on this address.',
  yes: 'Yes',
  no: 'No',
  exportJson: 'Export as JSON',
  exportCsv: 'Export as CSV',
  erase: 'Erase',
  eraseTitle: 'Erase everything held on {email}?',
  eraseBody:
    'Its contact messages are anonymised (name, address, phone, subject, text and note removed; their ' +
    'replies too), its subscription is deleted, and the audit entries naming it keep only that an ' +
    'erasure happened. This cannot be undone. Type the address again to confirm.',
  confirmEmail: 'Type the address again',
  confirmMismatch: 'Type the same address to confirm.',
  erased:
    'Erased: {messages} messages, {replies} replies, {subscriptions} subscription, {audit} audit entries.',
  userAddress:
    'This address belongs to a staff user: erase it by deleting the user, not here (their audit trail stays).',
} as const;

/** What an erased audit entry's summary becomes (the database's trigger allows exactly this text). */
export const ERASED_AUDIT_SUMMARY = 'Personal data erased';
/** What an anonymised message's (and reply's) personal fields become. */
export const ERASED_TEXT = '[erased]';

/** `?email=`: the address asked about (trimmed; compared ignoring case). */
export const privacyQuerySchema = yup.object({ email: emailField() });

/** `DELETE /api/privacy`: the address, and the same address typed again. */
export const privacyEraseSchema = yup.object({
  email: emailField(),
  confirm_email: yup
    .string()
    .trim()
    .required(PRIVACY_LABELS.confirmMismatch)
    .test(
      'same',
      PRIVACY_LABELS.confirmMismatch,
      (value, context) =>
        value.toLowerCase() ===
        String(context.parent.email ?? '')
          .trim()
          .toLowerCase(),
    ),
});
export type PrivacyEraseInput = yup.InferType<typeof privacyEraseSchema>;

export const PRIVACY_FORMATS = ['json', 'csv'] as const;
export type PrivacyFormat = (typeof PRIVACY_FORMATS)[number];

/** `GET /api/privacy?email=`: how much is held (the screen's summary before an export or erasure). */
export const privacySummaryWire = Type.Object({
  email: Type.String(),
  messages: Type.Integer(),
  replies: Type.Integer(),
  subscription: Type.Boolean(),
  audit_entries: Type.Integer(),
  /** The address is a staff user's: it may be exported, not erased here. */
  is_user: Type.Boolean(),
});
export type PrivacySummary = Static<typeof privacySummaryWire>;

export const privacyErasedWire = Type.Object({
  messages: Type.Integer(),
  replies: Type.Integer(),
  subscriptions: Type.Integer(),
  audit: Type.Integer(),
});
export type PrivacyErased = Static<typeof privacyErasedWire>;

/** The CSV export's columns: one line per field of each record held. */
export const PRIVACY_CSV_COLUMNS = [
  { key: 'record', label: 'Record', import: false },
  { key: 'id', label: 'Id', import: false },
  { key: 'field', label: 'Field', import: false },
  { key: 'value', label: 'Value', import: false },
] as const;
