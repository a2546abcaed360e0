/**
 * How long a hostile spreadsheet holds the event loop while the import route refuses it, and what
 * another user's request waits meanwhile (issue 37). Two files, each imported through the real
 * route on in-memory PGlite:
 *
 * - an XLSX whose shared strings part holds as many distinct texts as the limit allows (1 000 000),
 *   and one with one more (1 000 001, refused by the zip check),
 * - a CSV of one row whose name cell is 9 MB.
 *
 * While each is handled, `GET /api/version` (no database: PGlite is one connection the import holds)
 * is asked 20 ms after each answer; the longest event-loop stall
 * (perf_hooks monitorEventLoopDelay) and the slowest of those answers are printed.
 *
 *   npx tsx bench/import-stall.ts
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { API_PATHS } from '../src/shared/routes';
import { startBenchApp } from './catalog-data';

const MB = 1024 * 1024;
// The workbook has 8 texts of its own: at the limit, and one past it.
const SHARED_STRINGS = [999_992, 999_993];

async function entriesOf(zip: Buffer): Promise<{ name: string; data: Buffer }[]> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const found: { name: string; data: Buffer }[] = [];
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return file.readEntry();
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

/** A users workbook whose shared strings part holds `count` more distinct texts than its own. */
async function sharedStringsXlsx(count: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  sheet.addRow(['Name', 'Email', 'Role', 'Status']);
  sheet.addRow(['Many', 'many@example.com', 'Super Admin', 'Active']);
  const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
  const zip = new yazl.ZipFile();
  for (const entry of await entriesOf(xlsx)) {
    if (!/sharedStrings\.xml$/.test(entry.name)) {
      zip.addBuffer(entry.data, entry.name);
      continue;
    }
    // The workbook's own texts first (its cells point at them), then the extra ones.
    const own = entry.data.toString();
    const ownCount = (own.match(/<si>/g) ?? []).length;
    const items: string[] = [];
    for (let index = 0; index < count; index++) items.push(`<si><t>text ${index}</t></si>`);
    const total = ownCount + count;
    const strings = own
      .replace(/count="\d+"/, `count="${total}"`)
      .replace(/uniqueCount="\d+"/, `uniqueCount="${total}"`)
      .replace('</sst>', `${items.join('')}</sst>`);
    zip.addBuffer(Buffer.from(strings), entry.name);
  }
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of Readable.from(zip.outputStream)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

const bigCellCsv = (bytes: number): Buffer =>
  Buffer.from(`Name,Email,Role,Status\n${'x'.repeat(bytes)},big@example.com,Super Admin,Active\n`);

async function main() {
  const files = [
    ...SHARED_STRINGS.map((count) => ({
      name: `XLSX, ${count.toLocaleString('en')} shared strings`,
      file: 'many.xlsx',
    })),
    { name: 'CSV, one 9 MB cell', file: 'big.csv' },
  ];
  const contents = [
    ...(await Promise.all(SHARED_STRINGS.map((count) => sharedStringsXlsx(count)))),
    bigCellCsv(9 * MB),
  ];
  const { app, token, close } = await startBenchApp();
  try {
    for (const [index, { name, file }] of files.entries()) {
      const boundary = 'bench-stall';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file}"\r\n\r\n`,
        ),
        contents[index],
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      // Warm the route and the account read first.
      await app.inject({
        method: 'GET',
        url: API_PATHS.account,
        headers: { authorization: `Bearer ${token}` },
      });
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      // The longest gap between ticks of a 10 ms timer as well (the histogram can miss the last one).
      let last = performance.now();
      let gap = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        gap = Math.max(gap, now - last - 10);
        last = now;
      }, 10);
      let slowest = 0;
      let answered = 0;
      let done = false;
      // Each request is due 20 ms after the last answer; its wait counts from then, so time spent
      // waiting for a blocked event loop to run its timer counts too.
      const others = (async () => {
        while (!done) {
          const due = performance.now() + 20;
          await new Promise((resolve) => setTimeout(resolve, 20));
          await app.inject({ method: 'GET', url: API_PATHS.version });
          slowest = Math.max(slowest, performance.now() - due);
          answered++;
        }
      })();
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/users/import',
        payload,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      });
      const ms = performance.now() - started;
      done = true;
      await others;
      loop.disable();
      clearInterval(ticker);
      console.log(
        [
          `${name}: file ${(contents[index].length / MB).toFixed(1)} MB`,
          `  answer ${response.statusCode} ${response.body.slice(0, 120)}`,
          `  time ${ms.toFixed(0)} ms`,
          `  longest event-loop stall ${Math.max(loop.max / 1e6, gap).toFixed(0)} ms`,
          `  other requests meanwhile: ${answered}, the slowest ${slowest.toFixed(0)} ms`,
        ].join('\n'),
      );
    }
  } finally {
    await close();
  }
}

void main();
