import sharp from 'sharp';
import { format } from '../../src/shared/messages';
import { UPLOAD_LIMITS, formatBytes } from '../../src/shared/limits';
import { API_PATHS } from '../../src/shared/routes';
import { multipart, type Part } from './fixtures';
import {
  authHeader,
  buildStorageTestApp,
  login,
  servedBytes,
  STORAGE_BACKENDS,
  TEST_ADMIN,
  type TestApp,
} from './helper';
import { SCREEN_TEXT } from '../../src/shared/messages/screens';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

describe.each(STORAGE_BACKENDS)('POST /api/uploads, files on %s', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildStorageTestApp(backend);
    token = (await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).access_token;
  });
  afterAll(() => t.close());

  const upload = (parts: Part[], withToken = true) => {
    const { payload, headers } = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: API_PATHS.uploads,
      payload,
      headers: { ...headers, ...(withToken ? authHeader(token) : {}) },
    });
  };

  it('needs a token', async () => {
    const response = await upload(
      [{ name: 'file', value: await png(10, 10), filename: 'a.png', type: 'image/png' }],
      false,
    );
    expect(response.statusCode).toBe(401);
  });

  it('stores a PNG with its size and a preview, served with nosniff', async () => {
    const response = await upload([
      { name: 'kind', value: 'image' },
      { name: 'file', value: await png(640, 480), filename: 'photo.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      id: expect.any(Number),
      name: 'photo.png',
      mime: 'image/png',
      width: 640,
      height: 480,
    });
    expect(data.url).toMatch(/^\/uploads\/\d{4}-\d{2}\/[\w-]+\.png$/);
    expect(data.preview_url).toMatch(/\.webp$/);

    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-type']).toBe('image/png');
    const preview = await sharp(await servedBytes(t.app, data.preview_url)).metadata();
    expect([preview.format, preview.width]).toEqual(['webp', 400]);
  });

  it('can be used as the profile photo', async () => {
    const uploaded = await upload([
      { name: 'file', value: await png(50, 50), filename: 'me.png', type: 'image/png' },
    ]);
    const photo = uploaded.json().data;
    const response = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.account,
      headers: authHeader(token),
      payload: { name: TEST_ADMIN.name, email: TEST_ADMIN.email, phone_number: null, photo: photo.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.photo).toMatchObject({ id: photo.id, url: photo.url, width: 50, height: 50 });
  });

  it('refuses an SVG with 422 on file', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const response = await upload([{ name: 'file', value: svg, filename: 'x.svg', type: 'image/svg+xml' }]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: SCREEN_TEXT.uploadBadType,
      errors: { file: [SCREEN_TEXT.uploadBadType] },
    });
  });

  it('refuses a text file named .png, judging by content', async () => {
    const response = await upload([
      { name: 'file', value: 'just some text', filename: 'fake.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual([SCREEN_TEXT.uploadBadType]);
  });

  it('answers 413 for an image over the limit', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(UPLOAD_LIMITS.image.maxBytes)]);
    const response = await upload([{ name: 'file', value: big, filename: 'big.png', type: 'image/png' }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: format(SCREEN_TEXT.uploadTooLarge, { size: formatBytes(UPLOAD_LIMITS.image.maxBytes) }),
    });
  });

  it('stores a PDF as a document, and refuses it as an image', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    );
    const asDocument = await upload([
      { name: 'kind', value: 'document' },
      { name: 'file', value: pdf, filename: 'catalogue.pdf', type: 'application/pdf' },
    ]);
    expect(asDocument.statusCode).toBe(201);
    expect(asDocument.json().data).toMatchObject({
      mime: 'application/pdf',
      name: 'catalogue.pdf',
      width: null,
    });
    expect((await servedBytes(t.app, asDocument.json().data.url)).equals(pdf)).toBe(true);

    const asImage = await upload([
      { name: 'file', value: pdf, filename: 'catalogue.pdf', type: 'application/pdf' },
    ]);
    expect(asImage.statusCode).toBe(422);
  });

  it('returns 422 when no file is sent', async () => {
    const response = await upload([{ name: 'kind', value: 'image' }]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('file');
  });
});
