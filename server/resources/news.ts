import { inArray } from 'drizzle-orm';
import { LABELS } from '../../src/shared/messages';
import { newsImportRowSchema, newsResource, type News } from '../../src/shared/resources/news';
import type { Executor } from '../db/client';
import { news } from '../db/schema/news';
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
    .select({ id: news.id, title: news.title, slug: news.slug, status: news.status, ...auditSelect(news) })
    .from(news)
    .$dynamic();

/** A page of rows → the contract's items (annotated, so a field the wire schema lacks is an error here). */
async function toItems(db: Executor, rows: Awaited<ReturnType<typeof select>>): Promise<News[]> {
  const audit = await auditOf(db, rows);
  return rows.map((row): News => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status,
    ...audit(row),
  }));
}

/** `/api/news`: the contract's list, CRUD, export and import. */
export const newsServer = defineServerResource({
  contract: newsResource,
  table: news,
  select,
  toItems,
  search: [news.title, news.slug],
  sort: {
    title: news.title,
    status: news.status,
    created_at: news.created_at,
    updated_at: news.updated_at,
  },
  filters: { status: (values) => inArray(news.status, values) },
  write: { title: column(news.title), ...slugWrite(news, 'title', LABELS.title), ...statusWrite(news) },
  cells: (item) => ({ title: item.title, slug: item.slug, ...statusCells(item), ...auditCells(item) }),
  import: {
    schema: newsImportRowSchema,
    key: news.slug,
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
