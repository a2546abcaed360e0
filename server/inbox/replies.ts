import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { STATUS } from '../../src/shared/contracts/account';
import {
  headerText,
  type ContactReply,
  type ReplyDraft,
  type ReplyKind,
} from '../../src/shared/resources/contactReplies';
import { ERASED_TEXT } from '../../src/shared/resources/privacy';
import { fillPlaceholders, type PlaceholderValues } from '../../src/shared/resources/replyTemplates';
import type { Executor } from '../db/client';
import { contactForms, contactReplies, products, replyTemplates, users } from '../db/schema';
import { defineJob } from '../jobs/queue';
import { findNotificationEmail } from '../repositories/company';

/**
 * The mail of one reply to a contact message, by the reply's id: the text is read from
 * `contact_replies` when it runs, and the run records the delivery there (sent, or the reason of
 * the failed try). Retried as every mail is (15 s, doubling, 12 times: about a day of SMTP down);
 * after the last try the reply is "Not delivered".
 */
export const contactReplyJob = defineJob<{ replyId: number }>('contact-reply', {
  retryLimit: 12,
  retryDelaySeconds: 15,
  retryBackoff: true,
  expireInSeconds: 120,
  concurrency: 1,
  deleteOnSuccess: true,
});

const ERROR_MAX = 500;

/** The thread's replies, oldest first, with their senders. */
export async function listReplies(db: Executor, contactFormId: number): Promise<ContactReply[]> {
  const rows = await db
    .select({
      id: contactReplies.id,
      kind: contactReplies.kind,
      to: contactReplies.to_email,
      subject: contactReplies.subject,
      body: contactReplies.body,
      sent_by: contactReplies.sent_by,
      user_name: users.name,
      sender_name: contactReplies.sender_name,
      state: contactReplies.state,
      last_error: contactReplies.last_error,
      attempts: contactReplies.attempts,
      sent_at: contactReplies.sent_at,
      created_at: contactReplies.created_at,
    })
    .from(contactReplies)
    .leftJoin(users, eq(users.id, contactReplies.sent_by))
    .where(eq(contactReplies.contact_form_id, contactFormId))
    .orderBy(asc(contactReplies.created_at), asc(contactReplies.id));
  return rows.map(({ sent_by, user_name, ...row }) => ({
    ...row,
    sender: sent_by !== null && user_name !== null ? { id: sent_by, name: user_name } : null,
    sent_at: row.sent_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  }));
}

/** A message as a reply needs it: its sender, subject, state and the product asked about. */
export interface RepliedMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  state: string;
  product: string | null;
}

/** The message, locked for the transaction when `lock` (a reply moves its state); null when none. */
export async function findRepliedMessage(
  db: Executor,
  id: number,
  lock = false,
): Promise<RepliedMessage | null> {
  const query = db
    .select({
      id: contactForms.id,
      name: contactForms.name,
      email: contactForms.email,
      subject: contactForms.subject,
      state: contactForms.state,
      product: products.name,
    })
    .from(contactForms)
    .leftJoin(products, eq(products.id, contactForms.product_id))
    .where(eq(contactForms.id, id));
  const [found] = lock ? await query.for('update', { of: contactForms }) : await query;
  return found ?? null;
}

/** What fills a template's placeholders in a reply to `message` by `staff`. */
export const placeholderValues = (message: RepliedMessage, staff: { name: string }): PlaceholderValues => ({
  sender_name: message.name,
  product: message.product ?? '',
  staff_name: staff.name,
});

/**
 * An active template filled in for a message: the subject on one line (each placeholder's value
 * through `headerText`: a sender's name carrying CR LF cannot add a header), the text as it is.
 * Null when there is no such active template.
 */
export async function draftFromTemplate(
  db: Executor,
  templateId: number,
  values: PlaceholderValues,
): Promise<ReplyDraft | null> {
  const [template] = await db
    .select({ subject: replyTemplates.subject, body: replyTemplates.body })
    .from(replyTemplates)
    .where(and(eq(replyTemplates.id, templateId), eq(replyTemplates.status, STATUS.active)));
  if (!template) return null;
  return {
    subject: headerText(fillPlaceholders(template.subject, values, (value) => headerText(value))),
    body: fillPlaceholders(template.body, values),
  };
}

export interface NewReply {
  kind?: ReplyKind;
  contactFormId: number;
  to: string;
  /** The mail's subject: a template's (filled in), else "Re: " and the message's. */
  subject: string;
  body: string;
  /** The staff member who wrote it (none for an acknowledgement). */
  sender: { id: number; name: string } | null;
  /** The name shown as its sender: the staff member's, or the company's. */
  senderName: string;
}

/** Stores a reply and queues its mail, in the caller's transaction (no mail without the reply). */
export async function queueReply(app: FastifyInstance, tx: Executor, reply: NewReply): Promise<number> {
  const [row] = await tx
    .insert(contactReplies)
    .values({
      kind: reply.kind ?? 'reply',
      contact_form_id: reply.contactFormId,
      to_email: reply.to,
      subject: headerText(reply.subject),
      body: reply.body,
      sent_by: reply.sender?.id ?? null,
      sender_name: reply.senderName,
    })
    .returning({ id: contactReplies.id });
  await app.jobs.enqueue(contactReplyJob, { replyId: row.id }, { tx });
  return row.id;
}

/** Registers the reply job's handler: the mail from the company, to the message's sender. */
export function workReplies(app: FastifyInstance): void {
  app.jobs.work(contactReplyJob, async ({ replyId }, run) => {
    const [reply] = await app.db
      .select({
        to: contactReplies.to_email,
        subject: contactReplies.subject,
        body: contactReplies.body,
        state: contactReplies.state,
        name: contactForms.name,
      })
      .from(contactReplies)
      .innerJoin(contactForms, eq(contactForms.id, contactReplies.contact_form_id))
      .where(eq(contactReplies.id, replyId));
    // The message was deleted meanwhile (its replies with it), a retried run already sent it, or
    // the person's data was erased before it went (privacy.ts): nothing to send, nothing to retry.
    if (!reply || reply.state === 'sent' || reply.to === ERASED_TEXT) return;
    try {
      await app.mailer.send({
        to: reply.to,
        toName: headerText(reply.name),
        replyTo: (await findNotificationEmail(app.db)) ?? undefined,
        subject: headerText(reply.subject),
        text: reply.body,
      });
    } catch (error) {
      const last = run.retryCount >= run.retryLimit;
      await app.db
        .update(contactReplies)
        .set({
          state: last ? 'failed' : 'queued',
          attempts: sql`${contactReplies.attempts} + 1`,
          last_error: (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX),
        })
        .where(eq(contactReplies.id, replyId));
      throw error;
    }
    await app.db
      .update(contactReplies)
      .set({ state: 'sent', sent_at: new Date(), last_error: null })
      .where(eq(contactReplies.id, replyId));
  });
}
