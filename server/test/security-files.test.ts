import { IMPORT_MESSAGES } from '../../src/shared/messages/imports';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { format } from '../../src/shared/messages';
import { API_PATHS } from '../../src/shared/routes';
import { loadConfig } from '../config';
import { importAnswer, multipart, postFile, signInWith, type Part } from './fixtures';
import {
  adminToken,
  authHeader,
  buildStorageTestApp,
  buildTestApp,
  STORAGE_BACKENDS,
  type TestApp,
} from './helper';
import type { S3TestServer } from './s3TestServer';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

const MB = 1024 * 1024;

async function xlsxOf(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The entries of a zip, inflated (only for the small files the tests build). */
async function entriesOf(zip: Buffer): Promise<{ name: string; data: Buffer }[]> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const found: { name: string; data: Buffer }[] = [];
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          found.push({ name: entry.fileName, data: Buffer.concat(chunks) });
          file.readEntry();
        });
      });
    });
    file.on('end', resolve);
    file.on('error', reject);
    file.readEntry();
  });
  return found;
}

/** The same XLSX with one more entry (a zip bomb hides in a part exceljs does not even read). */
async function withExtraEntry(xlsx: Buffer, name: string, data: Buffer): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of await entriesOf(xlsx)) {
    if (entry.name.endsWith('/')) zip.addEmptyDirectory(entry.name);
    else zip.addBuffer(entry.data, entry.name);
  }
  zip.addBuffer(data, name, { compress: true });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Rewrites the inflated size an entry declares (local header and central directory) to `size`. */
function declareSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  const needle = Buffer.from(name);
  for (let at = out.indexOf(needle); at >= 0; at = out.indexOf(needle, at + 1)) {
    if (out.readUInt32LE(at - 30) === 0x04034b50) out.writeUInt32LE(size, at - 30 + 22);
    if (out.readUInt32LE(at - 46) === 0x02014b50) out.writeUInt32LE(size, at - 46 + 24);
  }
  return out;
}

/** The same XLSX with `count` more distinct texts of about 100 characters in its shared strings. */
async function withMoreStrings(xlsx: Buffer, count: number): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of await entriesOf(xlsx)) {
    if (entry.name.endsWith('/')) continue;
    if (!/sharedStrings\.xml$/.test(entry.name)) {
      zip.addBuffer(entry.data, entry.name);
      continue;
    }
    const own = entry.data.toString();
    const total = (own.match(/<si>/g) ?? []).length + count;
    const items = Array.from(
      { length: count },
      (_, i) => `<si><t>${'a distinct text '.repeat(6)}${i}</t></si>`,
    );
    zip.addBuffer(
      Buffer.from(
        own
          .replace(/count="\d+"/, `count="${total}"`)
          .replace(/uniqueCount="\d+"/, `uniqueCount="${total}"`)
          .replace('</sst>', `${items.join('')}</sst>`),
      ),
      entry.name,
    );
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const HEADER = ['Name', 'Email', 'Role', 'Status'];

describe('hostile spreadsheets', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    const defaults = loadConfig({});
    t = await buildTestApp({
      sheetLimits: { maxEntries: 50, maxUncompressedBytes: 4 * MB, maxSharedStrings: 20, maxRows: 11 },
      rateLimit: defaults.rateLimit,
    });
    admin = await adminToken(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: authHeader(admin),
      payload: { name: 'Sales', permissions: [] },
    });
  });
  afterAll(() => t.close());

  const importUsers = (value: Buffer | string, filename: string) =>
    postFile(t.app, admin, '/api/users/import', value, filename);
  const people = (count: number) =>
    Array.from({ length: count }, (_, i) => [`Person ${i}`, `bomb${i}@example.com`, 'Sales', 'Active']);

  describe('XLSX', () => {
    it('refuses a small file that inflates past the limit from its zip directory alone (413)', async () => {
      const bomb = await withExtraEntry(
        await xlsxOf([HEADER, ...people(1)]),
        'xl/media/padding.bin',
        Buffer.alloc(8 * MB),
      );
      expect(bomb.length).toBeLessThan(MB / 4);
      const response = await importUsers(bomb, 'bomb.xlsx');
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe(
        format(IMPORT_MESSAGES.importTooBig, {
          reason: format(IMPORT_MESSAGES.importTooBigUnpacked, { size: '4 MB' }),
        }),
      );
      expect(
        (
          await t.app.inject({ method: 'GET', url: '/api/users?search=bomb', headers: authHeader(admin) })
        ).json().meta.total,
      ).toBe(0);
    });

    it('refuses an entry inflating past the size it declares, before exceljs reads it', async () => {
      const bomb = declareSize(
        await withExtraEntry(await xlsxOf([HEADER, ...people(1)]), 'xl/media/liar.bin', Buffer.alloc(8 * MB)),
        'xl/media/liar.bin',
        1000,
      );
      const response = await importUsers(bomb, 'liar.xlsx');
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ file: [IMPORT_MESSAGES.importUnreadable] });
    });

    it('refuses too many rows, too many shared strings and too many parts (413)', async () => {
      const rows = await importUsers(await xlsxOf([HEADER, ...people(11)]), 'rows.xlsx');
      expect(rows.statusCode).toBe(413);
      expect(rows.json().message).toContain(format(IMPORT_MESSAGES.importTooBigRows, { count: 10 }));

      const csvRows = await importUsers(
        [HEADER.join(','), ...people(11).map((row) => row.join(','))].join('\n'),
        'rows.csv',
      );
      expect(csvRows.statusCode).toBe(413);

      const strings = await importUsers(
        await xlsxOf([HEADER, ...people(6).map((row) => [...row, 'note a', 'note b', 'note c'])]),
        'strings.xlsx',
      );
      expect(strings.statusCode).toBe(413);
      expect(strings.json().message).toContain(format(IMPORT_MESSAGES.importTooBigStrings, { count: 20 }));

      let many = await xlsxOf([HEADER, ...people(1)]);
      for (let i = 0; i < 50; i++) many = await withExtraEntry(many, `xl/media/p${i}.bin`, Buffer.from('x'));
      const parts = await importUsers(many, 'parts.xlsx');
      expect(parts.statusCode).toBe(413);
      expect(parts.json().message).toContain(format(IMPORT_MESSAGES.importTooBigParts, { count: 50 }));
    });

    it('still imports an ordinary XLSX within the limits', async () => {
      const response = await importUsers(await xlsxOf([HEADER, ...people(3)]), 'fine.xlsx');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual(importAnswer(3, 0, 0));
    });

    it('refuses a CSV that is not UTF-8 instead of storing replacement characters', async () => {
      const latin1 = Buffer.from(
        'Name,Email,Role,Status\nJos\xe9 Latin,jose@example.com,Sales,Active\n',
        'latin1',
      );
      const response = await importUsers(latin1, 'latin1.csv');
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ file: [IMPORT_MESSAGES.importNotUtf8] });
    });
  });
});

describe('spreadsheets parsed in a worker thread of bounded time and memory', () => {
  let t: TestApp;
  let admin: string;
  const limits = loadConfig({}).sheetLimits;
  const bigCell = `Name,Email,Role,Status\n${'x'.repeat(9 * MB)},big@example.com,Super Admin,Active\n`;
  afterEach(() => t.close());
  const importUsers = (value: Buffer | string, filename: string) =>
    postFile(t.app, admin, '/api/users/import', value, filename);

  it('refuses a file the worker cannot read within its heap with 413, and the server goes on', async () => {
    // Time enough that only the heap can stop it (at load 24 the worker's 30 s ran out first).
    t = await buildTestApp({ sheetLimits: { ...limits, workerHeapMb: 32, workerBatchMs: 240_000 } });
    admin = await adminToken(t.app);
    const row = ['Ada', 'ada@example.com', 'Super Admin', 'Active'];
    // 600 000 texts of about 100 characters: more than 32 MB once read, far less than the limits.
    const many = await withMoreStrings(await xlsxOf([HEADER, row]), 600_000);
    const response = await importUsers(many, 'many.xlsx');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(
      format(IMPORT_MESSAGES.importTooBig, { reason: IMPORT_MESSAGES.importTooMuchMemory }),
    );
    const fine = await importUsers(await xlsxOf([HEADER, row]), 'ok.xlsx');
    expect(fine.statusCode).toBe(200);
  });

  it('refuses a file the worker takes too long to read with 413', async () => {
    t = await buildTestApp({ sheetLimits: { ...limits, workerBatchMs: 1 } });
    admin = await adminToken(t.app);
    const response = await importUsers(bigCell, 'big.csv');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(
      format(IMPORT_MESSAGES.importTooBig, { reason: IMPORT_MESSAGES.importTooSlow }),
    );
  });
});

describe.each(STORAGE_BACKENDS)('hostile images and uploads, files on %s', (backend) => {
  let t: TestApp & { s3?: S3TestServer };
  let admin: string;
  beforeAll(async () => {
    t = await buildStorageTestApp(backend, { imageMaxPixels: 250_000, rateLimit: loadConfig({}).rateLimit });
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const upload = (parts: Part[], token = admin) => {
    const { payload, headers } = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: API_PATHS.uploads,
      payload,
      headers: { ...headers, ...authHeader(token) },
    });
  };
  /** Every key the store holds. */
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const key of t.app.storage.keys()) keys.push(key);
    return keys;
  };

  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
      .png()
      .toBuffer();

  it('refuses an image over the pixel limit before decoding it (422)', async () => {
    const response = await upload([
      { name: 'file', value: await png(600, 600), filename: 'big.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      file: [format(SERVER_MESSAGES.uploadTooManyPixels, { megapixels: 0 })],
    });
  });

  it('answers 422, not 500, for a truncated image, and leaves no file behind', async () => {
    const whole = await sharp({
      create: {
        width: 300,
        height: 300,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    const before = await storedKeys();
    const response = await upload([
      {
        name: 'file',
        value: whole.subarray(0, Math.floor(whole.length / 2)),
        filename: 'cut.png',
        type: 'image/png',
      },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: [SERVER_MESSAGES.uploadUnreadable] });
    // Every variant is decoded before any is written: nothing of the refused image is stored.
    expect((await storedKeys()).sort()).toEqual(before.sort());
  });

  it('answers 4xx, not 500, for a multipart body without a boundary or with a part that never ends', async () => {
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: API_PATHS.uploads,
      headers: { ...authHeader(admin), 'content-type': 'multipart/form-data' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n',
    });
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
    const unterminated = await t.app.inject({
      method: 'POST',
      url: API_PATHS.uploads,
      headers: { ...authHeader(admin), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    });
    expect(unterminated.statusCode).toBe(400);
    expect(unterminated.json()).toEqual({ message: SERVER_MESSAGES.uploadMalformed });
    const importNoBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/users/import',
      headers: { ...authHeader(admin), 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nName',
    });
    expect(importNoBoundary.statusCode).toBe(400);
  });

  it('lets only holders of a products write key upload documents; anyone signed in uploads an image for their photo', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    );
    const nobody = await signInWith(t.app, admin, []);
    const refused = await upload(
      [
        { name: 'kind', value: 'document' },
        { name: 'file', value: pdf, filename: 'x.pdf', type: 'application/pdf' },
      ],
      nobody.token,
    );
    expect(refused.statusCode).toBe(403);
    const photo = await upload(
      [{ name: 'file', value: await png(40, 40), filename: 'me.png', type: 'image/png' }],
      nobody.token,
    );
    expect(photo.statusCode).toBe(201);
    const editor = await signInWith(t.app, admin, ['products.index', 'products.store']);
    const allowed = await upload(
      [
        { name: 'kind', value: 'document' },
        { name: 'file', value: pdf, filename: 'x.pdf', type: 'application/pdf' },
      ],
      editor.token,
    );
    expect(allowed.statusCode).toBe(201);
  });

  it('serves a PDF as an attachment and every upload with its stored type, nosniff and a sandboxing CSP', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\nendobj\n%%EOF\n',
    );
    const stored = (
      await upload([
        { name: 'kind', value: 'document' },
        { name: 'file', value: pdf, filename: 'script.pdf', type: 'application/pdf' },
      ])
    ).json().data;
    const served = await t.app.inject({ method: 'GET', url: stored.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('attachment');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['content-security-policy'])).toMatch(/sandbox/);
    expect(String(served.headers['content-security-policy'])).toMatch(/default-src 'none'/);

    const image = (
      await upload([{ name: 'file', value: await png(20, 20), filename: 'i.png', type: 'image/png' }])
    ).json().data;
    const shown = await t.app.inject({ method: 'GET', url: image.url });
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['content-disposition']).toBeUndefined();
    expect(String(shown.headers['content-security-policy'])).toMatch(/sandbox/);
  });
});
