import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { API_PATHS } from '../../src/shared/routes';
import { brands } from '../db/schema';
import { brandsServer } from '../resources/brands';
import { EXPORT_CHUNK } from '../crud/list';
import { registerResource } from '../crud/register';
import type { Declaration } from '../crud/resource';
import { deferred } from '../../test/async';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

const HASH = '0123456789abcdef0123';
const MAIN = `main.${HASH}.js`;
const SVG = `logo.${HASH}.svg`;
/** A PNG's signature followed by filler: compressed already, whatever its size. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4096, 7)]);

/** Each copy says which one it is, so a test sees which file was sent and not only how. */
const original = (name: string) => `/* ${name}: original */ ${'window.app = 1;\n'.repeat(200)}`;
const brotliCopy = (name: string) => zlib.brotliCompressSync(`/* ${name}: brotli copy */`);
const gzipCopy = (name: string) => zlib.gzipSync(`/* ${name}: gzip copy */`);

function writeBuild(dir: string): void {
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>SPA original</title>');
  fs.writeFileSync(
    path.join(dir, 'index.html.br'),
    zlib.brotliCompressSync('<title>SPA brotli copy</title>'),
  );
  fs.writeFileSync(path.join(dir, 'index.html.gz'), zlib.gzipSync('<title>SPA gzip copy</title>'));
  fs.writeFileSync(path.join(dir, MAIN), original(MAIN));
  fs.writeFileSync(path.join(dir, `${MAIN}.br`), brotliCopy(MAIN));
  fs.writeFileSync(path.join(dir, `${MAIN}.gz`), gzipCopy(MAIN));
  // A file the build wrote no copies for; the server compresses it itself.
  fs.writeFileSync(
    path.join(dir, SVG),
    `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(500)}</svg>`,
  );
  fs.writeFileSync(path.join(dir, 'logo.png'), PNG);
}

const decode = (encoding: string | undefined, body: Buffer): string => {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
};

describe('compressed answers', () => {
  let t: TestApp;
  let admin: string;
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-spa-'));
  beforeAll(async () => {
    writeBuild(staticDir);
    t = await buildTestApp({ staticDir });
    admin = await adminToken(t.app);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? headers : { ...headers, 'accept-encoding': acceptEncoding },
    });

  describe('built assets', () => {
    it("sends the build's brotli copy to a browser that accepts brotli, cached for a year", async () => {
      const response = await get(`/${MAIN}`, 'gzip, deflate, br, zstd');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^application\/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(response.headers['content-length'])).toBe(brotliCopy(MAIN).length);
      expect(decode('br', response.rawPayload)).toBe(`/* ${MAIN}: brotli copy */`);
    });

    it('sends scripts without the headers only a document reads, keeping nosniff and CORP', async () => {
      const script = await get(`/${MAIN}`, 'br');
      for (const header of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
        expect(script.headers[header]).toBeUndefined();
      }
      expect(script.headers['x-content-type-options']).toBe('nosniff');
      expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
      const env = await get(API_PATHS.env);
      expect(env.headers['content-type']).toMatch(/^application\/javascript/);
      expect(env.headers['content-security-policy']).toBeUndefined();
      expect(env.headers['x-content-type-options']).toBe('nosniff');
      for (const url of ['/login', API_PATHS.health]) {
        const other = await get(url, 'br');
        expect(other.headers['content-security-policy']).toContain("default-src 'self'");
        expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
      }
    });

    it('sends the gzip copy when the browser accepts gzip only', async () => {
      const response = await get(`/${MAIN}`, 'gzip');
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toContain('immutable');
      expect(decode('gzip', response.rawPayload)).toBe(`/* ${MAIN}: gzip copy */`);
    });

    it('honours the browser’s preference order and refusals', async () => {
      expect((await get(`/${MAIN}`, 'br;q=0.5, gzip')).headers['content-encoding']).toBe('gzip');
      expect((await get(`/${MAIN}`, 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
    });

    it('sends the file as it is, still marked as varying, when no encoding is accepted', async () => {
      for (const acceptEncoding of [undefined, 'identity']) {
        const response = await get(`/${MAIN}`, acceptEncoding);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.body).toBe(original(MAIN));
      }
    });

    it('serves index.html (and the history fallback) from its brotli copy, uncached', async () => {
      for (const url of ['/', '/product/brand', '/login']) {
        const response = await get(url, 'gzip, br');
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe('br');
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(decode('br', response.rawPayload)).toBe('<title>SPA brotli copy</title>');
      }
    });

    it('compresses a file the build left without copies on the fly', async () => {
      const response = await get(`/${SVG}`, 'gzip, br');
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toContain('immutable');
      expect(decode('br', response.rawPayload)).toMatch(/^<svg/);
    });

    it('sends an image as it is: its format is compressed already', async () => {
      const response = await get('/logo.png', 'gzip, br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.rawPayload.equals(PNG)).toBe(true);
    });
  });

  describe('API answers', () => {
    it('compresses a JSON answer above the threshold with the encoding the caller prefers', async () => {
      const plain = await get(API_PATHS.permissions, undefined, authHeader(admin));
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      for (const encoding of ['br', 'gzip']) {
        const response = await get(API_PATHS.permissions, encoding, authHeader(admin));
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        expect(JSON.parse(decode(encoding, response.rawPayload))).toEqual(plain.json());
      }
    });

    it('sends small answers as they are', async () => {
      const response = await get(API_PATHS.health, 'gzip, br');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
    });

    it('compresses a CSV export, which reads back as the same rows', async () => {
      const plain = await get('/api/brands/export?format=csv', undefined, authHeader(admin));
      const response = await get('/api/brands/export?format=csv', 'br', authHeader(admin));
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="brands-/);
      expect(decode('br', response.rawPayload)).toBe(plain.body);
    });
  });
});

/** Writes `count` brands in one statement. */
const brandName = (i: number) => `Brand ${String(i).padStart(4, '0')}`;
const SEEDED = EXPORT_CHUNK + 200;

async function seedBrands(t: TestApp, count: number): Promise<void> {
  const values = Array.from({ length: count }, (_, i) => ({
    name: brandName(i),
    slug: `brand-${i}`,
  }));
  await t.app.db.insert(brands).values(values);
}

interface Download {
  headers: http.IncomingHttpHeaders;
  /** Resolves once the decompressed text received so far contains `text`. */
  waitFor: (text: string) => Promise<string>;
  /** The whole decompressed text, once the answer ended. */
  ended: Promise<string>;
}

/** GETs `url` and decompresses what arrives as it arrives; `latin1` keeps binary bytes as they are. */
function download(
  url: string,
  headers: Record<string, string>,
  textEncoding: BufferEncoding = 'utf8',
): Promise<Download> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const encoding = response.headers['content-encoding'];
        const body: Readable =
          encoding === 'br'
            ? response.pipe(zlib.createBrotliDecompress())
            : encoding === 'gzip'
              ? response.pipe(zlib.createGunzip())
              : response;
        body.setEncoding(textEncoding);
        let text = '';
        const waiters: { text: string; resolve: (text: string) => void }[] = [];
        body.on('data', (chunk: string) => {
          text += chunk;
          for (const waiter of waiters.filter((w) => text.includes(w.text))) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(text);
          }
        });
        const ended = new Promise<string>((done, fail) => {
          body.on('end', () => done(text));
          body.on('error', fail);
        });
        resolve({
          headers: response.headers,
          waitFor: (wanted) =>
            text.includes(wanted)
              ? Promise.resolve(text)
              : new Promise((found) => waiters.push({ text: wanted, resolve: found })),
          ended,
        });
      })
      .on('error', reject);
  });
}

/**
 * The export's first bytes must not wait for the last rows. The brands routes are registered a
 * second time under /held with a row source that stops before its second database batch until the
 * test lets it go on: the first batch must reach the client while it is stopped.
 */
describe('streamed exports stay streamed when compressed', () => {
  let t: TestApp;
  let admin: string;
  let base: string;
  let reads = 0;
  let release = deferred<void>();

  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        extend: async (app) => {
          await app.register(
            async (held) => {
              registerResource(held, {
                ...brandsServer,
                toItems: async (
                  db: Parameters<typeof brandsServer.toItems>[0],
                  rows: Parameters<typeof brandsServer.toItems>[1],
                ) => {
                  reads += 1;
                  if (reads > 1) await release.promise;
                  return brandsServer.toItems(db, rows);
                },
              } as Declaration);
            },
            { prefix: '/held' },
          );
        },
      },
    );
    admin = await adminToken(t.app);
    // More than one export batch (EXPORT_CHUNK rows).
    await seedBrands(t, SEEDED);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  beforeEach(() => {
    reads = 0;
    release = deferred<void>();
  });

  it.each(['br', 'gzip', 'identity'])(
    'sends the header row and the first batch (%s) while the next batch is still being read',
    async (encoding) => {
      const answer = await download(`${base}/held/api/brands/export?format=csv&sort=name&order=asc`, {
        ...authHeader(admin),
        'accept-encoding': encoding,
        connection: 'close',
      });
      expect(answer.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);

      // Never released before this arrives: if the first batch waited for the rest, this would hang.
      const received = await answer.waitFor(brandName(EXPORT_CHUNK - 1));
      expect(received).toMatch(/^\uFEFFName,Slug,/);
      expect(received).not.toContain(brandName(EXPORT_CHUNK));

      release.resolve();
      const rows = parse(await answer.ended, { bom: true }) as string[][];
      expect(rows).toHaveLength(1 + SEEDED);
      expect(rows[1][0]).toBe('Brand 0000');
      expect(rows[SEEDED][0]).toBe(brandName(SEEDED - 1));
    },
  );

  it('sends an XLSX’s first bytes while the rows are still being read, and does not compress it again', async () => {
    const answer = await download(
      `${base}/held/api/brands/export?format=xlsx&sort=name&order=asc`,
      { ...authHeader(admin), 'accept-encoding': 'br, gzip', connection: 'close' },
      'latin1',
    );
    expect(answer.headers['content-encoding']).toBeUndefined();
    // The zip's first entry header; the rows follow as the zip's own compressor fills.
    expect(await answer.waitFor('PK\u0003\u0004')).toMatch(/^PK/);

    release.resolve();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await answer.ended, 'latin1') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(1 + SEEDED);
    expect(sheet.getRow(1 + SEEDED).getCell(1).text).toBe(brandName(SEEDED - 1));
  });
});
