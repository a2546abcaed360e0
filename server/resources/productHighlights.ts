import { inArray } from 'drizzle-orm';
import { LABELS } from '../../src/shared/messages';
import {
  productHighlightsImportRowSchema,
  productHighlightsResource,
  type ProductHighlight,
} from '../../src/shared/resources/productHighlights';
import type { Executor } from '../db/client';
import { productHighlights } from '../db/schema/productHighlights';
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
      id: productHighlights.id,
      title: productHighlights.title,
      slug: productHighlights.slug,
      status: productHighlights.status,
      ...auditSelect(productHighlights),
    })
    .from(productHighlights)
    .$dynamic();

/** A page of rows → the contract's items (annotated, so a field the wire schema lacks is an error here). */
async function toItems(db: Executor, rows: Awaited<ReturnType<typeof select>>): Promise<ProductHighlight[]> {
  const audit = await auditOf(db, rows);
  return rows.map((row): ProductHighlight => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status,
    ...audit(row),
  }));
}

/** `/api/product-highlights`: the contract's list, CRUD, export and import. */
export const productHighlightsServer = defineServerResource({
  contract: productHighlightsResource,
  table: productHighlights,
  select,
  toItems,
  search: [productHighlights.title, productHighlights.slug],
  sort: {
    title: productHighlights.title,
    status: productHighlights.status,
    created_at: productHighlights.created_at,
    updated_at: productHighlights.updated_at,
  },
  filters: { status: (values) => inArray(productHighlights.status, values) },
  write: {
    title: column(productHighlights.title),
    ...slugWrite(productHighlights, 'title', LABELS.title),
    ...statusWrite(productHighlights),
  },
  cells: (item) => ({ title: item.title, slug: item.slug, ...statusCells(item), ...auditCells(item) }),
  import: {
    schema: productHighlightsImportRowSchema,
    key: productHighlights.slug,
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
