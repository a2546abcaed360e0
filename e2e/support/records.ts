import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { API_PATHS } from '../../src/shared/routes';
import { STORAGE_KEYS } from '../../src/shared/storageKeys';
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

/** What `uploadPicture` stored: the file's id and address. */
export interface UploadedPicture {
  id: number;
  url: string;
}

/** A PNG of one colour, `width` × `height` pixels. */
export const pngOf = (width: number, height: number, green = 120): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: green, b: 200 } } })
    .png()
    .toBuffer();

/** Uploads a PNG as an image from the signed-in page (`POST /api/uploads`, multipart). */
export async function uploadPicture(
  page: Page,
  name: string,
  width = 300,
  height = 200,
): Promise<UploadedPicture> {
  const bytes = (await pngOf(width, height)).toString('base64');
  const answer = await page.evaluate(
    async ({ url, bytes, name, tokenKey }) => {
      const body = new FormData();
      body.append('kind', 'image');
      const data = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
      body.append('file', new Blob([data], { type: 'image/png' }), name);
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem(tokenKey) ?? ''}` },
        body,
      });
      return { status: response.status, body: (await response.json()) as { data: UploadedPicture } };
    },
    { url: API_PATHS.uploads, bytes, name, tokenKey: STORAGE_KEYS.accessToken },
  );
  if (answer.status !== 201)
    throw new Error(`upload answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { id: answer.body.data.id, url: answer.body.data.url };
}
