import { and, desc, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { can } from '../../src/shared/resources/resource';
import {
  WEBHOOK_LABELS,
  WEBHOOK_TEST_EVENT,
  webhookDeliveryWire,
  webhooksResource,
  type WebhookDelivery,
} from '../../src/shared/resources/webhooks';
import { API_PATHS } from '../../src/shared/routes';
import { bearer, errorResponses } from '../crud/openapi';
import { notFound } from '../crud/resource';
import { webhookDeliveries, webhooks } from '../db/schema/webhooks';
import { HttpError } from '../lib/httpError';

/** Deliveries a page of the log shows. */
export const DELIVERY_PAGE = 50;

const positive = (value: unknown): number | null =>
  typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647
    ? Number(value)
    : null;

/**
 * A webhook's delivery log (newest first, `?before=<id>` for the page after), "Send test" (a
 * signed `webhook.test` event to this endpoint, whatever it subscribes to) and "Resend" (a logged
 * delivery's body again, same `webhook-id`, signed anew). Reading needs `webhooks.index`; sending
 * `webhooks.update`.
 */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  deliveriesRoute(app);
  testRoute(app);
  resendRoute(app);
}

const params = Type.Object({ id: Type.String() });

/** The webhook of a path's id (404 for a malformed or unknown one). */
async function webhookIdOf(app: FastifyInstance, raw: unknown): Promise<number> {
  const id = positive(raw);
  if (id === null) throw notFound();
  const [found] = await app.db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.id, id));
  if (!found) throw notFound();
  return id;
}

/** `GET …/deliveries`: the log, newest first, a page at a time (`?before=<id>`). */
function deliveriesRoute(app: FastifyInstance): void {
  app.get(
    API_PATHS.webhookDeliveries,
    {
      preValidation: app.requirePermission(can(webhooksResource, 'index')),
      schema: {
        tags: [webhooksResource.group],
        summary: "A webhook's deliveries, newest first",
        security: bearer,
        params,
        querystring: Type.Object({
          before: Type.Optional(Type.String({ description: 'Only deliveries older than this id' })),
        }),
        response: {
          200: Type.Object({
            data: Type.Array(webhookDeliveryWire),
            meta: Type.Object({ next_before: Type.Union([Type.Integer(), Type.Null()]) }),
          }),
          ...errorResponses(404, 422),
        },
      },
    },
    async (request) => {
      const id = await webhookIdOf(app, (request.params as { id: string }).id);
      const rawBefore = (request.query as { before?: string }).before;
      const before = rawBefore === undefined ? null : positive(rawBefore);
      if (rawBefore !== undefined && before === null)
        throw new HttpError(422, 'before is invalid', { before: ['before is invalid'] });
      const rows = await app.db
        .select({
          id: webhookDeliveries.id,
          message_id: webhookDeliveries.message_id,
          event: webhookDeliveries.event,
          state: webhookDeliveries.state,
          attempts: webhookDeliveries.attempts,
          status_code: webhookDeliveries.status_code,
          response: webhookDeliveries.response,
          created_at: webhookDeliveries.created_at,
          last_attempt_at: webhookDeliveries.last_attempt_at,
        })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.webhook_id, id),
            before === null ? undefined : lt(webhookDeliveries.id, before),
          ),
        )
        .orderBy(desc(webhookDeliveries.id))
        .limit(DELIVERY_PAGE + 1);
      const page = rows.slice(0, DELIVERY_PAGE);
      return {
        data: page.map((row): WebhookDelivery => ({
          ...row,
          created_at: row.created_at.toISOString(),
          last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
        })),
        meta: { next_before: rows.length > DELIVERY_PAGE ? page[page.length - 1].id : null },
      };
    },
  );
}

/** `POST …/test`: a signed `webhook.test` event to the endpoint. */
function testRoute(app: FastifyInstance): void {
  app.post(
    API_PATHS.webhookTest,
    {
      preValidation: app.requirePermission(can(webhooksResource, 'update')),
      schema: {
        tags: [webhooksResource.group],
        summary: 'Send a signed webhook.test event to the endpoint',
        security: bearer,
        params,
        response: {
          202: Type.Object({ data: Type.Object({ id: Type.Integer() }), message: Type.String() }),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const id = await webhookIdOf(app, (request.params as { id: string }).id);
      const deliveryId = await app.db.transaction((tx) =>
        app.webhooks.queue(tx, id, WEBHOOK_TEST_EVENT, { webhook_id: id }),
      );
      return reply.code(202).send({ data: { id: deliveryId }, message: WEBHOOK_LABELS.testSent });
    },
  );
}

/** `POST …/deliveries/{deliveryId}/resend`: a logged delivery's body again. */
function resendRoute(app: FastifyInstance): void {
  app.post(
    API_PATHS.webhookResend,
    {
      preValidation: app.requirePermission(can(webhooksResource, 'update')),
      schema: {
        tags: [webhooksResource.group],
        summary: 'Send a logged delivery again (same webhook-id, signed anew)',
        security: bearer,
        params: Type.Object({ id: Type.String(), deliveryId: Type.String() }),
        response: {
          202: Type.Object({ data: Type.Object({ id: Type.Integer() }), message: Type.String() }),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const { id: rawId, deliveryId: rawDelivery } = request.params as { id: string; deliveryId: string };
      const id = await webhookIdOf(app, rawId);
      const deliveryId = positive(rawDelivery);
      if (deliveryId === null) throw notFound();
      await app.db.transaction(async (tx) => {
        const [found] = await tx
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhook_id, id)));
        if (!found) throw notFound();
        await app.webhooks.resend(tx, deliveryId);
      });
      return reply.code(202).send({ data: { id: deliveryId }, message: WEBHOOK_LABELS.resent });
    },
  );
}
