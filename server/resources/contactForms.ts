import { eq, inArray, ne } from 'drizzle-orm';
import {
  CONTACT_STATES,
  CONTACT_STATE_LABELS,
  contactFormsResource,
  SOURCE_LABELS,
  type ContactForm,
} from '../../src/shared/resources/contactForms';
import type { Executor } from '../db/client';
import { contactForms, products } from '../db/schema';
import { defineServerResource } from '../crud/define';
import { auditCells, column } from '../crud/fields';
import { auditOf, auditSelect } from '../repositories/audit';

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
      ...auditSelect(contactForms),
    })
    .from(contactForms)
    .leftJoin(products, eq(products.id, contactForms.product_id))
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
