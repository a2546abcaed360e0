import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { validation } from '../messages';
import { IdSchema, NullableObject, NullableText } from './wire';

/**
 * Replies to a contact message, sent by mail from the product (issue 38): the thread under a
 * message (`GET /api/contact-forms/{id}/replies`) and a new reply (`POST` to the same path).
 */

export const REPLY_LABELS = {
  thread: 'Conversation',
  reply: 'Reply',
  body: 'Reply',
  send: 'Send Reply',
  sent: 'Reply queued for sending',
  to: 'To',
  from: 'From',
  staff: 'Staff',
  template: 'Template',
  noTemplate: 'No template',
  subject: 'Subject',
  templateGone: 'This template is no longer available.',
  acknowledgement: 'Acknowledgement',
  noReplies: 'No reply sent yet.',
  spamRefused: 'A message marked as Spam gets no reply. Mark it as not spam first.',
  attempts: '{count} failed tries so far; retried automatically.',
} as const;

/** Delivery of a reply's mail: queued (and retried while SMTP is down), sent, or failed for good. */
export const REPLY_STATES = ['queued', 'sent', 'failed'] as const;
export type ReplyState = (typeof REPLY_STATES)[number];
export const REPLY_STATE_LABELS: Record<ReplyState, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Not delivered',
};

/** A staff member's reply, or the acknowledgement mailed automatically on arrival. */
export const REPLY_KINDS = ['reply', 'acknowledgement'] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];

export const REPLY_MAX = 10_000;
/** A mail's subject line is cut to this (RFC 5322 recommends lines of 78 characters; folded beyond). */
export const MAIL_SUBJECT_MAX = 200;

const enumSchema = <const V extends string>(values: readonly V[], description: string) =>
  Type.Unsafe<V>({ type: 'string', enum: [...values], description });

export const contactReplyWire = Type.Object({
  id: IdSchema,
  kind: enumSchema(REPLY_KINDS, "A staff member's reply, or the automatic acknowledgement"),
  to: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  sender: NullableObject(Type.Object({ id: IdSchema, name: Type.String() })),
  sender_name: Type.String({ description: "The staff member's name when the reply was sent" }),
  state: enumSchema(REPLY_STATES, 'Delivery of the mail'),
  last_error: NullableText('Why the last try failed, while it is retried or after it failed for good'),
  attempts: Type.Integer({ description: 'Failed tries so far' }),
  sent_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});
export type ContactReply = Static<typeof contactReplyWire>;

export const contactReplyInputSchema = yup.object({
  /** The template the reply started from: its subject is the mail's (placeholders filled). */
  template_id: yup
    .number()
    .integer(validation.invalid(REPLY_LABELS.template))
    .positive(validation.invalid(REPLY_LABELS.template))
    .nullable()
    .default(null),
  body: yup
    .string()
    .trim()
    .required(validation.required(REPLY_LABELS.body))
    .max(REPLY_MAX, validation.max(REPLY_LABELS.body, REPLY_MAX)),
});
export type ContactReplyInput = yup.InferType<typeof contactReplyInputSchema>;

/** A template filled in for one message (`GET …/replies/draft?template=`): the reply form's start. */
export const replyDraftWire = Type.Object({ subject: Type.String(), body: Type.String() });
export type ReplyDraft = Static<typeof replyDraftWire>;

/**
 * One line of a mail header: control characters (CR and LF above all: a header injected after
 * them) become spaces, runs of white space one, cut to `max`. Every value that reaches a header
 * (the subject, a placeholder's value in it) goes through this.
 */
export function headerText(value: string, max = MAIL_SUBJECT_MAX): string {
  const line = value
    // eslint-disable-next-line no-control-regex -- exactly the control characters are removed
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The subject of a reply to a message: "Re: " and the message's subject, on one line. */
export const replySubject = (subject: string): string =>
  headerText(/^re:/i.test(subject.trim()) ? subject : `Re: ${subject}`);
