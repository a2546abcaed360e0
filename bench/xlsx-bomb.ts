/**
 * What a zip-bomb XLSX costs the server: a valid users workbook plus one part of N MB of zeros
 * (about 1/1000 of that once deflated), imported through the real route on in-memory PGlite.
 * Reports the file size, the answer, its time, the growth of the process's resident memory while
 * it was handled and the longest event-loop stall meanwhile.
 *
 *   npx tsx bench/xlsx-bomb.ts [--mb 700]
 */
import { PassThrough, Readable } from 'node:stream';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { startBenchApp } from './catalog-data';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '700' } } });
const MB = 1024 * 1024;
const size = Number(values.mb) * MB;

async function bomb(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  sheet.addRow(['Name', 'Email', 'Role', 'Status']);
  sheet.addRow(['Bomb', 'bomb@example.com', 'Super Admin', 'Active']);
  const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
  const zip = new yazl.ZipFile();
  const source = await yauzl.fromBufferPromise(xlsx, { lazyEntries: true });
  await new Promise<void>((resolve, reject) => {
    source.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return source.readEntry();
      source.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          zip.addBuffer(Buffer.concat(chunks), entry.fileName);
          source.readEntry();
        });
      });
    });
    source.on('end', resolve);
    source.readEntry();
  });
  // Zeros streamed in, so the generator never holds the inflated part itself.
  const zeros = new PassThrough();
  zip.addReadStream(zeros, 'xl/media/padding.bin', { size });
  const chunk = Buffer.alloc(MB);
  void (async () => {
    for (let written = 0; written < size; written += MB)
      if (!zeros.write(chunk)) await new Promise((r) => zeros.once('drain', r));
    zeros.end();
  })();
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of Readable.from(zip.outputStream)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function main() {
  const file = await bomb();
  const { app, token, close } = await startBenchApp();
  try {
    const boundary = 'bench-bomb';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bomb.xlsx"\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 5);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
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
    loop.disable();
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    console.log(
      [
        `file ${(file.length / 1024).toFixed(0)} KB, inflating to ${values.mb} MB`,
        `answer ${response.statusCode} ${response.body.slice(0, 120)}`,
        `time ${ms.toFixed(0)} ms`,
        `resident memory +${((rssPeak - rssBefore) / MB).toFixed(0)} MB (peak while handled)`,
        `longest event-loop stall ${(loop.max / 1e6).toFixed(0)} ms`,
      ].join('\n'),
    );
  } finally {
    await close();
  }
}

void main();
