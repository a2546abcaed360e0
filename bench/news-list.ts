/**
 * Latency of `GET /api/news` over 10 000 news items on in-memory PGlite, through app.inject (no
 * network): median and p95 of 50 runs for a few query shapes, the publish-state filter among them.
 * Prints a table; never fails on a number.
 *
 *   npx tsx bench/news-list.ts
 */
import { sql } from 'drizzle-orm';
import { newsResource } from '../src/shared/resources/news';
import { apiPath } from '../src/shared/resources/resource';
import { startBenchApp } from './catalog-data';

const ITEMS = 10_000;
const RUNS = 50;
const WARMUP = 5;

const SHAPES: [string, string][] = [
  ['default (date desc, 10)', ''],
  ['search "news 12"', 'search=news%2012'],
  ['publish_states=scheduled', 'publish_states=scheduled'],
  ['publish_states=live, sort title', 'publish_states=live&sort=title&order=asc'],
  ['status=1, date range', 'status=1&date_from=2026-01-01&date_to=2026-03-31'],
  ['page 50 of 100', 'page=50&per_page=100'],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const { app, token, close } = await startBenchApp();
  try {
    // One statement: titles, slugs, a day each going back from a year ahead, alternating status, a summary.
    await app.db.execute(sql`
      insert into news (title, slug, date, summary, description, status, meta_title, created_at, updated_at)
      select 'News ' || g, 'news-' || g, (date '2027-01-01' - g % 730), 'Summary of news ' || g,
             '<p>Body of news ' || g || '</p>', (g % 5 <> 0)::int::smallint, 'Meta ' || g,
             now() - (g || ' minutes')::interval, now()
      from generate_series(1, ${ITEMS}) as g`);
    const headers = { authorization: `Bearer ${token}` };

    const table: Record<string, { 'median ms': number; 'p95 ms': number; total: number }> = {};
    for (const [label, query] of SHAPES) {
      const times: number[] = [];
      let total = 0;
      for (let run = 0; run < WARMUP + RUNS; run++) {
        const started = process.hrtime.bigint();
        const response = await app.inject({
          method: 'GET',
          url: `${apiPath(newsResource)}?${query}`,
          headers,
        });
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
        total = response.json<{ meta: { total: number } }>().meta.total;
        if (run >= WARMUP) times.push(ms);
      }
      times.sort((a, b) => a - b);
      table[label] = {
        'median ms': +percentile(times, 50).toFixed(1),
        'p95 ms': +percentile(times, 95).toFixed(1),
        total,
      };
    }
    process.stdout.write(`GET /api/news over ${ITEMS} items, PGlite in memory, ${RUNS} runs each\n`);
    console.table(table);
  } finally {
    await close();
  }
}

void main();
