/**
 * Latency of the website's product list (`GET /public/v1/products`) over 100 000 products on
 * PostgreSQL (or PGlite), with and without a conditional request (`If-None-Match` with the answer's
 * ETag → 304). One request at a time over loopback, so the figures are per-request latency, not
 * throughput.
 *
 *   npx tsx bench/public-read.ts                         # PostgreSQL, 100 000 products, 50 requests per shape
 *   npx tsx bench/public-read.ts --db pglite --products 20000 --requests 20
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the
 * server; a throwaway database is created there and dropped afterwards. Never fails on a number.
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { loadCatalog, startBenchApp, throwawayDatabase, type BenchDb } from './catalog-data';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    products: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '50' },
  },
});
const PRODUCTS = Number(values.products);
const REQUESTS = Number(values.requests);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const SHAPES: [string, string][] = [
  ['first page, 20', '/public/v1/products'],
  ['page 100 of 20', '/public/v1/products?page=100'],
  ['brand filter', '/public/v1/products?brand=brand-7'],
  ['search "valve pro"', '/public/v1/products?search=valve%20pro'],
  ['one by slug', '/public/v1/products/product-1'],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function timed(url: string, headers: Record<string, string>, expected: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== expected) throw new Error(`${url}: ${response.status}, expected ${expected}`);
  }
  return times.sort((a, b) => a - b);
}

async function main() {
  const db = values.db as BenchDb;
  const database = db === 'postgres' ? await throwawayDatabase(SERVER_URL) : undefined;
  const { app, close } = await startBenchApp(database?.url);
  try {
    await loadCatalog(app, { products: PRODUCTS, brands: 200, categories: 40 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const table: Record<string, Record<string, number | string>> = {};
    for (const [label, path] of SHAPES) {
      const first = await fetch(`${base}${path}`);
      const etag = first.headers.get('etag') ?? '';
      const body = await first.text();
      const full = await timed(`${base}${path}`, {}, 200);
      const conditional = await timed(`${base}${path}`, { 'if-none-match': etag }, 304);
      const ms = (value: number) => Number(value.toFixed(1));
      table[label] = {
        '200 p50 ms': ms(percentile(full, 50)),
        '200 p95 ms': ms(percentile(full, 95)),
        '304 p50 ms': ms(percentile(conditional, 50)),
        '304 p95 ms': ms(percentile(conditional, 95)),
        'body kB': ms(body.length / 1000),
      };
    }
    process.stdout.write(
      `\n${db}: GET /public/v1/products over ${PRODUCTS} products, ${REQUESTS} requests each\n`,
    );
    console.table(table);
  } finally {
    await close();
    await database?.drop();
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
