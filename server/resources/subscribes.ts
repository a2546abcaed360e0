import { inArray } from 'drizzle-orm';
import { SOURCE_LABELS } from '../../src/shared/resources/contactForms';
import {
  SUBSCRIBE_STATE_LABELS,
  subscribesResource,
  type Subscriber,
} from '../../src/shared/resources/subscribes';
import type { Executor } from '../db/client';
import { subscribes } from '../db/schema';
import { defineServerResource } from '../crud/define';
import { auditCells } from '../crud/fields';
import { auditOf, auditSelect } from '../repositories/audit';
import { randomToken } from '../lib/crypto';

const select = (db: Executor) =>
  db
    .select({
      id: subscribes.id,
      email: subscribes.email,
      source: subscribes.source,
      state: subscribes.state,
      unsubscribed_at: subscribes.unsubscribed_at,
      unsubscribe_token: subscribes.unsubscribe_token,
      confirmed_at: subscribes.confirmed_at,
      consent_ip: subscribes.consent_ip,
      consent_wording: subscribes.consent_wording,
      consent_note: subscribes.consent_note,
      ...auditSelect(subscribes),
    })
    .from(subscribes)
    .$dynamic();

async function toItems(db: Executor, rows: Awaited<ReturnType<typeof select>>): Promise<Subscriber[]> {
  const audit = await auditOf(db, rows);
  return rows.map((row): Subscriber => ({
    id: row.id,
    email: row.email,
    source: row.source,
    state: row.state,
    unsubscribed_at: row.unsubscribed_at?.toISOString() ?? null,
    unsubscribe_token: row.unsubscribe_token,
    confirmed_at: row.confirmed_at?.toISOString() ?? null,
    consent_ip: row.consent_ip,
    consent_wording: row.consent_wording,
    consent_note: row.consent_note,
    ...audit(row),
  }));
}

/** `/api/subscribes`: list, show, export, delete and bulk delete. Sign-ups come from the public API only. */
export const subscribesServer = defineServerResource({
  // History never keeps the unsubscribe token: a subscriber restored from the trash gets a new one.
  restoreColumns: async () => ({ [subscribes.unsubscribe_token.name]: randomToken() }),
  contract: subscribesResource,
  table: subscribes,
  select,
  toItems,
  search: [subscribes.email],
  sort: {
    email: subscribes.email,
    source: subscribes.source,
    state: subscribes.state,
    created_at: subscribes.created_at,
  },
  filters: {
    states: (values) => inArray(subscribes.state, values),
    sources: (values) => inArray(subscribes.source, values),
  },
  write: {},
  cells: (item) => ({
    email: item.email,
    source: SOURCE_LABELS[item.source],
    state: SUBSCRIBE_STATE_LABELS[item.state],
    unsubscribed_at: item.unsubscribed_at,
    unsubscribe_token: item.unsubscribe_token,
    confirmed_at: item.confirmed_at,
    consent_ip: item.consent_ip,
    consent_wording: item.consent_wording,
    consent_note: item.consent_note,
    ...auditCells(item),
  }),
});
