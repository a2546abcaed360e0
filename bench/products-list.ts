/**
 * Load on `GET /api/products` over 100 000 products, at concurrency 10, on PGlite and on
 * PostgreSQL: requests per second and p50/p99 latency for the list a user filters by brand and
 * status, searches and sorts (and a few neighbouring shapes). The server runs here; the load comes
 * from autocannon in a child process over loopback, so the two do not share an event loop.
 *
 *   npx tsx bench/products-list.ts                       # both databases, 100 000 products, 10 s per shape
 *   npx tsx bench/products-list.ts --db pglite --products 20000 --seconds 5
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the
 * server; a throwaway database is created there and dropped afterwards. Prints a table; never fails
 * on a number.
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { brands, categories } from '../server/db/schema';
import { loadCatalog, startBenchApp, throwawayDatabase, type BenchDb } from './catalog-data';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    products: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const PRODUCTS = Number(values.products);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Query shapes; `{brand}` is replaced by a real brand id. The first is the headline figure. */
const SHAPES: [string, string][] = [
  ['brand + status + search, sort name', 'brand_ids={brand}&status=1&search=pro&sort=name&order=asc'],
  ['brand + status, sort created desc', 'brand_ids={brand}&status=1&sort=created_at&order=desc'],
  ['search "valve pro", sort updated', 'search=valve%20pro&sort=updated_at&order=desc'],
  ['category + status, sort brand', 'category_ids={category}&status=1&sort=brand&order=asc'],
  ['no filter, default sort', ''],
];

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

/** Runs autocannon in a child process (the server lives in this one, so nothing here may block). */
function load(url: string, token: string): Promise<AutocannonResult> {
  const args = [
    '--json',
    '-c',
    String(CONNECTIONS),
    '-d',
    String(SECONDS),
    '-H',
    `authorization=Bearer ${token}`,
    url,
  ];
  const child = spawn(process.execPath, [require.resolve('autocannon/autocannon.js'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(stdout) as AutocannonResult)
        : reject(new Error(`autocannon: ${stderr}`)),
    );
  });
}

async function benchOne(db: BenchDb) {
  const database = db === 'postgres' ? await throwawayDatabase(SERVER_URL) : undefined;
  const { app, token, close } = await startBenchApp(database?.url);
  try {
    const started = Date.now();
    await loadCatalog(app, { products: PRODUCTS, brands: 200, categories: 40 });
    const loadMs = Date.now() - started;
    const [{ brand }] = await app.db
      .select({ brand: brands.id })
      .from(brands)
      .where(eq(brands.slug, 'brand-7'));
    const [{ category }] = await app.db
      .select({ category: categories.id })
      .from(categories)
      .where(eq(categories.slug, 'category-3'));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/products`;

    const table: Record<string, Record<string, number>> = {};
    for (const [label, shape] of SHAPES) {
      const query = shape.replace('{brand}', String(brand)).replace('{category}', String(category));
      const check = await fetch(`${base}?${query}`, { headers: { authorization: `Bearer ${token}` } });
      if (check.status !== 200) throw new Error(`${label}: ${check.status} ${await check.text()}`);
      const total = ((await check.json()) as { meta: { total: number } }).meta.total;
      const result = await load(`${base}?${query}`, token);
      table[label] = {
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'non-2xx': result.non2xx + result.errors,
        total,
      };
    }
    process.stdout.write(
      `\n${db}: GET /api/products over ${PRODUCTS} products (loaded in ${loadMs} ms), ` +
        `${CONNECTIONS} connections, ${SECONDS} s per shape\n`,
    );
    console.table(table);
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
  if (error instanceof Error && error.cause) process.stderr.write(`cause: ${String(error.cause)}\n`);
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
