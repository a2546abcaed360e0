import { inArray } from 'drizzle-orm';
import { webhooksResource, type Webhook } from '../../src/shared/resources/webhooks';
import type { Executor } from '../db/client';
import { webhooks } from '../db/schema/webhooks';
import { defineServerResource } from '../crud/define';
import { column, set } from '../crud/fields';
import { auditOf, auditSelect } from '../repositories/audit';
import { webhookUrlWrite } from '../webhooks/endpoints';
import { newWebhookSecret } from '../webhooks/secret';

/** The query every read starts from (list, show): explicit columns; add where/order/limit. */
const select = (db: Executor) =>
  db
    .select({
      id: webhooks.id,
      name: webhooks.name,
      url: webhooks.url,
      events: webhooks.events,
      secret: webhooks.secret,
      failure_count: webhooks.failure_count,
      disabled_at: webhooks.disabled_at,
      status: webhooks.status,
      ...auditSelect(webhooks),
    })
    .from(webhooks)
    .$dynamic();

async function toItems(db: Executor, rows: Awaited<ReturnType<typeof select>>): Promise<Webhook[]> {
  const audit = await auditOf(db, rows);
  return rows.map((row): Webhook => ({
    id: row.id,
    name: row.name,
    url: row.url,
    events: row.events,
    secret: row.secret,
    failure_count: row.failure_count,
    disabled_at: row.disabled_at?.toISOString() ?? null,
    status: row.status,
    ...audit(row),
  }));
}

/**
 * `/api/webhooks`: the endpoints' list and CRUD (permission group `webhooks`); the deliveries'
 * log, "send test" and "resend" are `server/routes/webhooks.ts`. Saving a webhook Active clears
 * its failures (an endpoint disabled by them is switched back on that way).
 */
export const webhooksServer = defineServerResource({
  contract: webhooksResource,
  table: webhooks,
  select,
  toItems,
  search: [webhooks.name, webhooks.url],
  sort: {
    name: webhooks.name,
    url: webhooks.url,
    status: webhooks.status,
    created_at: webhooks.created_at,
    updated_at: webhooks.updated_at,
  },
  filters: { status: (values) => inArray(webhooks.status, values) },
  write: {
    name: column(webhooks.name),
    url: webhookUrlWrite(webhooks.url),
    events: (events) => [set(webhooks.events, [...new Set(events)])],
    // Saved Active, a webhook disabled by failures sends again from a clean count.
    status: (status) => [
      set(webhooks.status, status),
      ...(status === 1 ? [set(webhooks.failure_count, 0), set(webhooks.disabled_at, null)] : []),
    ],
  },
  // History never keeps a secret (server/crud/revisions.ts), so a webhook restored from the trash
  // signs with a new one: the website is given it again from the webhook's form.
  restoreColumns: async () => ({ [webhooks.secret.name]: newWebhookSecret() }),
});
