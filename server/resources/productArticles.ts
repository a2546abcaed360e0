import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { LABELS, validation } from '../../src/shared/messages';
import {
  productArticleImportRowSchema,
  productArticlePublicWire,
  productArticlesResource,
  type ProductArticle,
} from '../../src/shared/resources/productArticles';
import type { Ref } from '../../src/shared/resources/wire';
import type { Executor } from '../db/client';
import { products } from '../db/schema';
import { productArticleProducts, productArticles } from '../db/schema/productArticles';
import { defineServerResource, type FieldWriter } from '../crud/define';
import {
  auditCells,
  column,
  altWrite,
  imageWrite,
  importedStatus,
  importKey,
  titledSlugRow,
  livePublished,
  publishCells,
  publishFilter,
  publishStateOf,
  richText,
  seoCells,
  seoWrite,
  slugWrite,
  statusCells,
  statusWrite,
} from '../crud/fields';
import { fieldError } from '../lib/httpError';
import { hideUnpublishedProducts } from './products';
import { sanitizeRichText } from '../lib/sanitizeHtml';
import { auditOf, auditSelect } from '../repositories/audit';
import { filesByIds } from '../repositories/files';

/** The query every read starts from (list, show, export): explicit columns; add where/order/limit. */
const select = (db: Executor) =>
  db
    .select({
      id: productArticles.id,
      title: productArticles.title,
      slug: productArticles.slug,
      date: productArticles.date,
      summary: productArticles.summary,
      description_one: productArticles.description_one,
      description_two: productArticles.description_two,
      image_id: productArticles.image_id,
      mobile_image_id: productArticles.mobile_image_id,
      status: productArticles.status,
      meta_title: productArticles.meta_title,
      meta_description: productArticles.meta_description,
      meta_keyword: productArticles.meta_keyword,
      ...auditSelect(productArticles),
    })
    .from(productArticles)
    .$dynamic();

/** The related products of a page of articles, in one query. */
async function productsOf(db: Executor, ids: number[]): Promise<Map<number, Ref[]>> {
  const byArticle = new Map<number, Ref[]>();
  if (!ids.length) return byArticle;
  const rows = await db
    .select({ article_id: productArticleProducts.article_id, id: products.id, name: products.name })
    .from(productArticleProducts)
    .innerJoin(products, eq(products.id, productArticleProducts.product_id))
    .where(inArray(productArticleProducts.article_id, ids))
    .orderBy(asc(products.name), asc(products.id));
  for (const row of rows) {
    const list = byArticle.get(row.article_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byArticle.set(row.article_id, list);
  }
  return byArticle;
}

/** A page of rows → the contract's items (annotated, so a field the wire schema lacks is an error here). */
async function toItems(db: Executor, rows: Awaited<ReturnType<typeof select>>): Promise<ProductArticle[]> {
  const stored = await filesByIds(
    db,
    rows.flatMap((row) => [row.image_id, row.mobile_image_id]),
  );
  const file = (id: number | null) => (id === null ? null : (stored.get(id) ?? null));
  const related = await productsOf(
    db,
    rows.map((row) => row.id),
  );
  const audit = await auditOf(db, rows);
  return rows.map((row): ProductArticle => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    date: row.date,
    summary: row.summary,
    description_one: row.description_one,
    description_two: row.description_two,
    image: file(row.image_id),
    mobile_image: file(row.mobile_image_id),
    products: related.get(row.id) ?? [],
    status: row.status,
    publish_state: publishStateOf(row),
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    meta_keyword: row.meta_keyword,
    ...audit(row),
  }));
}

/** The related products: every id must be a product (else a 422 on the field); stored by `afterWrite`. */
const relatedProducts: FieldWriter<number[]> = async (ids, ctx) => {
  const wanted = [...new Set(ids)];
  if (wanted.length) {
    const found = await ctx.tx.select({ id: products.id }).from(products).where(inArray(products.id, wanted));
    if (found.length !== wanted.length) throw fieldError(ctx.field, validation.invalid(LABELS.products));
  }
  return [];
};

/** `/api/product-articles`: the contract's list, CRUD, export and import. */
export const productArticlesServer = defineServerResource({
  contract: productArticlesResource,
  table: productArticles,
  select,
  toItems,
  search: [productArticles.title, productArticles.slug, productArticles.meta_title],
  sort: {
    title: productArticles.title,
    date: productArticles.date,
    status: productArticles.status,
    created_at: productArticles.created_at,
    updated_at: productArticles.updated_at,
  },
  filters: {
    status: (values) => inArray(productArticles.status, values),
    publish_states: publishFilter(productArticles),
    // Articles about any of the products (`filter:products`).
    product_ids: (ids) =>
      sql`exists (select 1 from ${productArticleProducts} where ${productArticleProducts.article_id} = ${productArticles.id} and ${inArray(productArticleProducts.product_id, ids)})`,
  },
  write: {
    title: column(productArticles.title),
    ...slugWrite(productArticles, 'title', LABELS.title),
    date: column(productArticles.date),
    summary: column(productArticles.summary),
    description_one: richText(productArticles.description_one),
    description_two: richText(productArticles.description_two),
    ...imageWrite(productArticles),
    ...altWrite('image', 'mobile_image'),
    products: relatedProducts,
    ...statusWrite(productArticles),
    ...seoWrite(productArticles),
  },
  afterWrite: async (tx, id, input) => {
    await tx.delete(productArticleProducts).where(eq(productArticleProducts.article_id, id));
    const wanted = [...new Set(input.products)];
    if (wanted.length)
      await tx
        .insert(productArticleProducts)
        .values(wanted.map((productId) => ({ article_id: id, product_id: productId })));
  },
  cells: (item) => ({
    title: item.title,
    slug: item.slug,
    date: item.date,
    summary: item.summary,
    description_one: item.description_one,
    description_two: item.description_two,
    ...statusCells(item),
    ...publishCells(item),
    ...seoCells(item),
    ...auditCells(item),
  }),
  import: {
    schema: productArticleImportRowSchema,
    key: productArticles.slug,
    keyOf: (row) => importKey(row.slug, row.title),
    prepare: async () => ({
      // Files and related products are not in the sheet: an update by import leaves them as they are.
      row: (row) =>
        titledSlugRow(row, (slug) => ({
          title: row.title,
          slug,
          date: row.date,
          summary: row.summary,
          description_one: sanitizeRichText(row.description_one),
          description_two: sanitizeRichText(row.description_two),
          status: importedStatus(row.status),
          meta_title: row.meta_title,
          meta_description: row.meta_description,
          meta_keyword: row.meta_keyword,
        })),
    }),
  },
  // The website: Active and live articles only, newest first.
  publicRead: {
    wire: productArticlePublicWire,
    published: livePublished(productArticles),
    slug: productArticles.slug,
    order: [desc(productArticles.date)],
    hideUnpublished: hideUnpublishedProducts('products'),
  },
});
