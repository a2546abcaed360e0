import { eq } from 'drizzle-orm';
import type { Brand } from '../../src/shared/resources/brands';
import type { Executor } from '../db/client';
import { brands, files } from '../db/schema';
import { productsCount } from './catalog';
import { fileColumns, toFileObject } from './files';

/** How many products name the brand (shown in the list; a brand in use cannot be deleted). */
export const brandProductsCount = productsCount('brand_id', 'brands');

/** The query every read of a brand starts from (list, show, export): add where/order/limit. */
export const brandSelect = (db: Executor) =>
  db
    .select({
      id: brands.id,
      name: brands.name,
      slug: brands.slug,
      description: brands.description,
      status: brands.status,
      products_count: brandProductsCount,
      created_at: brands.created_at,
      updated_at: brands.updated_at,
      logo: fileColumns,
    })
    .from(brands)
    .leftJoin(files, eq(files.id, brands.logo_id))
    .$dynamic();

export type BrandRow = Awaited<ReturnType<typeof brandSelect>>[number];

/** Rows of `brandSelect` → the contract's `Brand`. */
export async function toBrands(_db: Executor, rows: BrandRow[]): Promise<Brand[]> {
  return rows.map(({ logo, created_at, updated_at, ...row }) => ({
    ...row,
    logo: logo ? toFileObject(logo) : null,
    created_at: created_at.toISOString(),
    updated_at: updated_at.toISOString(),
  }));
}
