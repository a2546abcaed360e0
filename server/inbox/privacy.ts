import { and, asc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { contactFormsResource } from '../../src/shared/resources/contactForms';
import { ERASED_AUDIT_SUMMARY, ERASED_TEXT, type PrivacyErased } from '../../src/shared/resources/privacy';
import { subscribesResource } from '../../src/shared/resources/subscribes';
import type { Db, Executor, Tx } from '../db/client';
import { auditLogs, contactForms, contactReplies, subscribes, users } from '../db/schema';
import { revisions } from '../db/schema/revisions';
import { searchExpression } from '../db/schema/indexes';
import { likePattern } from '../crud/list';

/**
 * A person's data by e-mail address (Setting › Privacy): what is held, its export, its erasure, and
 * the inbox's retention purge. An address is compared ignoring case; an audit entry "names" it when
 * its actor's e-mail is it, or its summary or details hold it as a whole address (`ann@x.org` is
 * not named by `joann@x.org.uk`).
 */

const MESSAGES = contactFormsResource.group;
const SUBSCRIBERS = subscribesResource.group;

/** The address as stored and compared: trimmed, lower-cased. */
export const normalEmail = (email: string): string => email.trim().toLowerCase();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a text holds the address as a whole address (no address character either side). */
export function namesAddress(text: string | null | undefined, email: string): boolean {
  if (!text) return false;
  return new RegExp(`(^|[^a-z0-9._%+-])${escapeRegExp(email)}($|[^a-z0-9.-])`, 'i').test(text);
}

const messagesOf = (email: string): SQL => sql`lower(${contactForms.email}) = ${email}`;

/** The contact messages of the address, oldest first, with their product's name. */
async function findMessages(db: Executor, email: string) {
  return db
    .select({
      id: contactForms.id,
      created_at: contactForms.created_at,
      name: contactForms.name,
      email: contactForms.email,
      phone_number: contactForms.phone_number,
      subject: contactForms.subject,
      message: contactForms.message,
      source: contactForms.source,
      product_id: contactForms.product_id,
      state: contactForms.state,
      note: contactForms.note,
      spam_reasons: contactForms.spam_reasons,
      due_at: contactForms.due_at,
    })
    .from(contactForms)
    .where(messagesOf(email))
    .orderBy(asc(contactForms.created_at), asc(contactForms.id));
}

async function findReplies(db: Executor, messageIds: number[]) {
  if (!messageIds.length) return [];
  return db
    .select({
      id: contactReplies.id,
      contact_form_id: contactReplies.contact_form_id,
      kind: contactReplies.kind,
      created_at: contactReplies.created_at,
      to_email: contactReplies.to_email,
      subject: contactReplies.subject,
      body: contactReplies.body,
      sender_name: contactReplies.sender_name,
      state: contactReplies.state,
      sent_at: contactReplies.sent_at,
    })
    .from(contactReplies)
    .where(inArray(contactReplies.contact_form_id, messageIds))
    .orderBy(asc(contactReplies.created_at), asc(contactReplies.id));
}

async function findSubscription(db: Executor, email: string) {
  const [row] = await db
    .select({
      id: subscribes.id,
      email: subscribes.email,
      source: subscribes.source,
      state: subscribes.state,
      created_at: subscribes.created_at,
      confirmed_at: subscribes.confirmed_at,
      unsubscribed_at: subscribes.unsubscribed_at,
      consent_ip: subscribes.consent_ip,
      consent_wording: subscribes.consent_wording,
      consent_note: subscribes.consent_note,
    })
    .from(subscribes)
    // Subscribers are stored lower-cased: the unique index on the address answers this.
    .where(eq(subscribes.email, email));
  return row ?? null;
}

/**
 * The audit entries naming the address, oldest first. The trigram search index finds the entries
 * whose actor e-mail or summary hold it; details are read whole (an erasure is rare, the log bounded
 * by AUDIT_RETENTION_DAYS); each candidate is then held to `namesAddress`.
 */
async function findAuditEntries(db: Executor, email: string) {
  const pattern = likePattern(email);
  const rows = await db
    .select({
      id: auditLogs.id,
      created_at: auditLogs.created_at,
      kind: auditLogs.kind,
      actor_name: auditLogs.actor_name,
      actor_email: auditLogs.actor_email,
      ip: auditLogs.ip,
      resource: auditLogs.resource,
      record_id: auditLogs.record_id,
      summary: auditLogs.summary,
      details: auditLogs.details,
    })
    .from(auditLogs)
    .where(
      or(
        sql`${searchExpression([auditLogs.actor_name, auditLogs.actor_email, auditLogs.summary])} ilike ${pattern}`,
        sql`${auditLogs.details}::text ilike ${pattern}`,
      ),
    )
    .orderBy(asc(auditLogs.created_at), asc(auditLogs.id));
  return rows
    .filter((row) => row.summary !== ERASED_AUDIT_SUMMARY)
    .map((row) => ({
      ...row,
      actorIsPerson: (row.actor_email ?? '').toLowerCase() === email,
    }))
    .filter(
      (row) =>
        row.actorIsPerson ||
        namesAddress(row.summary, email) ||
        namesAddress(JSON.stringify(row.details), email),
    );
}

/** Whether the address is a staff user's (their audit trail is not erased from here). */
export async function isUserAddress(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return Boolean(row);
}

/** Everything held on the address, as its JSON export carries it. */
export async function personData(db: Executor, email: string, at: Date) {
  const messages = await findMessages(db, email);
  const replies = await findReplies(
    db,
    messages.map((message) => message.id),
  );
  const subscription = await findSubscription(db, email);
  const audit = await findAuditEntries(db, email);
  return {
    email,
    exported_at: at.toISOString(),
    contact_messages: messages.map((message) => ({
      ...message,
      replies: replies.filter((reply) => reply.contact_form_id === message.id),
    })),
    subscription,
    audit_entries: audit.map(({ actorIsPerson: _actor, ...row }) => row),
  };
}
export type PersonData = Awaited<ReturnType<typeof personData>>;

/** How much is held (the screen's summary). */
export async function personSummary(db: Executor, email: string) {
  const data = await personData(db, email, new Date());
  return {
    email,
    messages: data.contact_messages.length,
    replies: data.contact_messages.reduce((total, message) => total + message.replies.length, 0),
    subscription: data.subscription !== null,
    audit_entries: data.audit_entries.length,
    is_user: await isUserAddress(db, email),
  };
}

type Scalar = string | number | null;
const cell = (value: unknown): Scalar =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString()
      : typeof value === 'number' || typeof value === 'string'
        ? value
        : JSON.stringify(value);

/** The export as CSV rows: one per field of each record (record, id, field, value). */
export function personRows(data: PersonData): Record<string, Scalar>[] {
  const rows: Record<string, Scalar>[] = [];
  const add = (record: string, item: Record<string, unknown> & { id: number }) => {
    for (const [field, value] of Object.entries(item))
      if (field !== 'id' && field !== 'replies')
        rows.push({ record, id: item.id, field, value: cell(value) });
  };
  for (const message of data.contact_messages) {
    add('contact message', message);
    for (const reply of message.replies) add('reply', reply);
  }
  if (data.subscription) add('subscription', data.subscription);
  for (const entry of data.audit_entries) add('audit entry', entry);
  return rows;
}

/** Deletes the history (and trash) of these records of a resource: their snapshots hold the person too. */
async function dropHistory(tx: Tx, resource: string, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await tx
    .delete(revisions)
    .where(and(eq(revisions.resource, resource), inArray(revisions.record_id, [...ids])));
}

/** Records of a resource deleted into the trash whose snapshot holds the address. */
async function trashedIds(tx: Tx, resource: string, email: string): Promise<number[]> {
  const rows = await tx
    .select({ id: revisions.record_id })
    .from(revisions)
    .where(
      and(
        eq(revisions.resource, resource),
        eq(revisions.action, 'delete'),
        sql`lower(${revisions.snapshot} ->> 'email') = ${email}`,
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Erases the address (in the caller's transaction): its messages anonymised (and their replies),
 * their history and trashed copies dropped, its subscription deleted with its history, and the
 * audit entries naming it reduced to "Personal data erased" (the one update audit_logs' trigger
 * allows besides the foreign key's, while `audit_logs.erasing` is on in this transaction).
 */
export async function erasePerson(tx: Tx, email: string): Promise<PrivacyErased> {
  const messages = await findMessages(tx, email);
  const ids = messages.map((message) => message.id);
  let replies = 0;
  if (ids.length) {
    replies = (
      await tx
        .update(contactReplies)
        // A reply not sent yet is never sent: its address is gone (its job finds it erased and ends).
        .set({
          to_email: ERASED_TEXT,
          subject: ERASED_TEXT,
          body: ERASED_TEXT,
          last_error: null,
          state: sql`case when ${contactReplies.state} = 'sent' then 'sent' else 'failed' end`,
        })
        .where(inArray(contactReplies.contact_form_id, ids))
        .returning({ id: contactReplies.id })
    ).length;
    await tx
      .update(contactForms)
      .set({
        name: ERASED_TEXT,
        email: ERASED_TEXT,
        phone_number: null,
        subject: ERASED_TEXT,
        message: ERASED_TEXT,
        note: null,
        message_hash: null,
      })
      .where(inArray(contactForms.id, ids));
  }
  await dropHistory(tx, MESSAGES, [...ids, ...(await trashedIds(tx, MESSAGES, email))]);

  const subscription = await findSubscription(tx, email);
  if (subscription) await tx.delete(subscribes).where(eq(subscribes.id, subscription.id));
  await dropHistory(tx, SUBSCRIBERS, [
    ...(subscription ? [subscription.id] : []),
    ...(await trashedIds(tx, SUBSCRIBERS, email)),
  ]);

  const entries = await findAuditEntries(tx, email);
  if (entries.length) {
    await tx.execute(sql`select set_config('audit_logs.erasing', 'on', true)`);
    const person = entries.filter((entry) => entry.actorIsPerson).map((entry) => entry.id);
    const others = entries.filter((entry) => !entry.actorIsPerson).map((entry) => entry.id);
    const redacted = { summary: ERASED_AUDIT_SUMMARY, details: {} };
    if (person.length)
      await tx
        .update(auditLogs)
        .set({ ...redacted, actor_name: null, actor_email: null, ip: null })
        .where(inArray(auditLogs.id, person));
    if (others.length) await tx.update(auditLogs).set(redacted).where(inArray(auditLogs.id, others));
    await tx.execute(sql`select set_config('audit_logs.erasing', '', true)`);
  }
  return { messages: ids.length, replies, subscriptions: subscription ? 1 : 0, audit: entries.length };
}

const DAY_MS = 86_400_000;
const PURGE_BATCH = 1000;

/**
 * Deletes the contact messages received more than `retentionDays` before `at` (their replies go
 * with them, their history too), a batch at a time; 0 keeps every message. Returns how many went.
 */
export async function purgeOldMessages(db: Db, retentionDays: number, at: number): Promise<number> {
  if (retentionDays <= 0) return 0;
  const cutoff = new Date(at - retentionDays * DAY_MS);
  let purged = 0;
  for (;;) {
    const gone = await db.transaction(async (tx) => {
      const batch = await tx
        .select({ id: contactForms.id })
        .from(contactForms)
        .where(lt(contactForms.created_at, cutoff))
        .orderBy(asc(contactForms.created_at))
        .limit(PURGE_BATCH)
        .for('update', { skipLocked: true });
      const ids = batch.map((row) => row.id);
      if (!ids.length) return 0;
      await tx.delete(contactForms).where(inArray(contactForms.id, ids));
      await dropHistory(tx, MESSAGES, ids);
      return ids.length;
    });
    purged += gone;
    if (gone < PURGE_BATCH) return purged;
  }
}
