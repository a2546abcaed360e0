import { asc, eq, inArray, max } from 'drizzle-orm';
import { LABELS } from '../../src/shared/messages';
import { ROUTES } from '../../src/shared/routes';
import {
  productHighlightImportRowSchema,
  productHighlightPublicWire,
  productHighlightsResource,
  type ProductHighlight,
} from '../../src/shared/resources/productHighlights';
import type { Executor, Tx } from '../db/client';
import { products } from '../db/schema';
import { hideUnpublishedProducts } from './products';
import { productHighlights } from '../db/schema/productHighlights';
import { defineServerResource, type FieldWriter } from '../crud/define';
import {
  auditCells,
  column,
  altWrite,
  imageWrite,
  importedStatus,
  reference,
  statusCells,
  statusWrite,
  importNoMatch,
} from '../crud/fields';
import { auditOf, auditSelect } from '../repositories/audit';
import { refLookup } from '../repositories/catalog';
import { filesByIds } from '../repositories/files';

/** The query every read starts from (list, show, export): the product joined (the list sorts by it). */
const select = (db: Executor) =>
  db
    .select({
      id: productHighlights.id,
      title: productHighlights.title,
      description: productHighlights.description,
      link: productHighlights.link,
      product_id: productHighlights.product_id,
      product_name: products.name,
      position: productHighlights.position,
      image_id: productHighlights.image_id,
      mobile_image_id: productHighlights.mobile_image_id,
      status: productHighlights.status,
      ...auditSelect(productHighlights),
    })
    .from(productHighlights)
    .leftJoin(products, eq(products.id, productHighlights.product_id))
    .$dynamic();

type Row = Awaited<ReturnType<typeof select>>[number];

/** A page of rows → the contract's items (annotated, so a field the wire schema lacks is an error here). */
async function toItems(db: Executor, rows: Row[]): Promise<ProductHighlight[]> {
  const stored = await filesByIds(
    db,
    rows.flatMap((row) => [row.image_id, row.mobile_image_id]),
  );
  const file = (id: number | null) => (id === null ? null : (stored.get(id) ?? null));
  const audit = await auditOf(db, rows);
  return rows.map((row): ProductHighlight => ({
    id: row.id,
    title: row.title,
    description: row.description,
    link: row.link,
    product:
      row.product_id !== null && row.product_name !== null
        ? { id: row.product_id, name: row.product_name }
        : null,
    position: row.position,
    image: file(row.image_id),
    mobile_image: file(row.mobile_image_id),
    status: row.status,
    ...audit(row),
  }));
}

/** The next free position: after the last highlight. */
async function lastPosition(tx: Tx): Promise<number> {
  const [row] = await tx.select({ last: max(productHighlights.position) }).from(productHighlights);
  return (row?.last ?? 0) + 1;
}

/** A given position, or (empty) the one after the last highlight; an update keeps its own when empty. */
const position: FieldWriter<number | null | undefined> = async (value, ctx) => {
  if (value) return [[productHighlights.position, value]];
  if (ctx.id !== undefined) {
    const [row] = await ctx.tx
      .select({ position: productHighlights.position })
      .from(productHighlights)
      .where(eq(productHighlights.id, ctx.id));
    if (row) return [[productHighlights.position, row.position]];
  }
  return [[productHighlights.position, await lastPosition(ctx.tx)]];
};

/** `/api/product-highlights`: the contract's list, CRUD, export and import. */
export const productHighlightsServer = defineServerResource({
  contract: productHighlightsResource,
  table: productHighlights,
  select,
  toItems,
  search: [productHighlights.title],
  sort: {
    position: productHighlights.position,
    title: productHighlights.title,
    product: products.name,
    status: productHighlights.status,
    created_at: productHighlights.created_at,
    updated_at: productHighlights.updated_at,
  },
  filters: {
    status: (values) => inArray(productHighlights.status, values),
    product_ids: (ids) => inArray(productHighlights.product_id, ids),
  },
  write: {
    title: column(productHighlights.title),
    description: column(productHighlights.description),
    link: column(productHighlights.link),
    position,
    product_id: reference(productHighlights.product_id, products, LABELS.product),
    ...imageWrite(productHighlights),
    ...altWrite('image', 'mobile_image'),
    ...statusWrite(productHighlights),
  },
  cells: (item) => ({
    title: item.title,
    description: item.description,
    link: item.link,
    // The product by name (an import accepts its slug or its name).
    product: item.product?.name ?? null,
    position: item.position,
    ...statusCells(item),
    ...auditCells(item),
  }),
  import: {
    schema: productHighlightImportRowSchema,
    // Highlights have no slug: a row is matched by its title.
    key: productHighlights.title,
    keyOf: (row) => row.title,
    prepare: async (tx) => {
      const lookup = await refLookup(tx, products);
      let next = await lastPosition(tx);
      return {
        // Images are not in the sheet: an update by import leaves them as they are.
        row: (row, existingId) => {
          const productId = row.product ? lookup.find(row.product) : null;
          if (productId === undefined)
            return { errors: [importNoMatch(LABELS.product, row.product, ROUTES.products)] };
          const values = {
            title: row.title,
            description: row.description,
            link: row.link,
            product_id: productId,
            status: importedStatus(row.status),
          };
          if (row.position) return { values: { ...values, position: row.position } };
          // An existing highlight keeps its place; a new one goes last.
          return existingId === null ? { values: { ...values, position: next++ } } : { values };
        },
      };
    },
  },
  // The website: Active highlights in the home page's order; a list only (no slug, no page per item).
  publicRead: {
    wire: productHighlightPublicWire,
    published: () => eq(productHighlights.status, 1),
    order: [asc(productHighlights.position)],
    hideUnpublished: hideUnpublishedProducts('product'),
  },
});
