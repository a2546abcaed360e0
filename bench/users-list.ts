/**
 * Latency of `GET /api/users` over 10 000 users on in-memory PGlite, through app.inject (no network):
 * median and p95 of 50 runs for a few query shapes. Prints a table; never fails on a number.
 *
 *   npx tsx bench/users-list.ts
 */
import { sql } from 'drizzle-orm';
import { apiPath } from '../src/shared/resources/resource';
import { usersResource } from '../src/shared/resources/users';
import { startBenchApp } from './catalog-data';

const USERS = 10_000;
const RUNS = 50;
const WARMUP = 5;

const SHAPES: [string, string][] = [
  ['default (created_at desc, 10)', ''],
  ['search "user 12"', 'search=user%2012'],
  ['status=1, sort name asc', 'status=1&sort=name&order=asc'],
  ['page 50 of 100', 'page=50&per_page=100'],
  ['role filter, sort role', 'role_ids=1&sort=role&order=asc'],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const { app, token, close } = await startBenchApp();
  try {
    // One statement: names, e-mails, alternating status, created over the last week, all on the super role.
    await app.db.execute(sql`
      insert into users (name, email, phone_number, status, role_id, password_hash, created_at, updated_at)
      select 'User ' || g, 'user' || g || '@bench.test', '+62 ' || g, (g % 2)::smallint,
             (select id from roles where is_super), '!bench', now() - (g || ' minutes')::interval, now()
      from generate_series(1, ${USERS}) as g`);
    const headers = { authorization: `Bearer ${token}` };

    const table: Record<string, { 'median ms': number; 'p95 ms': number; total: number }> = {};
    for (const [label, query] of SHAPES) {
      const times: number[] = [];
      let total = 0;
      for (let run = 0; run < WARMUP + RUNS; run++) {
        const started = process.hrtime.bigint();
        const response = await app.inject({
          method: 'GET',
          url: `${apiPath(usersResource)}?${query}`,
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
    process.stdout.write(`GET /api/users over ${USERS + 1} users, PGlite in memory, ${RUNS} runs each\n`);
    console.table(table);
  } finally {
    await close();
  }
}

void main();
