import { and, eq, gte, inArray, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import {
  CONTACT_STATES,
  CONTACT_LABELS,
  CONTACT_STATE_LABELS,
  contactFormsResource,
  OPEN_STATES,
  SOURCE_LABELS,
  type ContactForm,
} from '../../src/shared/resources/contactForms';
import type { Executor } from '../db/client';
import { contactForms, products, users } from '../db/schema';
import { defineServerResource } from '../crud/define';
import { auditCells, column } from '../crud/fields';
import { HttpError } from '../lib/httpError';
import { now } from '../lib/clock';
import { auditOf, auditSelect } from '../repositories/audit';

/** Overdue at the app's clock: due before now and still open (New or Read). */
export const overdueCondition = (at: number = now()) =>
  and(lt(contactForms.due_at, new Date(at)), inArray(contactForms.state, [...OPEN_STATES]))!;

/** The query every read starts from (list, show, export): the message and the product it was about. */
const select = (db: Executor) =>
  db
    .select({
      id: contactForms.id,
      name: contactForms.name,
      email: contactForms.email,
      phone_number: contactForms.phone_number,
      subject: contactForms.subject,
      message: contactForms.message,
      source: contactForms.source,
      product_id: contactForms.product_id,
      product_name: products.name,
      product_slug: products.slug,
      state: contactForms.state,
      note: contactForms.note,
      spam_reasons: contactForms.spam_reasons,
      assignee_id: contactForms.assignee_id,
      assignee_name: users.name,
      assigned_at: contactForms.assigned_at,
      due_at: contactForms.due_at,
      ...auditSelect(contactForms),
    })
    .from(contactForms)
    .leftJoin(products, eq(products.id, contactForms.product_id))
    .leftJoin(users, eq(users.id, contactForms.assignee_id))
    .$dynamic();

async function toItems(db: Executor, rows: Awaited<ReturnType<typeof select>>): Promise<ContactForm[]> {
  const audit = await auditOf(db, rows);
  return rows.map((row): ContactForm => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phone_number,
    subject: row.subject,
    message: row.message,
    source: row.source,
    product:
      row.product_id !== null && row.product_name !== null && row.product_slug !== null
        ? { id: row.product_id, name: row.product_name, slug: row.product_slug }
        : null,
    state: row.state,
    note: row.note,
    spam_reasons: row.spam_reasons,
    assignee:
      row.assignee_id !== null && row.assignee_name !== null
        ? { id: row.assignee_id, name: row.assignee_name }
        : null,
    assigned_at: row.assigned_at?.toISOString() ?? null,
    due_at: row.due_at?.toISOString() ?? null,
    ...audit(row),
  }));
}

/**
 * `/api/contact-forms`: list, show, export; an update changes the state and the internal note only;
 * delete and bulk delete. Messages are created only by the public API (server/public/).
 */
export const contactFormsServer = defineServerResource({
  contract: contactFormsResource,
  table: contactForms,
  select,
  toItems,
  search: [contactForms.name, contactForms.email, contactForms.subject, contactForms.message],
  sort: {
    name: contactForms.name,
    subject: contactForms.subject,
    source: contactForms.source,
    state: contactForms.state,
    created_at: contactForms.created_at,
    due_at: contactForms.due_at,
  },
  filters: {
    // All states but one (the default view: all but Spam) as `<>`: a filter on whichever index the
    // search or the sort uses, where `in (…)` would pull the planner onto the state index (issue #41).
    states: (values) => {
      const left = CONTACT_STATES.filter((state) => !values.includes(state));
      return left.length === 1 ? ne(contactForms.state, left[0]) : inArray(contactForms.state, values);
    },
    sources: (values) => inArray(contactForms.source, values),
    product_ids: (ids) => inArray(contactForms.product_id, ids),
    // "Mine" (the caller's) and "Unassigned", either when both are chosen: the assignee index.
    assignee: (values, query) =>
      or(
        values.includes('mine')
          ? query.viewer === undefined
            ? sql`false`
            : eq(contactForms.assignee_id, query.viewer)
          : undefined,
        values.includes('unassigned') ? isNull(contactForms.assignee_id) : undefined,
      ),
    overdue: (overdue) =>
      overdue
        ? overdueCondition()
        : or(
            isNull(contactForms.due_at),
            gte(contactForms.due_at, new Date(now())),
            notInArray(contactForms.state, [...OPEN_STATES]),
          ),
  },
  /**
   * A message filed as Spam leaves Spam only through "Not spam" (its own route, audited): the
   * generic update (and a restored version) may keep it Spam, never move it out.
   */
  beforeUpdate: async (tx, id, input) => {
    const [stored] = await tx
      .select({ state: contactForms.state })
      .from(contactForms)
      .where(eq(contactForms.id, id));
    if (stored?.state === 'spam' && input.state !== 'spam')
      throw new HttpError(409, CONTACT_LABELS.spamLeavesByNotSpam);
  },
  write: { state: column(contactForms.state), note: column(contactForms.note) },
  cells: (item) => ({
    name: item.name,
    email: item.email,
    phone_number: item.phone_number,
    subject: item.subject,
    message: item.message,
    source: SOURCE_LABELS[item.source],
    product: item.product?.slug ?? null,
    state: CONTACT_STATE_LABELS[item.state],
    note: item.note,
    ...auditCells(item),
  }),
});
