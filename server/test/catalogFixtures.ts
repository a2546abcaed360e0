import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { API_PATHS } from '../../src/shared/routes';
import type { FileObject } from '../../src/shared/contracts/account';
import type { UploadKind } from '../../src/shared/limits';
import type { Product } from '../../src/shared/resources/products';
import type { TestApp } from './helper';
import { authHeader } from './helper';
import { multipart } from './fixtures';

/** Small real files of each kind, and disguised ones. */
export const pngBytes = (width = 20, height = 20): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

export function uploadFile(t: TestApp, token: string, kind: UploadKind, value: Buffer, filename: string) {
  const { payload, headers } = multipart([
    { name: 'kind', value: kind },
    { name: 'file', value, filename, type: kind === 'document' ? 'application/pdf' : 'image/png' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: API_PATHS.uploads,
    payload,
    headers: { ...headers, ...authHeader(token) },
  });
}

export async function uploaded(t: TestApp, token: string, kind: UploadKind): Promise<FileObject> {
  const response =
    kind === 'image'
      ? await uploadFile(t, token, 'image', await pngBytes(), 'picture.png')
      : await uploadFile(t, token, 'document', PDF_BYTES, 'datasheet.pdf');
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json<{ data: FileObject }>().data;
}

/** A hostile rich-text sample and what must survive sanitising. */
export const HOSTILE_HTML =
  '<h2 style="text-align:center;color:red">Overview</h2>' +
  '<p>Safe <strong>bold</strong> and <a href="https://example.com/spec" target="_blank">a link</a></p>' +
  '<script>alert("xss")</script>' +
  '<img src="x" onerror="alert(1)">' +
  '<img src="https://cdn.example.com/pump.png" alt="Pump" onload="steal()">' +
  '<a href="javascript:alert(2)">click</a>' +
  '<p onclick="evil()">Paragraph</p>' +
  '<iframe src="https://evil.example"></iframe>' +
  '<ul><li>One</li><li>Two</li></ul>';

export function expectSanitised(html: string | null): void {
  expect(html).not.toBeNull();
  const clean = html as string;
  for (const gone of [
    '<script',
    'alert',
    'onerror',
    'onload',
    'onclick',
    'javascript:',
    '<iframe',
    'color:red',
    'src="x"',
  ]) {
    expect([gone, clean.includes(gone)]).toEqual([gone, false]);
  }
  expect(clean).toContain('<h2 style="text-align:center">Overview</h2>');
  expect(clean).toContain('<strong>bold</strong>');
  expect(clean).toContain(
    '<a href="https://example.com/spec" target="_blank" rel="noopener noreferrer">a link</a>',
  );
  expect(clean).toContain('<img alt="Pump" src="https://cdn.example.com/pump.png" />');
  expect(clean).toContain('<a>click</a>');
  expect(clean).toContain('<p>Paragraph</p>');
  expect(clean).toContain('<ul><li>One</li><li>Two</li></ul>');
}

/** Creates a brand or category through the API as an admin would; answers its id and slug. */
export async function createTaxon(
  t: TestApp,
  token: string,
  path: '/api/brands' | '/api/categories',
  fields: Record<string, unknown>,
): Promise<{ id: number; slug: string; name: string; updated_at: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    headers: authHeader(token),
    payload: { status: 1, ...fields },
  });
  if (response.statusCode !== 201) throw new Error(`create ${path} failed: ${response.body}`);
  return response.json().data;
}

/** The brand Acme (acme) and the category Pumps (pumps): what the suites' import files name. */
export async function createAcmePumps(t: TestApp, token: string) {
  const brand = await createTaxon(t, token, '/api/brands', { name: 'Acme', slug: 'acme' });
  const category = await createTaxon(t, token, '/api/categories', { name: 'Pumps', slug: 'pumps' });
  return { brand, category };
}

/**
 * `rows` products (Pump n, pump-n, Active) of one brand (acme) and one category (pumps), written
 * in one statement, each with `overview` (none by default): a catalogue for export tests.
 */
export async function insertPumps(t: TestApp, token: string, rows: number, overview: string | null = null) {
  const { brand, category } = await createAcmePumps(t, token);
  await t.app.db.execute(
    sql`insert into products (name, slug, brand_id, category_id, status, overview)
        select 'Pump ' || n, 'pump-' || n, ${brand.id}, ${category.id}, 1, ${overview}
        from generate_series(1, ${rows}) n`,
  );
}

let productSeq = 0;

/** Creates a product through the API; answers it. */
export async function createProduct(
  t: TestApp,
  token: string,
  fields: Record<string, unknown>,
): Promise<{ id: number; slug: string; name: string; updated_at: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: authHeader(token),
    payload: { name: `Product ${++productSeq}`, status: 1, ...fields },
  });
  if (response.statusCode !== 201) throw new Error(`create product failed: ${response.body}`);
  return response.json().data;
}

/** The body the product form sends back (`PUT /api/products/:id`): the product's values, `fields` over them. */
export const productFormBody = (product: Product, fields: Record<string, unknown> = {}) => ({
  name: product.name,
  slug: product.slug,
  brand_id: product.brand?.id ?? null,
  other_brand: product.other_brand,
  category_id: product.category.id,
  model: product.model,
  function: product.function,
  specification: product.specification,
  overview: product.overview,
  application: product.application,
  image: product.image?.id ?? null,
  mobile_image: product.mobile_image?.id ?? null,
  document: product.document?.id ?? null,
  catalogue: product.catalogue?.id ?? null,
  status: product.status,
  meta_title: product.meta_title,
  meta_description: product.meta_description,
  meta_keyword: product.meta_keyword,
  updated_at: product.updated_at,
  ...fields,
});
