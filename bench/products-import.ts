/**
 * Import rate of a 10 000-row product XLSX file (rows per second), on PGlite and on PostgreSQL:
 * first into an empty catalogue (all rows created), then the same file again (all rows matched by
 * slug and updated). The file is written with exceljs, like a user's spreadsheet, and sent to
 * `POST /api/products/import` through app.inject; the time includes parsing, validating every row,
 * the sanitiser and the one transaction.
 *
 *   npx tsx bench/products-import.ts                 # both databases, 10 000 rows
 *   npx tsx bench/products-import.ts --db pglite --rows 2000
 *
 * PostgreSQL: BENCH_DATABASE_URL as in products-list.ts. Prints a table; never fails on a number.
 */
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { productsResource } from '../src/shared/resources/products';
import { apiPath } from '../src/shared/resources/resource';
import { loadCatalog, startBenchApp, throwawayDatabase, type BenchDb } from './catalog-data';

const { values } = parseArgs({
  options: { db: { type: 'string', default: 'both' }, rows: { type: 'string', default: '10000' } },
});
const ROWS = Number(values.rows);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A spreadsheet with the import columns' labels and ROWS products naming brands and categories by slug. */
async function productWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  const columns = (productsResource.sheet ?? []).filter((column) => column.import);
  sheet.addRow(columns.map((column) => column.label));
  for (let n = 1; n <= ROWS; n++) {
    const row: Record<string, string> = {
      name: `Imported Pump ${n}`,
      slug: `imported-pump-${n}`,
      brand: `brand-${1 + (n % 200)}`,
      other_brand: '',
      category: `category-${1 + (n % 40)}`,
      model: `IP-${n}`,
      function: 'Moves water',
      specification: '230 V, 1.5 kW',
      overview: `<p>Overview of <strong>pump ${n}</strong></p><script>alert(1)</script>`,
      application: '<ul><li>Irrigation</li></ul>',
      status: n % 3 === 0 ? 'Not Active' : 'Active',
      meta_title: `Pump ${n}`,
      meta_description: 'A dependable pump',
      meta_keyword: 'pump, water',
    };
    sheet.addRow(columns.map((column) => row[column.key] ?? ''));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function multipart(file: Buffer, filename: string): { body: Buffer; contentType: string } {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function benchOne(db: BenchDb, file: Buffer) {
  const database = db === 'postgres' ? await throwawayDatabase(SERVER_URL) : undefined;
  const { app, token, close } = await startBenchApp(database?.url);
  try {
    await loadCatalog(app, { products: 0, brands: 200, categories: 40 });
    const result: Record<string, Record<string, number>> = {};
    for (const pass of ['create', 're-import (update)']) {
      const { body, contentType } = multipart(file, 'products.xlsx');
      const started = process.hrtime.bigint();
      const response = await app.inject({
        method: 'POST',
        url: `${apiPath(productsResource)}/import`,
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        payload: body,
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (response.statusCode !== 200)
        throw new Error(`${pass}: ${response.statusCode} ${response.body.slice(0, 500)}`);
      const { created, updated } = response.json<{ data: { created: number; updated: number } }>().data;
      result[pass] = {
        rows: ROWS,
        created,
        updated,
        seconds: +(ms / 1000).toFixed(2),
        'rows/s': Math.round(ROWS / (ms / 1000)),
      };
    }
    process.stdout.write(
      `\n${db}: POST /api/products/import, ${ROWS}-row XLSX (${(file.length / 1024).toFixed(0)} KB)\n`,
    );
    console.table(result);
  } finally {
    await close();
    await database?.drop();
  }
}

async function main() {
  const file = await productWorkbook();
  const dbs: BenchDb[] = values.db === 'both' ? ['pglite', 'postgres'] : [values.db as BenchDb];
  for (const db of dbs) await benchOne(db, file);
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
