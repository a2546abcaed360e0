/**
 * The cost of record history (issue 12): the latency of `PUT /api/products/:id` and of
 * `GET /api/products` with revision recording off (as before it) and on, in interleaved rounds so
 * that the machine's load falls on both alike; a CSV import created then re-imported as updates,
 * off and on; and the storage of 10 000 revisions (`pg_total_relation_size` of the table and its
 * indexes after 10 000 product updates, each changing the model and the rich-text overview, as a
 * form save does). In-process (`app.inject`), one request at a time, on in-memory PGlite and a
 * throwaway PostgreSQL database.
 *
 *   npx tsx bench/revisions-overhead.ts                         # both databases
 *   npx tsx bench/revisions-overhead.ts --db postgres --import-rows 100000
 *
 * `--products N` (catalogue, default 10 000), `--requests N` (per round and mode, default 100),
 * `--rounds N` (default 3), `--import-rows N` (default 10 000; 0 skips the import).
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; the
 * database is created there and dropped afterwards. Prints tables; never fails on a number.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { updateRecords } from '../server/crud/write';
import { revisionRecording } from '../server/crud/revisions';
import type { AnyResource } from '../server/crud/resource';
import { productsServer } from '../server/resources/products';
import { productFormBody } from '../server/test/catalogFixtures';
import type { Product } from '../src/shared/resources/products';
import { loadCatalog, startBenchApp, throwawayDatabase, type BenchApp, type BenchDb } from './catalog-data';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    products: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '3' },
    'import-rows': { type: 'string', default: '10000' },
  },
});
const PRODUCTS = Number(values.products);
const REQUESTS = Number(values.requests);
const ROUNDS = Number(values.rounds);
const IMPORT_ROWS = Number(values['import-rows']);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MODES = ['off', 'on'] as const;
type Mode = (typeof MODES)[number];

const load = () => os.loadavg()[0].toFixed(1);
const ms = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6;
const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return +sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(2);
};

/** The product form's save: a new model and overview. */
const formBody = (product: Product, n: number) =>
  productFormBody(product, {
    model: `M-${n}`,
    overview: `<p>Revised text number ${n} of this product, a paragraph of an ordinary length for a form.</p>`,
  });

async function measure(app: BenchApp, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const ids = (
    (await app.db.execute(sql`select id from products order by id limit ${REQUESTS}`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((row) => Number(row.id));
  const samples: Record<Mode, { update: number[]; list: number[] }> = {
    off: { update: [], list: [] },
    on: { update: [], list: [] },
  };
  let n = 0;
  for (let round = 0; round < ROUNDS; round++)
    for (const mode of MODES) {
      revisionRecording.enabled = mode === 'on';
      for (const id of ids) {
        const product = (await app.inject({ method: 'GET', url: `/api/products/${id}`, headers })).json<{
          data: Product;
        }>().data;
        const started = process.hrtime.bigint();
        const response = await app.inject({
          method: 'PUT',
          url: `/api/products/${id}`,
          headers,
          payload: formBody(product, ++n),
        });
        samples[mode].update.push(ms(started));
        if (response.statusCode !== 200) throw new Error(`PUT ${response.statusCode} ${response.body}`);
      }
      for (let page = 1; page <= ids.length; page++) {
        const started = process.hrtime.bigint();
        const response = await app.inject({
          method: 'GET',
          url: `/api/products?page=${1 + (page % 20)}&per_page=20`,
          headers,
        });
        samples[mode].list.push(ms(started));
        if (response.statusCode !== 200) throw new Error(`GET ${response.statusCode}`);
      }
    }
  revisionRecording.enabled = true;
  return Object.fromEntries(
    MODES.flatMap((mode) => [
      [
        `PUT /api/products/:id, revisions ${mode}`,
        {
          p50: percentile(samples[mode].update, 50),
          p95: percentile(samples[mode].update, 95),
          n: samples[mode].update.length,
        },
      ],
      [
        `GET /api/products (20), revisions ${mode}`,
        {
          p50: percentile(samples[mode].list, 50),
          p95: percentile(samples[mode].list, 95),
          n: samples[mode].list.length,
        },
      ],
    ]),
  );
}

/** 10 000 revisions of product updates (model and overview changed), written in batches of 1 000. */
async function storage(app: BenchApp, db: BenchDb) {
  await app.db.execute(sql`delete from revisions`);
  const [admin] = (
    (await app.db.execute(sql`select id from users order by id limit 1`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  const ctx = { user: { id: Number(admin.id), permissions: [] } as never };
  const ids = (
    (await app.db.execute(sql`select id from products order by id limit 10000`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((row) => Number(row.id));
  const resource = productsServer as unknown as AnyResource;
  let written = 0;
  for (let start = 0; written < 10_000; start = (start + 1000) % ids.length) {
    const batch = ids.slice(start, start + 1000).slice(0, 10_000 - written);
    await app.db.transaction((tx) =>
      updateRecords(
        tx,
        resource,
        batch.map((id) => ({
          id,
          values: {
            model: `S-${written}-${id}`,
            overview: `<p>Revised text ${written} of product ${id}, a paragraph of an ordinary length for a form.</p>`,
          },
        })),
        ctx,
      ),
    );
    written += batch.length;
  }
  if (db === 'postgres') await app.db.execute(sql`vacuum analyze revisions`);
  const sizes = (
    (await app.db.execute(sql`
      select count(*)::integer as revisions,
             pg_relation_size('revisions') as heap,
             pg_indexes_size('revisions') as indexes,
             pg_total_relation_size('revisions') as total
      from revisions`)) as unknown as {
      rows: { revisions: number; heap: string; indexes: string; total: string }[];
    }
  ).rows[0];
  const mb = (bytes: string) => +(Number(bytes) / 1024 / 1024).toFixed(2);
  return {
    revisions: sizes.revisions,
    'heap+toast MB': mb(String(Number(sizes.total) - Number(sizes.indexes))),
    'indexes MB': mb(sizes.indexes),
    'total MB': mb(sizes.total),
    'bytes/revision': Math.round(Number(sizes.total) / sizes.revisions),
  };
}

function csv(rows: number, prefix: string): string {
  const lines = ['Name,Slug,Brand,Category,Model,Overview,Status'];
  for (let n = 1; n <= rows; n++)
    lines.push(
      `Imported ${prefix} ${n},imp-${prefix}-${n},brand-${1 + (n % 20)},category-${1 + (n % 10)},I-${n},<p>Row ${n}</p>,Active`,
    );
  return lines.join('\n');
}

async function importOnce(app: BenchApp, token: string, body: string) {
  const boundary = `----bench${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(body),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = process.hrtime.bigint();
  const response = await app.inject({
    method: 'POST',
    url: '/api/products/import',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  const seconds = ms(started) / 1000;
  if (response.statusCode !== 200)
    throw new Error(`import ${response.statusCode} ${response.body.slice(0, 300)}`);
  return seconds;
}

async function imports(app: BenchApp, token: string) {
  const result: Record<string, Record<string, number | string>> = {};
  for (const mode of MODES) {
    revisionRecording.enabled = mode === 'on';
    const file = csv(IMPORT_ROWS, mode);
    const create = await importOnce(app, token, file);
    const update = await importOnce(app, token, file.replace(/,I-/g, ',J-'));
    result[`import ${IMPORT_ROWS} rows, revisions ${mode}`] = {
      'create s': +create.toFixed(2),
      'create rows/s': Math.round(IMPORT_ROWS / create),
      'update s': +update.toFixed(2),
      'update rows/s': Math.round(IMPORT_ROWS / update),
      load: load(),
    };
  }
  revisionRecording.enabled = true;
  return result;
}

async function benchOne(db: BenchDb) {
  const database = db === 'postgres' ? await throwawayDatabase(SERVER_URL) : undefined;
  const { app, token, close } = await startBenchApp(database?.url);
  try {
    await loadCatalog(app, { products: PRODUCTS, brands: 20, categories: 10 });
    process.stdout.write(`\n${db}: ${PRODUCTS} products, load ${load()}\n`);
    console.table(await measure(app, token));
    process.stdout.write(`${db}: storage of 10 000 product-update revisions (load ${load()})\n`);
    console.table({ revisions: await storage(app, db) });
    if (IMPORT_ROWS) console.table(await imports(app, token));
  } finally {
    await close();
    await database?.drop();
  }
}

async function main() {
  const dbs: BenchDb[] = values.db === 'both' ? ['pglite', 'postgres'] : [values.db as BenchDb];
  for (const db of dbs) await benchOne(db);
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
