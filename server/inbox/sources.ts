import { and, eq, gt, inArray, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { STATUS } from '../../src/shared/contracts/account';
import { SOURCES, type Source } from '../../src/shared/resources/contactForms';
import { INBOX_SETTINGS_LABELS, type InboxSettings } from '../../src/shared/resources/inboxSources';
import type { Executor } from '../db/client';
import { contactReplies, inboxSources, replyTemplates } from '../db/schema';
import { fieldError } from '../lib/httpError';
import { draftFromTemplate, queueReply } from './replies';

/** An address is acknowledged at most once in this long, whatever it sends (the form cannot mail-bomb it). */
export const ACKNOWLEDGEMENT_INTERVAL_MS = 24 * 3600 * 1000;

/** Every source's settings, in the declared order (a source never saved has none). */
export async function findInboxSettings(db: Executor): Promise<InboxSettings> {
  const rows = await db
    .select({
      source: inboxSources.source,
      template_id: inboxSources.acknowledgement_template_id,
      service_level_days: inboxSources.service_level_days,
      template_name: replyTemplates.title,
      updated_at: inboxSources.updated_at,
    })
    .from(inboxSources)
    .leftJoin(replyTemplates, eq(replyTemplates.id, inboxSources.acknowledgement_template_id));
  const bySource = new Map(rows.map((row) => [row.source, row]));
  const latest = rows.reduce<Date | null>(
    (newest, row) => (!newest || row.updated_at > newest ? row.updated_at : newest),
    null,
  );
  return {
    sources: SOURCES.map((source) => {
      const row = bySource.get(source);
      return {
        source,
        acknowledgement_template:
          row?.template_id && row.template_name ? { id: row.template_id, name: row.template_name } : null,
        service_level_days: row?.service_level_days ?? null,
      };
    }),
    updated_at: latest?.toISOString() ?? null,
  };
}

/** The newest save's time, the rows locked until the transaction ends (null before the first save). */
export async function lockInboxSettings(db: Executor): Promise<Date | null> {
  const rows = await db.select({ updated_at: inboxSources.updated_at }).from(inboxSources).for('update');
  return rows.reduce<Date | null>(
    (newest, row) => (!newest || row.updated_at > newest ? row.updated_at : newest),
    null,
  );
}

/** Saves every source's template; a template that is not an active one is a 422 on its row. */
export async function saveInboxSettings(
  db: Executor,
  sources: {
    source: Source;
    acknowledgement_template_id: number | null;
    service_level_days: number | null;
  }[],
  userId: number,
): Promise<void> {
  const ids = sources.flatMap((row) =>
    row.acknowledgement_template_id ? [row.acknowledgement_template_id] : [],
  );
  const active = ids.length
    ? new Set(
        (
          await db
            .select({ id: replyTemplates.id })
            .from(replyTemplates)
            .where(and(inArray(replyTemplates.id, ids), eq(replyTemplates.status, STATUS.active)))
        ).map((row) => row.id),
      )
    : new Set<number>();
  sources.forEach((row, index) => {
    if (row.acknowledgement_template_id !== null && !active.has(row.acknowledgement_template_id))
      throw fieldError(`sources[${index}].acknowledgement_template_id`, INBOX_SETTINGS_LABELS.templateGone);
  });
  const now = new Date();
  for (const row of sources)
    await db
      .insert(inboxSources)
      .values({
        source: row.source,
        acknowledgement_template_id: row.acknowledgement_template_id,
        service_level_days: row.service_level_days,
        created_by: userId,
        updated_by: userId,
        updated_at: now,
      })
      .onConflictDoUpdate({
        target: inboxSources.source,
        set: {
          acknowledgement_template_id: row.acknowledgement_template_id,
          service_level_days: row.service_level_days,
          updated_by: userId,
          updated_at: now,
        },
      });
}

export interface ArrivedMessage {
  id: number;
  name: string;
  email: string;
  source: Source;
  product: string | null;
}

/**
 * Queues the acknowledgement of a message just stored (in its transaction), when its source has an
 * active template and the address was not acknowledged in the last day. The caller never calls this
 * for Spam. The acknowledgement joins the message's thread; it does not make the message Replied.
 */
export async function acknowledge(
  app: FastifyInstance,
  tx: Executor,
  message: ArrivedMessage,
  companyName: string,
): Promise<boolean> {
  const [setting] = await tx
    .select({ template: inboxSources.acknowledgement_template_id })
    .from(inboxSources)
    .where(eq(inboxSources.source, message.source));
  if (!setting?.template) return false;
  const [recent] = await tx
    .select({ at: max(contactReplies.created_at) })
    .from(contactReplies)
    .where(
      and(
        eq(contactReplies.kind, 'acknowledgement'),
        eq(contactReplies.to_email, message.email),
        gt(contactReplies.created_at, new Date(Date.now() - ACKNOWLEDGEMENT_INTERVAL_MS)),
      ),
    );
  if (recent?.at) return false;
  const draft = await draftFromTemplate(tx, setting.template, {
    sender_name: message.name,
    product: message.product ?? '',
    staff_name: companyName,
  });
  if (!draft) return false;
  await queueReply(app, tx, {
    kind: 'acknowledgement',
    contactFormId: message.id,
    to: message.email,
    subject: draft.subject,
    body: draft.body,
    sender: null,
    senderName: companyName,
  });
  return true;
}
