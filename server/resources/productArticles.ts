import { inArray } from 'drizzle-orm';
import { LABELS } from '../../src/shared/messages';
import {
  productArticlesImportRowSchema,
  productArticlesResource,
  type ProductArticle,
} from '../../src/shared/resources/productArticles';
import type { Executor } from '../db/client';
import { productArticles } from '../db/schema/productArticles';
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
      id: productArticles.id,
      title: productArticles.title,
      slug: productArticles.slug,
      status: productArticles.status,
      ...auditSelect(productArticles),
    })
    .from(productArticles)
    .$dynamic();

/** A page of rows → the contract's items (annotated, so a field the wire schema lacks is an error here). */
async function toItems(db: Executor, rows: Awaited<ReturnType<typeof select>>): Promise<ProductArticle[]> {
  const audit = await auditOf(db, rows);
  return rows.map((row): ProductArticle => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status,
    ...audit(row),
  }));
}

/** `/api/product-articles`: the contract's list, CRUD, export and import. */
export const productArticlesServer = defineServerResource({
  contract: productArticlesResource,
  table: productArticles,
  select,
  toItems,
  search: [productArticles.title, productArticles.slug],
  sort: {
    title: productArticles.title,
    status: productArticles.status,
    created_at: productArticles.created_at,
    updated_at: productArticles.updated_at,
  },
  filters: { status: (values) => inArray(productArticles.status, values) },
  write: {
    title: column(productArticles.title),
    ...slugWrite(productArticles, 'title', LABELS.title),
    ...statusWrite(productArticles),
  },
  cells: (item) => ({ title: item.title, slug: item.slug, ...statusCells(item), ...auditCells(item) }),
  import: {
    schema: productArticlesImportRowSchema,
    key: productArticles.slug,
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
