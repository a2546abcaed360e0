import { inArray } from 'drizzle-orm';
import { LABELS } from '../../src/shared/messages';
import { subscribesResource, type Subscribe } from '../../src/shared/resources/subscribes';
import type { Executor } from '../db/client';
import { subscribes } from '../db/schema/subscribes';
import { defineServerResource } from '../crud/define';
import { auditCells, statusCells } from '../crud/fields';
import { auditOf, auditSelect } from '../repositories/audit';

/** The query every read starts from (list, show, export): explicit columns; add where/order/limit. */
const select = (db: Executor) =>
  db
    .select({
      id: subscribes.id,
      title: subscribes.title,
      slug: subscribes.slug,
      status: subscribes.status,
      ...auditSelect(subscribes),
    })
    .from(subscribes)
    .$dynamic();

/** A page of rows → the contract's items (annotated, so a field the wire schema lacks is an error here). */
async function toItems(db: Executor, rows: Awaited<ReturnType<typeof select>>): Promise<Subscribe[]> {
  const audit = await auditOf(db, rows);
  return rows.map((row): Subscribe => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status,
    ...audit(row),
  }));
}

/** `/api/subscribes`: the contract's list, CRUD and export. */
export const subscribesServer = defineServerResource({
  contract: subscribesResource,
  table: subscribes,
  select,
  toItems,
  search: [subscribes.title, subscribes.slug],
  sort: {
    title: subscribes.title,
    status: subscribes.status,
    created_at: subscribes.created_at,
    updated_at: subscribes.updated_at,
  },
  filters: { status: (values) => inArray(subscribes.status, values) },
  write: {},
  cells: (item) => ({ title: item.title, slug: item.slug, ...statusCells(item), ...auditCells(item) }),
});
