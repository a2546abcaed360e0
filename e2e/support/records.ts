import type { Page } from 'playwright-core';
import { brandsResource } from '../../src/shared/resources/brands';
import { categoriesResource } from '../../src/shared/resources/categories';
import { productsResource } from '../../src/shared/resources/products';
import { apiPath } from '../../src/shared/resources/resource';
import { apiRequest } from './browser';

/** What `makeProduct` made. */
export interface MadeProduct {
  brandId: number;
  brandName: string;
  categoryId: number;
  productId: number;
  productName: string;
}

/**
 * A brand, a category and a product of both, made through the API (the page must be signed in), with
 * names unique to this call so tests never meet each other's records.
 */
export async function makeProduct(page: Page, tag: string): Promise<MadeProduct> {
  const suffix = `${tag} ${Date.now().toString(36)}`;
  const created = async (path: string, body: object) =>
    (await apiRequest<{ data: { id: number } }>(page, 'POST', path, body)).data.id;
  const brandName = `${tag} Brand ${suffix}`;
  const productName = `${tag} Pump ${suffix}`;
  const brandId = await created(apiPath(brandsResource), { name: brandName, status: 1 });
  const categoryId = await created(apiPath(categoriesResource), {
    name: `${tag} Category ${suffix}`,
    status: 1,
  });
  const productId = await created(apiPath(productsResource), {
    name: productName,
    brand_id: brandId,
    category_id: categoryId,
    status: 1,
    overview: '<p>Overview</p>',
  });
  return { brandId, brandName, categoryId, productId, productName };
}
