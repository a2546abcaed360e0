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

/** What `makeRoleUser` made: a role (its id) and an active user holding it. */
export interface MadeRoleUser {
  roleId: number;
  email: string;
  password: string;
}

/**
 * A role granting `news.index` (optionally requiring a second factor, issue 37) and a new active
 * user of it, made through the API by the signed-in administrator; names unique to this call.
 */
export async function makeRoleUser(
  page: Page,
  tag: string,
  { requireSecondFactor = false } = {},
): Promise<MadeRoleUser> {
  const suffix = `${tag} ${Date.now().toString(36)} ${Math.random().toString(36).slice(2, 6)}`;
  const catalogue = await apiRequest<{ data: { id: number; name: string }[] }>(
    page,
    'GET',
    '/api/permissions',
  );
  const newsIndex = catalogue.data.filter((permission) => permission.name === 'news.index');
  const role = await apiRequest<{ data: { id: number } }>(page, 'POST', '/api/roles', {
    name: `${tag} role ${suffix}`,
    permissions: newsIndex.map((permission) => permission.id),
    require_second_factor: requireSecondFactor,
  });
  const email = `${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'Correct-Horse-Battery-9';
  await apiRequest(page, 'POST', '/api/users', {
    name: `${tag} user`,
    email,
    role_id: role.data.id,
    status: 1,
    password,
    password_confirmation: password,
  });
  return { roleId: role.data.id, email, password };
}
