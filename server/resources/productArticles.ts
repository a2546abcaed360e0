import { asc, eq, inArray, sql } from 'drizzle-orm';
import { LABELS, validation } from '../../src/shared/messages';
import {
  productArticleContent,
  productArticlePublicWire,
  productArticlesResource,
} from '../../src/shared/resources/productArticles';
import type { Ref } from '../../src/shared/resources/wire';
import type { Executor } from '../db/client';
import { products } from '../db/schema';
import { productArticleProducts, productArticles } from '../db/schema/productArticles';
import { defineServerResource, type FieldWriter } from '../crud/define';
import { fieldError } from '../lib/httpError';
import { hideUnpublishedProducts } from './products';
import { contentPublicRead, contentServer } from './content';

/** The related products of a page of articles, in one query. */
async function productsOf(db: Executor, ids: number[]): Promise<(id: number) => { products: Ref[] }> {
  const byArticle = new Map<number, Ref[]>();
  if (ids.length) {
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
  }
  return (id) => ({ products: byArticle.get(id) ?? [] });
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

/** `/api/product-articles`: the contract's list, CRUD, export and import (content.ts), with the related products. */
export const productArticlesServer = defineServerResource({
  ...contentServer(productArticlesResource, productArticleContent, productArticles, {
    items: productsOf,
    write: { products: relatedProducts },
    filters: {
      // Articles about any of the products (`filter:products`).
      product_ids: (ids: number[]) =>
        sql`exists (select 1 from ${productArticleProducts} where ${productArticleProducts.article_id} = ${productArticles.id} and ${inArray(productArticleProducts.product_id, ids)})`,
    },
    afterWrite: async (tx, id, input) => {
      await tx.delete(productArticleProducts).where(eq(productArticleProducts.article_id, id));
      const wanted = [...new Set(input.products)];
      if (wanted.length)
        await tx
          .insert(productArticleProducts)
          .values(wanted.map((productId) => ({ article_id: id, product_id: productId })));
    },
  }),
  // The website: Active and live articles only, newest first; their unpublished products hidden.
  publicRead: contentPublicRead(productArticles, productArticlePublicWire, {
    hideUnpublished: hideUnpublishedProducts('products'),
  }),
});
