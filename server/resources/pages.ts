import { inArray } from 'drizzle-orm';
import { LABELS } from '../../src/shared/messages';
import { pagesResource, type Page } from '../../src/shared/resources/pages';
import type { Executor } from '../db/client';
import { pages } from '../db/schema/pages';
import { defineServerResource } from '../crud/define';
import { auditCells, column, slugWrite, statusCells, statusWrite } from '../crud/fields';
import { auditOf, auditSelect } from '../repositories/audit';

/** The query every read starts from (list, show, export): explicit columns; add where/order/limit. */
const select = (db: Executor) =>
  db
    .select({
      id: pages.id,
      title: pages.title,
      slug: pages.slug,
      status: pages.status,
      ...auditSelect(pages),
    })
    .from(pages)
    .$dynamic();

/** A page of rows → the contract's items (annotated, so a field the wire schema lacks is an error here). */
async function toItems(db: Executor, rows: Awaited<ReturnType<typeof select>>): Promise<Page[]> {
  const audit = await auditOf(db, rows);
  return rows.map((row): Page => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status,
    ...audit(row),
  }));
}

/** `/api/pages`: the contract's list, CRUD and export. */
export const pagesServer = defineServerResource({
  contract: pagesResource,
  table: pages,
  select,
  toItems,
  search: [pages.title, pages.slug],
  sort: {
    title: pages.title,
    status: pages.status,
    created_at: pages.created_at,
    updated_at: pages.updated_at,
  },
  filters: { status: (values) => inArray(pages.status, values) },
  write: { title: column(pages.title), ...slugWrite(pages, 'title', LABELS.title), ...statusWrite(pages) },
  cells: (item) => ({ title: item.title, slug: item.slug, ...statusCells(item), ...auditCells(item) }),
});
