import { eq } from 'drizzle-orm';
import type { Category } from '../../src/shared/resources/categories';
import type { Executor } from '../db/client';
import { categories, files } from '../db/schema';
import { productsCount } from './catalog';
import { fileColumns, toFileObject } from './files';

/** How many products name the category (shown in the list; a category in use cannot be deleted). */
export const categoryProductsCount = productsCount('category_id', 'categories');

/** The query every read of a category starts from (list, show, export): add where/order/limit. */
export const categorySelect = (db: Executor) =>
  db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      status: categories.status,
      products_count: categoryProductsCount,
      created_at: categories.created_at,
      updated_at: categories.updated_at,
      image: fileColumns,
    })
    .from(categories)
    .leftJoin(files, eq(files.id, categories.image_id))
    .$dynamic();

export type CategoryRow = Awaited<ReturnType<typeof categorySelect>>[number];

/** Rows of `categorySelect` → the contract's `Category`. */
export async function toCategories(_db: Executor, rows: CategoryRow[]): Promise<Category[]> {
  return rows.map(({ image, created_at, updated_at, ...row }) => ({
    ...row,
    image: image ? toFileObject(image) : null,
    created_at: created_at.toISOString(),
    updated_at: updated_at.toISOString(),
  }));
}
