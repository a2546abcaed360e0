import { eq } from 'drizzle-orm';
import type { Product } from '../../src/shared/resources/products';
import type { Executor } from '../db/client';
import { brands, categories, products } from '../db/schema';
import { auditOf, auditSelect } from './audit';
import { filesByIds } from './files';

/**
 * The query every read of a product starts from (list, show, export): add where/order/limit. Brand
 * and category come joined (the list sorts by their names); the four files are loaded per page.
 */
export const productSelect = (db: Executor) =>
  db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      brand_id: products.brand_id,
      brand_name: brands.name,
      brand_slug: brands.slug,
      other_brand: products.other_brand,
      category_id: products.category_id,
      category_name: categories.name,
      category_slug: categories.slug,
      model: products.model,
      function: products.function,
      specification: products.specification,
      overview: products.overview,
      application: products.application,
      image_id: products.image_id,
      mobile_image_id: products.mobile_image_id,
      document_id: products.document_id,
      catalogue_id: products.catalogue_id,
      status: products.status,
      meta_title: products.meta_title,
      meta_description: products.meta_description,
      meta_keyword: products.meta_keyword,
      ...auditSelect(products),
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brand_id))
    .innerJoin(categories, eq(categories.id, products.category_id))
    .$dynamic();

export type ProductRow = Awaited<ReturnType<typeof productSelect>>[number];

/** Rows of `productSelect` → the contract's `Product`, the files of the whole page in one query. */
export async function toProducts(db: Executor, rows: ProductRow[]): Promise<Product[]> {
  const stored = await filesByIds(
    db,
    rows.flatMap((row) => [row.image_id, row.mobile_image_id, row.document_id, row.catalogue_id]),
  );
  const file = (id: number | null) => (id === null ? null : (stored.get(id) ?? null));
  const audit = await auditOf(db, rows);
  // Annotated, so a field the wire schema lacks is an error here (an excess property), not dropped.
  return rows.map((row): Product => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    brand:
      row.brand_id !== null && row.brand_name !== null && row.brand_slug !== null
        ? { id: row.brand_id, name: row.brand_name, slug: row.brand_slug }
        : null,
    other_brand: row.other_brand,
    category: { id: row.category_id, name: row.category_name, slug: row.category_slug },
    model: row.model,
    function: row.function,
    specification: row.specification,
    overview: row.overview,
    application: row.application,
    image: file(row.image_id),
    mobile_image: file(row.mobile_image_id),
    document: file(row.document_id),
    catalogue: file(row.catalogue_id),
    status: row.status,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    meta_keyword: row.meta_keyword,
    ...audit(row),
  }));
}
