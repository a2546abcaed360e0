import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { normalizeEmail } from '../../src/shared/contracts/account';
import {
  CONFIRM_RESEND_MS,
  CONFIRM_TTL_MS,
  DEFAULT_CONSENT_WORDING,
  type SubscribeSubmission,
} from '../../src/shared/resources/subscribes';
import { PUBLIC_API } from '../../src/shared/routes';
import type { Config } from '../config';
import { subscribes } from '../db/schema';
import { defineJob } from '../jobs/queue';
import { randomToken, sha256 } from '../lib/crypto';
import { emitEvent } from '../webhooks/changes';

/**
 * Double opt-in for newsletter sign-ups (issue 38). A website sign-up is Pending and mailed a
 * confirmation link carrying a random token (32 bytes; only its sha256 is stored) that holds for
 * `CONFIRM_TTL_MS`; following it confirms the subscriber once. A pending address is mailed again
 * at most once per `CONFIRM_RESEND_MS`; a confirmed one is never mailed (and the website is told the
 * same either way). Unconfirmed sign-ups past their link's end are deleted by a recurring job.
 */

export const OPT_IN_TEXT = {
  subject: 'Please confirm your newsletter subscription',
  confirmTitle: 'Confirm your subscription',
  confirmIntro: 'Press the button to confirm that you want to receive our newsletter.',
  confirmButton: 'Confirm my subscription',
  confirmed: 'Thank you. Your subscription is confirmed.',
  invalid: 'This confirmation link is not valid. Please copy the whole link from the mail, or sign up again.',
  used: 'This confirmation link was already used: your subscription is confirmed.',
  expired: 'This confirmation link has expired. Please sign up again on our website.',
} as const;

export type ConfirmOutcome = 'confirmed' | 'invalid' | 'used' | 'expired';

export const confirmLink = (config: Config, token: string): string =>
  `${config.publicUrl}${PUBLIC_API.confirmSubscribe}?token=${token}`;

/**
 * Records a website sign-up and queues its confirmation mail when one is due (in one transaction):
 * a new or unsubscribed address becomes Pending with a new link; a pending one gets a new link
 * only when the last was mailed `CONFIRM_RESEND_MS` ago or more; a subscribed one is left alone.
 * Answers whether a mail was queued (the website is not told).
 */
export async function signUp(
  app: FastifyInstance,
  config: Config,
  input: SubscribeSubmission,
  ip: string,
  at: Date,
): Promise<boolean> {
  const email = normalizeEmail(input.email);
  return app.db.transaction(async (tx) => {
    await tx
      .insert(subscribes)
      .values({ email, source: input.source, state: 'pending', unsubscribe_token: randomToken(32) })
      .onConflictDoNothing({ target: subscribes.email });
    const [row] = await tx
      .select({
        id: subscribes.id,
        state: subscribes.state,
        sent: subscribes.confirm_sent_at,
      })
      .from(subscribes)
      .where(eq(subscribes.email, email))
      .for('update');
    if (row.state === 'subscribed') return false;
    if (row.state === 'pending' && row.sent && at.getTime() - row.sent.getTime() < CONFIRM_RESEND_MS)
      return false;
    const token = randomToken(32);
    await tx
      .update(subscribes)
      .set({
        state: 'pending',
        source: input.source,
        unsubscribed_at: null,
        confirm_token_hash: sha256(token),
        confirm_expires_at: new Date(at.getTime() + CONFIRM_TTL_MS),
        confirm_sent_at: at,
        confirmed_at: null,
        consent_ip: ip,
        consent_wording: input.wording_version || DEFAULT_CONSENT_WORDING,
        consent_note: null,
      })
      .where(eq(subscribes.id, row.id));
    const hours = Math.round(CONFIRM_TTL_MS / 3600_000);
    await app.sendMail(
      {
        to: email,
        subject: `${OPT_IN_TEXT.subject} (${config.appName})`.replace(/[\r\n]+/g, ' '),
        text:
          `Someone (we hope you) asked to receive the newsletter of ${config.appName} at this address.\n\n` +
          `To confirm, open this link within ${hours} hours:\n${confirmLink(config, token)}\n\n` +
          'If it was not you, ignore this mail: without confirmation you will not be subscribed, ' +
          'and the address is forgotten when the link expires.\n',
      },
      { tx },
    );
    return true;
  });
}

/** What a confirmation token is, without using it (the confirmation page asks before it confirms). */
export async function checkToken(app: FastifyInstance, token: string, at: Date): Promise<ConfirmOutcome> {
  const [row] = await app.db
    .select({
      state: subscribes.state,
      confirmed: subscribes.confirmed_at,
      expires: subscribes.confirm_expires_at,
    })
    .from(subscribes)
    .where(eq(subscribes.confirm_token_hash, sha256(token)));
  if (!row) return 'invalid';
  if (row.confirmed) return 'used';
  if (row.state !== 'pending') return 'invalid';
  if (!row.expires || row.expires <= at) return 'expired';
  return 'confirmed';
}

/** Confirms the subscriber of a token, once: the row is locked, so two clicks confirm one time. */
export async function confirmToken(app: FastifyInstance, token: string, at: Date): Promise<ConfirmOutcome> {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: subscribes.id,
        email: subscribes.email,
        source: subscribes.source,
        state: subscribes.state,
        confirmed: subscribes.confirmed_at,
        expires: subscribes.confirm_expires_at,
      })
      .from(subscribes)
      .where(eq(subscribes.confirm_token_hash, sha256(token)))
      .for('update');
    if (!row) return 'invalid';
    if (row.confirmed) return 'used';
    if (row.state !== 'pending') return 'invalid';
    if (!row.expires || row.expires <= at) return 'expired';
    await tx
      .update(subscribes)
      .set({ state: 'subscribed', confirmed_at: at, confirm_expires_at: null })
      .where(eq(subscribes.id, row.id));
    // The website hears of a subscriber once the address is confirmed (a pending sign-up is not one).
    await emitEvent(tx, 'subscribes.added', {
      resource: 'subscribes',
      id: row.id,
      email: row.email,
      source: row.source,
    });
    return 'confirmed';
  });
}

/** Deletes the pending sign-ups whose link has ended; answers how many. */
export async function expirePending(app: FastifyInstance, at: Date): Promise<number> {
  const gone = await app.db
    .delete(subscribes)
    .where(and(eq(subscribes.state, 'pending'), lt(subscribes.confirm_expires_at, at)))
    .returning({ id: subscribes.id });
  return gone.length;
}

export const expirePendingJob = defineJob<Record<string, never>>('subscribes.expire-pending', {
  retryLimit: 5,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 600,
});

/** The recurring expiry of unconfirmed sign-ups (hourly, one instance of the cluster). */
export function workOptIn(app: FastifyInstance, now: () => Date): void {
  app.jobs.work(expirePendingJob, async () => {
    const deleted = await expirePending(app, now());
    if (deleted) app.log.info({ deleted }, 'unconfirmed sign-ups expired');
  });
  app.jobs.every(expirePendingJob, 3600_000, {});
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The page the confirmation link opens: a button that confirms (a POST of this form: a mail
 * scanner fetching the link confirms nothing), or why the link cannot be used.
 */
export function confirmPage(appName: string, body: { title: string; text: string; token?: string }): string {
  const form = body.token
    ? `<form method="post" action="${PUBLIC_API.confirmSubscribe}">` +
      `<input type="hidden" name="token" value="${escapeHtml(body.token)}">` +
      `<button type="submit">${escapeHtml(OPT_IN_TEXT.confirmButton)}</button></form>`
    : '';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(body.title)} · ${escapeHtml(appName)}</title>` +
    '<style>body{font:1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}' +
    'button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:4px;background:#0b57d0;color:#fff;cursor:pointer}' +
    'button:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}</style></head>' +
    `<body><main><h1>${escapeHtml(body.title)}</h1><p>${escapeHtml(body.text)}</p>${form}</main></body></html>`
  );
}
