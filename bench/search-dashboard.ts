/**
 * Search everything and the dashboard at scale (issue 39): a throwaway PostgreSQL database (or
 * in-memory PGlite with --pglite) filled with --products products (1 000 000 by default), then
 * GET /api/search for a word most products hold ("pump"), a word none holds, a model number, and
 * GET /api/dashboard, each --runs times through the app (inject: no HTTP), printing the median
 * and the slowest beside the load average (the machine is shared). Never fails on a number.
 *
 *   npx tsx bench/search-dashboard.ts                      # PostgreSQL at 127.0.0.1:5432
 *   npx tsx bench/search-dashboard.ts --pglite --products 100000
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { API_PATHS } from '../src/shared/routes';
import { loadCatalog, startBenchApp, throwawayDatabase } from './catalog-data';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '15' },
    pglite: { type: 'boolean', default: false },
    'server-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});

async function main() {
  const database = values.pglite ? null : await throwawayDatabase(values['server-url']);
  const bench = await startBenchApp(database?.url);
  try {
    const started = Date.now();
    await loadCatalog(bench.app, { products: Number(values.products), brands: 100, categories: 50 });
    console.log(
      `${values.pglite ? 'PGlite' : 'PostgreSQL'}: ${values.products} products loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const shapes: [string, string][] = [
      ['search, a common word ("pump")', `${API_PATHS.search}?q=pump`],
      ['search, a word nothing holds', `${API_PATHS.search}?q=zzyzx`],
      ['search, a model number', `${API_PATHS.search}?q=M-381-12345`],
      ['dashboard', API_PATHS.dashboard],
    ];
    console.log('| request | median ms | slowest ms | load |');
    console.log('|---|---:|---:|---:|');
    for (const [name, url] of shapes) {
      const times: number[] = [];
      for (let run = 0; run < Number(values.runs); run++) {
        const start = performance.now();
        const response = await bench.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${bench.token}` },
        });
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)];
      console.log(
        `| ${name} | ${median.toFixed(0)} | ${times[times.length - 1].toFixed(0)} | ${loadavg()[0].toFixed(1)} |`,
      );
    }
  } finally {
    await bench.close();
    await database?.drop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
