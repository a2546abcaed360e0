import { inArray } from 'drizzle-orm';
import { LABELS } from '../../src/shared/messages';
import {
  promotionsImportRowSchema,
  promotionsResource,
  type Promotion,
} from '../../src/shared/resources/promotions';
import type { Executor } from '../db/client';
import { promotions } from '../db/schema/promotions';
import { defineServerResource } from '../crud/define';
import {
  auditCells,
  column,
  importedStatus,
  importKey,
  importSlugErrors,
  slugWrite,
  statusCells,
  statusWrite,
} from '../crud/fields';
import { auditOf, auditSelect } from '../repositories/audit';

/** The query every read starts from (list, show, export): explicit columns; add where/order/limit. */
const select = (db: Executor) =>
  db
    .select({
      id: promotions.id,
      title: promotions.title,
      slug: promotions.slug,
      status: promotions.status,
      ...auditSelect(promotions),
    })
    .from(promotions)
    .$dynamic();

/** A page of rows → the contract's items (annotated, so a field the wire schema lacks is an error here). */
async function toItems(db: Executor, rows: Awaited<ReturnType<typeof select>>): Promise<Promotion[]> {
  const audit = await auditOf(db, rows);
  return rows.map((row): Promotion => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status,
    ...audit(row),
  }));
}

/** `/api/promotions`: the contract's list, CRUD, export and import. */
export const promotionsServer = defineServerResource({
  contract: promotionsResource,
  table: promotions,
  select,
  toItems,
  search: [promotions.title, promotions.slug],
  sort: {
    title: promotions.title,
    status: promotions.status,
    created_at: promotions.created_at,
    updated_at: promotions.updated_at,
  },
  filters: { status: (values) => inArray(promotions.status, values) },
  write: {
    title: column(promotions.title),
    ...slugWrite(promotions, 'title', LABELS.title),
    ...statusWrite(promotions),
  },
  cells: (item) => ({ title: item.title, slug: item.slug, ...statusCells(item), ...auditCells(item) }),
  import: {
    schema: promotionsImportRowSchema,
    key: promotions.slug,
    keyOf: (row) => importKey(row.slug, row.title),
    prepare: async () => ({
      row: (row) => {
        const slug = importKey(row.slug, row.title);
        const errors = importSlugErrors(slug, LABELS.title);
        if (errors.length) return { errors };
        return { values: { title: row.title, slug, status: importedStatus(row.status) } };
      },
    }),
  },
});
