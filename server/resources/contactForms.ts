import { inArray } from 'drizzle-orm';
import { LABELS } from '../../src/shared/messages';
import { contactFormsResource, type ContactForm } from '../../src/shared/resources/contactForms';
import type { Executor } from '../db/client';
import { contactForms } from '../db/schema/contactForms';
import { defineServerResource } from '../crud/define';
import { auditCells, column, slugWrite, statusCells, statusWrite } from '../crud/fields';
import { auditOf, auditSelect } from '../repositories/audit';

/** The query every read starts from (list, show, export): explicit columns; add where/order/limit. */
const select = (db: Executor) =>
  db
    .select({
      id: contactForms.id,
      title: contactForms.title,
      slug: contactForms.slug,
      status: contactForms.status,
      ...auditSelect(contactForms),
    })
    .from(contactForms)
    .$dynamic();

/** A page of rows → the contract's items (annotated, so a field the wire schema lacks is an error here). */
async function toItems(db: Executor, rows: Awaited<ReturnType<typeof select>>): Promise<ContactForm[]> {
  const audit = await auditOf(db, rows);
  return rows.map((row): ContactForm => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status,
    ...audit(row),
  }));
}

/** `/api/contact-forms`: the contract's list, CRUD and export. */
export const contactFormsServer = defineServerResource({
  contract: contactFormsResource,
  table: contactForms,
  select,
  toItems,
  search: [contactForms.title, contactForms.slug],
  sort: {
    title: contactForms.title,
    status: contactForms.status,
    created_at: contactForms.created_at,
    updated_at: contactForms.updated_at,
  },
  filters: { status: (values) => inArray(contactForms.status, values) },
  write: {
    title: column(contactForms.title),
    ...slugWrite(contactForms, 'title', LABELS.title),
    ...statusWrite(contactForms),
  },
  cells: (item) => ({ title: item.title, slug: item.slug, ...statusCells(item), ...auditCells(item) }),
});
