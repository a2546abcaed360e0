import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { API_PATHS } from '../../src/shared/routes';
import { files } from '../db/schema';
import { FileStoreUnavailable, isStorageKey } from '../storage';
import { makeImageVariants } from '../storage/variants';
import { multipart } from './fixtures';
import {
  adminToken,
  authHeader,
  buildStorageTestApp,
  buildTestApp,
  servedBytes,
  STORAGE_BACKENDS,
  type TestApp,
} from './helper';
import { startS3TestServer, startSilentServer, testBucketName, type S3TestServer } from './s3TestServer';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 60 } } })
    .png()
    .toBuffer();

const uploadImage = async (t: TestApp, token: string, width = 64, height = 48) => {
  const { payload, headers } = multipart([
    { name: 'file', value: await png(width, height), filename: 'x.png', type: 'image/png' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: API_PATHS.uploads,
    payload,
    headers: { ...headers, ...authHeader(token) },
  });
};

const fileRows = async (t: TestApp) => (await t.app.db.select({ n: count() }).from(files))[0].n;

describe.each(STORAGE_BACKENDS)('/uploads/*, files on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let url: string;
  let bytes: Buffer;
  beforeAll(async () => {
    t = await buildStorageTestApp(backend);
    admin = await adminToken(t.app);
    const uploaded = await uploadImage(t, admin);
    expect(uploaded.statusCode).toBe(201);
    url = uploaded.json().data.url;
    bytes = await servedBytes(t.app, url);
  });
  afterAll(() => t.close());

  it('serves a file whole with its length and validators, and HEAD with the same headers and no body', async () => {
    const got = await t.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(Number(got.headers['content-length'])).toBe(bytes.length);
    expect(got.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
    });
    expect(got.headers.etag).toMatch(/^(W\/)?".+"$/);
    expect(new Date(String(got.headers['last-modified'])).getTime()).not.toBeNaN();
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['content-type', 'content-length', 'etag', 'content-security-policy'])
      expect(head.headers[name]).toEqual(got.headers[name]);
  });

  it('answers a single byte range with 206, a suffix range, an unsatisfiable one with 416, and a known tag with 304', async () => {
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=1-4' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1-4/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(1, 5))).toBe(true);

    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-3' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 3))).toBe(true);

    const past = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${bytes.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);

    const etag = String((await t.app.inject({ method: 'GET', url })).headers.etag);
    const cached = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect(cached.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 404 for a file that is not there and for any key that is not a plain path', async () => {
    for (const missing of [
      '/uploads/2026-01/none.png',
      '/uploads/2026-01%2F..%2F..%2Fetc%2Fpasswd',
      '/uploads/2026-01/.hidden.png',
      '/uploads/a\\b.png',
      '/uploads/',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: missing });
      expect([missing, response.statusCode]).toEqual([missing, 404]);
      expect(response.json()).toEqual({ message: SERVER_MESSAGES.notFoundBody });
    }
    // What an HTTP client may send unnormalised (inject normalises `..` away before routing).
    for (const key of ['../package.json', '2026-01/../../x.png', '/etc/passwd', '.env', 'a//b.png'])
      expect([key, isStorageKey(key)]).toEqual([key, false]);
    await expect(t.app.storage.stat('../package.json')).rejects.toThrow('not a storage key');
  });

  it('makes the variants of an image the store holds from its key alone (as a queued job would)', async () => {
    const key = '2026-01/job-original.png';
    await t.app.storage.put(key, await png(1000, 500), 'image/png');
    const made = await makeImageVariants(t.app.storage, { key, maxPixels: t.config.imageMaxPixels });
    expect(made.preview.url).toBe('/uploads/2026-01/job-original.preview.webp');
    expect(made.variants.map(({ width, height }) => [width, height])).toEqual([
      [480, 240],
      [960, 480],
    ]);
    for (const { url: variantUrl, width } of [...made.variants, { url: made.preview.url, width: 400 }]) {
      const meta = await sharp(await servedBytes(t.app, variantUrl)).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', width]);
    }
  });

  it('answers the readiness check', async () => {
    await expect(t.app.storage.check()).resolves.toBeUndefined();
  });
});

describe('a bucket that goes down, hangs or refuses us', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    s3 = await startS3TestServer();
    const bucket = testBucketName('down');
    await s3.createBucket(bucket);
    t = await buildTestApp({ s3: s3.settings(bucket, { timeoutMs: 2000 }) });
    admin = await adminToken(t.app);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('answers 503 with a clear message while the store is down, stores nothing, and serves again once it is back', async () => {
    const uploaded = await uploadImage(t, admin);
    expect(uploaded.statusCode).toBe(201);
    const { url } = uploaded.json().data;
    const rows = await fileRows(t);

    await s3.stop();
    const read = await t.app.inject({ method: 'GET', url });
    expect(read.statusCode).toBe(503);
    expect(read.json()).toEqual({ message: SERVER_MESSAGES.fileStoreUnavailable });
    expect(read.headers['retry-after']).toBe('5');
    const upload = await uploadImage(t, admin);
    expect(upload.statusCode).toBe(503);
    expect(upload.json()).toEqual({ message: SERVER_MESSAGES.fileStoreUnavailable });
    expect(await fileRows(t)).toBe(rows);
    await expect(t.app.storage.check()).rejects.toBeInstanceOf(FileStoreUnavailable);

    await s3.start();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await expect(t.app.storage.check()).resolves.toBeUndefined();
  });

  it('answers 503 when the store accepts connections and never answers (the deadline, not a hang)', async () => {
    const silent = await startSilentServer();
    const hung = await buildTestApp({
      s3: s3.settings('any', { endpoint: silent.endpoint, timeoutMs: 300 }),
    });
    try {
      const token = await adminToken(hung.app);
      const upload = await uploadImage(hung, token);
      expect(upload.statusCode).toBe(503);
      expect(upload.json()).toEqual({ message: SERVER_MESSAGES.fileStoreUnavailable });
      const read = await hung.app.inject({ method: 'GET', url: '/uploads/2026-01/any.png' });
      expect(read.statusCode).toBe(503);
      await expect(hung.app.storage.check()).rejects.toBeInstanceOf(FileStoreUnavailable);
    } finally {
      await hung.close();
      await silent.close();
    }
  });

  it('answers 503, never a 500 or the store’s words, when the store refuses our credentials', async () => {
    const refused = await buildTestApp({
      s3: s3.settings(testBucketName('refused'), { accessKeyId: 'NOBODY', secretAccessKey: 'nothing' }),
    });
    try {
      const upload = await uploadImage(refused, await adminToken(refused.app));
      expect(upload.statusCode).toBe(503);
      expect(upload.json()).toEqual({ message: SERVER_MESSAGES.fileStoreUnavailable });
    } finally {
      await refused.close();
    }
  });
});
