import { createHash } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import {
  MAX_LINKS,
  MIN_FILL_MS,
  REPEAT_MIN_LENGTH,
  REPEAT_WINDOW_MS,
  type ContactSubmission,
  type SpamReason,
} from '../../src/shared/resources/contactForms';
import type { BlockList } from '../../src/shared/resources/inboxSources';
import type { Executor } from '../db/client';
import { contactForms, inboxBlockList } from '../db/schema';

/**
 * The public contact form's spam decision (issue 38): every rule that matches is a reason, kept on
 * the message (`spam_reasons`); any reason files it as Spam. The website is told the same either way.
 */

/** The text as the repetition rule compares it: lower-cased, spacing collapsed, trimmed. */
export const normalizeText = (text: string): string =>
  text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** The stored hash of a message's text (sha256, hex): what "the same text" is looked up by. */
export const messageHash = (text: string): string =>
  createHash('sha256').update(normalizeText(text)).digest('hex');

const LINK = /\bhttps?:\/\/|\bwww\.|\[url[=\]]/gi;
export const countLinks = (text: string): number => text.match(LINK)?.length ?? 0;

/** The block list as it is stored (empty before the first save), with its version. */
export async function findBlockList(db: Executor, lock = false): Promise<BlockList> {
  const query = db
    .select({
      addresses: inboxBlockList.addresses,
      domains: inboxBlockList.domains,
      phrases: inboxBlockList.phrases,
      updated_at: inboxBlockList.updated_at,
    })
    .from(inboxBlockList)
    .where(eq(inboxBlockList.id, 1));
  const [row] = lock ? await query.for('update') : await query;
  return row
    ? { ...row, updated_at: row.updated_at.toISOString() }
    : { addresses: [], domains: [], phrases: [], updated_at: null };
}

export async function saveBlockList(
  db: Executor,
  lists: Pick<BlockList, 'addresses' | 'domains' | 'phrases'>,
  userId: number,
): Promise<void> {
  const now = new Date();
  await db
    .insert(inboxBlockList)
    .values({ id: 1, ...lists, created_by: userId, updated_by: userId, updated_at: now })
    .onConflictDoUpdate({
      target: inboxBlockList.id,
      set: { ...lists, updated_by: userId, updated_at: now },
    });
}

/**
 * The query "was this text sent in the window before `at`" (from any address): one probe of the
 * index on (message_hash, created_at). Exported for the test that reads its plan.
 */
export const repeatQuery = (db: Executor, hash: string, at: Date) =>
  db
    .select({ id: contactForms.id })
    .from(contactForms)
    .where(
      and(
        eq(contactForms.message_hash, hash),
        gt(contactForms.created_at, new Date(at.getTime() - REPEAT_WINDOW_MS)),
      ),
    )
    .limit(1);

const onList = (list: string[], value: string) => list.includes(value);

/** Every reason the submission is spam (none: it is not), in the declared order. */
export async function spamReasons(
  db: Executor,
  input: ContactSubmission,
  hash: string,
  at: Date,
): Promise<SpamReason[]> {
  const reasons: SpamReason[] = [];
  if (input.website) reasons.push('honeypot');
  if (
    input.started_at === null ||
    input.started_at === undefined ||
    at.getTime() - input.started_at < MIN_FILL_MS
  )
    reasons.push('too_fast');
  if (countLinks(`${input.subject}\n${input.message}`) > MAX_LINKS) reasons.push('too_many_links');
  const blocks = await findBlockList(db);
  const email = input.email.trim().toLowerCase();
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const domainBlocked = blocks.domains.some(
    (blocked) => domain === blocked || domain.endsWith(`.${blocked}`),
  );
  if (onList(blocks.addresses, email) || domainBlocked) reasons.push('blocked_sender');
  const text = normalizeText(`${input.name}\n${input.subject}\n${input.message}`);
  if (blocks.phrases.some((phrase) => text.includes(normalizeText(phrase)))) reasons.push('blocked_phrase');
  if (normalizeText(input.message).length >= REPEAT_MIN_LENGTH && (await repeatQuery(db, hash, at)).length)
    reasons.push('repeated');
  return reasons;
}
