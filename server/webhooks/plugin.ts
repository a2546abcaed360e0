import { randomUUID } from 'node:crypto';
import { and, arrayOverlaps, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { Webhook as Signer } from 'standardwebhooks';
import { WEBHOOK_DISABLE_AFTER } from '../../src/shared/resources/webhooks';
import type { Config } from '../config';
import type { Tx } from '../db/client';
import { webhookDeliveries, webhooks } from '../db/schema/webhooks';
import { defineJob, type JobRun } from '../jobs/queue';
import { machineTime } from '../lib/clock';
import { RESOURCES } from '../resources';
import { setChangeSink, transitionEvents, type ChangeEvent, type Transition } from './changes';
import { postOnce, type TargetPolicy } from './deliver';
import { setLoopbackAllowed } from './endpoints';

/** The first bytes of an endpoint's answer kept in the delivery log (the rest is never read). */
export const RESPONSE_EXCERPT_BYTES = 1024;

/**
 * One delivery's attempts: the first at once, then 8 retries with exponential backoff from 30 s
 * (pg-boss doubles the delay each time, with jitter: about 30 s, 1, 2, 4, 8, 16, 32 and 64 min,
 * some two hours in all). A run's own time-out is the HTTP time-out's plus margin.
 */
export const webhookDeliveryJob = defineJob<{ deliveryId: number }>('webhook.deliver', {
  retryLimit: 8,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
  concurrency: 2,
});

/**
 * A content item's next go-live or end, due at that moment (`at`, ISO), under the key `<group>:<id>`.
 * Its run judges the publishing rule at `at` or the app's clock, whichever is later: the queue (by
 * the database's clock) found the moment come, so an app clock a little behind it neither misses
 * the event nor schedules the same moment again (which would run again at once, and again).
 */
export const webhookTransitionJob = defineJob<{
  group: string;
  id: number;
  expect: Transition['expect'];
  at?: string;
}>('webhook.transition', { retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 120 });

/** The body every delivery sends (Standard Webhooks' recommended shape). */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: {
      /** Queues one delivery of an event to one webhook (send test, resend) outside a write. */
      queue(tx: Tx, webhookId: number, event: string, data: Record<string, unknown>): Promise<number>;
      /** Queues a logged delivery's next attempt now (Resend). */
      resend(tx: Tx, deliveryId: number): Promise<void>;
    };
  }
}

/**
 * Webhooks: the sink of `changes.ts` (every watched write's events become one delivery per
 * subscribed Active webhook, queued in the write's transaction), the delivery job (signed,
 * `postOnce`, logged, retried; an endpoint failing `WEBHOOK_DISABLE_AFTER` deliveries in a row is
 * set Not Active) and the transition job (go-live and end of dated content).
 */
export const webhooksPlugin = fp<{ config: Config; now: () => Date }>(
  async (app, { config, now }) => {
    const policy: TargetPolicy = { allowLoopback: config.webhooks.allowLoopback };
    setLoopbackAllowed(policy.allowLoopback);

    /** Inserts the logged deliveries and their jobs, in `tx`. */
    async function queueDeliveries(
      tx: Tx,
      rows: { webhookId: number; event: string; data: Record<string, unknown> }[],
    ): Promise<number[]> {
      if (!rows.length) return [];
      const at = now().toISOString();
      const inserted = await tx
        .insert(webhookDeliveries)
        .values(
          rows.map(({ webhookId, event, data }) => {
            const body: WebhookPayload = { type: event, timestamp: at, data };
            return {
              webhook_id: webhookId,
              message_id: `msg_${randomUUID().replace(/-/g, '')}`,
              event,
              body: JSON.stringify(body),
            };
          }),
        )
        .returning({ id: webhookDeliveries.id });
      for (const { id } of inserted) await app.jobs.enqueue(webhookDeliveryJob, { deliveryId: id }, { tx });
      return inserted.map(({ id }) => id);
    }

    async function emit(tx: Tx, events: ChangeEvent[]): Promise<void> {
      if (!events.length) return;
      const types = [...new Set(events.map((event) => event.type))];
      const targets = await tx
        .select({ id: webhooks.id, events: webhooks.events })
        .from(webhooks)
        .where(and(eq(webhooks.status, 1), arrayOverlaps(webhooks.events, types)));
      if (!targets.length) return;
      await queueDeliveries(
        tx,
        events.flatMap((event) =>
          targets
            .filter((target) => target.events.includes(event.type))
            .map((target) => ({
              webhookId: target.id,
              event: event.type,
              data: event.data as unknown as Record<string, unknown>,
            })),
        ),
      );
    }

    /** Schedules the record's next transition under its key (or calls it off), in `tx`. */
    async function scheduleTransition(tx: Tx, group: string, id: number, next: Transition | null) {
      const key = `${group}:${id}`;
      if (next)
        await app.jobs.schedule(
          webhookTransitionJob,
          key,
          machineTime(next.at),
          { group, id, expect: next.expect, at: next.at.toISOString() },
          { tx },
        );
      else await app.jobs.unschedule(webhookTransitionJob, key, { tx });
    }

    const unset = setChangeSink({ now, emit, scheduleTransition });
    app.addHook('onClose', async () => unset());

    app.decorate('webhooks', {
      queue: async (tx, webhookId, event, data) =>
        (await queueDeliveries(tx, [{ webhookId, event, data }]))[0],
      resend: async (tx, deliveryId) => {
        await tx
          .update(webhookDeliveries)
          .set({ state: 'pending' })
          .where(eq(webhookDeliveries.id, deliveryId));
        await app.jobs.enqueue(webhookDeliveryJob, { deliveryId }, { tx });
      },
    });

    app.jobs.work(webhookDeliveryJob, async ({ deliveryId }, run) => deliver(deliveryId, run));

    app.jobs.work(webhookTransitionJob, async ({ group, id, expect, at }) => {
      const resource = RESOURCES.find((entry) => entry.contract.group === group);
      if (!resource) return;
      const moment = new Date(Math.max(now().getTime(), at ? Date.parse(at) : 0));
      await app.db.transaction(async (tx) => {
        const { events, next } = await transitionEvents(tx, resource as never, id, expect, moment);
        await emit(tx, events);
        // The end of a promotion that just went live (always after `moment`: never the same job again).
        if (next) await scheduleTransition(tx, group, id, next);
      });
    });

    /** One attempt of a delivery: signed now, sent, logged; a failure throws so the queue retries it. */
    async function deliver(deliveryId: number, run: JobRun): Promise<void> {
      const [found] = await app.db
        .select({
          body: webhookDeliveries.body,
          messageId: webhookDeliveries.message_id,
          event: webhookDeliveries.event,
          url: webhooks.url,
          secret: webhooks.secret,
          status: webhooks.status,
          webhookId: webhooks.id,
        })
        .from(webhookDeliveries)
        .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhook_id))
        .where(eq(webhookDeliveries.id, deliveryId));
      if (!found) return; // the webhook was deleted, its log with it
      const log = (values: Partial<typeof webhookDeliveries.$inferInsert>) =>
        app.db
          .update(webhookDeliveries)
          .set({ ...values, attempts: sql`${webhookDeliveries.attempts} + 1`, last_attempt_at: new Date() })
          .where(eq(webhookDeliveries.id, deliveryId));
      if (found.status !== 1) {
        await log({ state: 'failed', status_code: null, response: 'not sent: the webhook is Not Active' });
        return;
      }
      const timestamp = new Date();
      const signature = new Signer(found.secret).sign(found.messageId, timestamp, found.body);
      const result = await postOnce({
        url: found.url,
        body: found.body,
        headers: {
          'content-type': 'application/json',
          'user-agent': `${config.appName} webhooks`,
          'webhook-id': found.messageId,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': signature,
        },
        timeoutMs: config.webhooks.timeoutMs,
        maxResponseBytes: RESPONSE_EXCERPT_BYTES,
        policy,
      });
      const ok = result.status !== null && result.status >= 200 && result.status < 300;
      const response = result.error ?? result.excerpt;
      if (ok) {
        await log({ state: 'delivered', status_code: result.status, response });
        await app.db
          .update(webhooks)
          .set({ failure_count: 0, updated_at: sql`${webhooks.updated_at}` })
          .where(eq(webhooks.id, found.webhookId));
        return;
      }
      const last = run.retryCount >= run.retryLimit;
      await log({ state: last ? 'failed' : 'retrying', status_code: result.status, response });
      if (!last) throw new Error(`webhook ${found.webhookId}: ${result.status ?? result.error}`);
      // Failed for good: one more in a row; past the limit the endpoint is switched off.
      await app.db
        .update(webhooks)
        .set({
          // Not a staff edit: the version an open form holds stays valid.
          updated_at: sql`${webhooks.updated_at}`,
          failure_count: sql`${webhooks.failure_count} + 1`,
          status: sql`case when ${webhooks.failure_count} + 1 >= ${WEBHOOK_DISABLE_AFTER} then 0 else ${webhooks.status} end`,
          disabled_at: sql`case when ${webhooks.failure_count} + 1 >= ${WEBHOOK_DISABLE_AFTER} then now() else ${webhooks.disabled_at} end`,
        })
        .where(eq(webhooks.id, found.webhookId));
    }
  },
  { name: 'webhooks', dependencies: ['db', 'jobs'] },
);
