/**
 * Catalogue data for benchmarks: the app on PGlite (in memory) or on a throwaway PostgreSQL
 * database, and a generator that fills it with brands, categories and products in a few SQL
 * statements (generate_series), so 100 000 products load in seconds on either database.
 *
 * As a command it loads a database you name and leaves the data there (to click through a large
 * catalogue in the app, or to EXPLAIN queries):
 *
 *   npx tsx bench/catalog-data.ts --database-url postgres://postgres@127.0.0.1:5432/admin_big --products 100000
 *
 * The database must exist; the app's migrations and seed run first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type AppDeps } from '../server/app';
import { API_PATHS } from '../src/shared/routes';
import { loadConfig } from '../server/config';

export const BENCH_ADMIN = {
  name: 'Bench Admin',
  email: 'bench@example.com',
  password: 'bench-password-123',
};

export type BenchDb = 'pglite' | 'postgres';
export type BenchApp = Awaited<ReturnType<typeof buildApp>>;

export interface CatalogSize {
  products: number;
  brands: number;
  categories: number;
}

const WORDS = ['Pump', 'Valve', 'Motor', 'Sensor', 'Filter', 'Gauge', 'Drive', 'Relay', 'Heater', 'Fan'];
const SERIES = ['Pro', 'Max', 'Lite', 'Eco', 'Plus', 'Ultra', 'Mini', 'Prime'];

/**
 * Fills the catalogue: brands and categories by number, products spread over them (about one in
 * twenty names a free-text other brand instead), two thirds active, created over the last year.
 */
export async function loadCatalog(app: BenchApp, size: CatalogSize): Promise<void> {
  const words = sql.raw(`(array[${WORDS.map((word) => `'${word}'`).join(',')}])`);
  const series = sql.raw(`(array[${SERIES.map((word) => `'${word}'`).join(',')}])`);
  await app.db.execute(sql`
    insert into brands (name, slug, description, status, created_at, updated_at)
    select 'Brand ' || g, 'brand-' || g, 'Maker number ' || g, (g % 5 <> 0)::int::smallint,
           now() - (g || ' hours')::interval, now()
    from generate_series(1, ${size.brands}) as g`);
  await app.db.execute(sql`
    insert into categories (name, slug, description, status, created_at, updated_at)
    select 'Category ' || g, 'category-' || g, 'Kind number ' || g, 1::smallint,
           now() - (g || ' hours')::interval, now()
    from generate_series(1, ${size.categories}) as g`);
  await app.db.execute(sql`
    insert into products (name, slug, brand_id, category_id, other_brand, model, function, specification,
                          overview, status, created_at, updated_at)
    select ${words}[1 + g % 10] || ' ' || ${series}[1 + (g / 10) % 8] || ' ' || g,
           'product-' || g,
           case when g % 20 = 0 then null else (select min(id) from brands) + g % ${size.brands} end,
           (select min(id) from categories) + (g / 7) % ${size.categories},
           case when g % 20 = 0 then 'Independent Works ' || (g % 50) else null end,
           'M-' || (g % 997) || '-' || g,
           'Moves fluid', 'Rated 230 V', '<p>Reliable ' || ${words}[1 + g % 10] || '</p>',
           (g % 3 <> 0)::int::smallint,
           now() - ((g * 5) || ' minutes')::interval, now() - ((g * 3) || ' minutes')::interval
    from generate_series(1, ${size.products}) as g`);
  for (const table of ['brands', 'categories', 'products']) await app.db.execute(sql.raw(`analyze ${table}`));
}

/** A throwaway database on the PostgreSQL at `serverUrl`; `drop` removes it. */
export async function throwawayDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `admin_bench_${process.pid}_${Date.now()}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}

/**
 * The app, quiet, on in-memory PGlite or on the PostgreSQL database at `databaseUrl`, with the bench
 * admin. `close` stops it and removes its data dir.
 */
export async function startBenchApp(
  databaseUrl?: string,
  deps: AppDeps = {},
): Promise<{ app: BenchApp; token: string; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-bench-'));
  const config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl,
    inMemoryDb: !databaseUrl,
    uploadsDir: path.join(dataDir, 'uploads'),
    staticDir: path.join(dataDir, 'no-build'),
    admin: BENCH_ADMIN,
    logLevel: false as const,
  };
  // One user's load is the measurement here: the per-user API limit would cut it short.
  config.rateLimit = { ...config.rateLimit, apiPerUser: { ...config.rateLimit.apiPerUser, max: 0 } };
  const app = await buildApp(config, { announce: () => undefined, ...deps });
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.token,
    payload: {
      grant_type: 'password',
      username: BENCH_ADMIN.email,
      password: BENCH_ADMIN.password,
      client_id: app.spaClient.clientId,
      client_secret: app.spaClient.clientSecret,
      scope: '*',
    },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return {
    app,
    token: response.json<{ access_token: string }>().access_token,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      products: { type: 'string', default: '100000' },
      brands: { type: 'string', default: '200' },
      categories: { type: 'string', default: '40' },
    },
  });
  const databaseUrl = values['database-url'];
  if (!databaseUrl) throw new Error('--database-url is required (an existing, empty PostgreSQL database)');
  const { app, close } = await startBenchApp(databaseUrl);
  try {
    const started = Date.now();
    await loadCatalog(app, {
      products: Number(values.products),
      brands: Number(values.brands),
      categories: Number(values.categories),
    });
    process.stdout.write(`loaded ${values.products} products in ${Date.now() - started} ms\n`);
    process.stdout.write(`sign in as ${BENCH_ADMIN.email} / ${BENCH_ADMIN.password}\n`);
  } finally {
    await close();
  }
}

if (require.main === module) void main();
