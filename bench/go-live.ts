/**
 * How late a scheduled go-live reaches a website: the delay from an item's moment (the company's
 * midnight that starts its day) to the `news.published` delivery arriving at a webhook receiver on
 * loopback. Each round starts a server of its own whose clock is injected (CLOCK_OFFSET_MS) to read
 * LEAD_MS before its next midnight, makes a webhook and `--items` news items dated that day, and
 * waits for every item's delivery. Prints each round's delays and the whole run's median and worst.
 *
 *   npx tsx bench/go-live.ts [--rounds 3] [--items 5] [--postgres postgres://postgres@127.0.0.1:5432]
 *
 * On PGlite by default; `--postgres` names a PostgreSQL server where each round makes (and then drops)
 * a database of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { addDays, dayIn, serverTimeZone, startOfDayIn } from '../src/shared/zonedDays';
import { BENCH_LOGIN, median, passwordSignIn, root, stop, waitForOk } from './support';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    items: { type: 'string', default: '5' },
    postgres: { type: 'string', default: '' },
    port: { type: 'string', default: '8290' },
  },
});
const ROUNDS = Number(args.rounds);
const ITEMS = Number(args.items);
const PORT = Number(args.port);
/** From the server's start to its midnight: the start, the sign-in, the webhook and the items fit in it. */
const LEAD_MS = 90_000;
const CLIENT = { clientId: 'go-live-bench', clientSecret: 'go-live-bench-secret-0123456789' };
const base = `http://127.0.0.1:${PORT}`;
const zone = serverTimeZone();

interface Delivery {
  type: string;
  slug: string;
  /** When it arrived, by the machine's clock. */
  at: number;
}

/** A loopback receiver that keeps every delivery's type, item slug and arrival time (answers 204). */
async function startReceiver(): Promise<{ url: string; deliveries: Delivery[]; close: () => void }> {
  const deliveries: Delivery[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        type: string;
        data?: { slug?: string };
      };
      deliveries.push({ type: body.type, slug: body.data?.slug ?? '', at });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, deliveries, close: () => server.close() };
}

async function api<T>(token: string, method: string, url: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The first midnight at least LEAD_MS away and the clock offset that puts the server LEAD_MS before it. */
function nextMoment(): { day: string; midnight: number; offsetMs: number } {
  const today = dayIn(Date.now(), zone);
  let day = addDays(today, 1);
  if (startOfDayIn(day, zone).getTime() - Date.now() < LEAD_MS) day = addDays(today, 2);
  const midnight = startOfDayIn(day, zone).getTime();
  return { day, midnight, offsetMs: midnight - LEAD_MS - Date.now() };
}

/** Runs `sql` on the maintenance database of the `--postgres` server. */
async function onPostgres(sql: string): Promise<void> {
  const client = new Client({ connectionString: `${args.postgres}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function startServer(dataDir: string, databaseUrl: string, offsetMs: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'server.ts')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: BENCH_LOGIN.email,
      ADMIN_PASSWORD: BENCH_LOGIN.password,
      OAUTH_CLIENT_ID: CLIENT.clientId,
      OAUTH_CLIENT_SECRET: CLIENT.clientSecret,
      LOG_LEVEL: 'error',
      SMTP_URL: '',
      REDIS_URL: '',
      OIDC_ISSUER: '',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      CLOCK_OFFSET_MS: String(offsetMs),
    },
  });
}

/** One round: a fresh server, `ITEMS` items going live at its midnight; each delivery's delay in ms. */
async function round(n: number): Promise<number[]> {
  const { day, midnight, offsetMs } = nextMoment();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-go-live-'));
  const database = args.postgres ? `go_live_bench_${process.pid}_${n}` : '';
  if (database) await onPostgres(`CREATE DATABASE ${database}`);
  const receiver = await startReceiver();
  const server = startServer(dataDir, database ? `${args.postgres}/${database}` : '', offsetMs);
  try {
    await waitForOk(`${base}/api/health`, Date.now());
    const token = (await passwordSignIn(base, CLIENT)).access_token;
    await api(token, 'POST', '/api/webhooks', {
      name: 'Go-live bench',
      url: receiver.url,
      events: ['news.published'],
      status: 1,
    });
    const slugs = new Set<string>();
    for (let i = 0; i < ITEMS; i++) {
      const { data } = await api<{ data: { slug: string } }>(token, 'POST', '/api/news', {
        title: `Goes live in round ${n}, item ${i + 1}`,
        date: day,
        status: 1,
      });
      slugs.add(data.slug);
    }
    const machineMidnight = midnight - offsetMs;
    if (Date.now() > machineMidnight - 5_000) throw new Error('set-up ran past the moment: raise LEAD_MS');
    const early = receiver.deliveries.filter((d) => slugs.has(d.slug));
    if (early.length) throw new Error(`${early.length} deliveries came before the moment`);
    const deadline = machineMidnight + 5 * 60_000;
    const arrived = () => receiver.deliveries.filter((d) => d.type === 'news.published' && slugs.has(d.slug));
    while (new Set(arrived().map((d) => d.slug)).size < slugs.size && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const first = new Map<string, number>();
    for (const d of arrived()) if (!first.has(d.slug)) first.set(d.slug, d.at - machineMidnight);
    if (first.size < slugs.size)
      throw new Error(`only ${first.size} of ${slugs.size} deliveries in 5 minutes`);
    return [...first.values()].sort((a, b) => a - b);
  } finally {
    await stop(server);
    receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (database) await onPostgres(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}

async function main(): Promise<void> {
  const all: number[] = [];
  const database = args.postgres ? 'PostgreSQL' : 'PGlite';
  for (let n = 1; n <= ROUNDS; n++) {
    const delays = await round(n);
    all.push(...delays);
    console.log(`round ${n} (${database}): ${delays.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s`);
  }
  all.sort((a, b) => a - b);
  console.log(
    `go-live → delivery, ${all.length} items in ${ROUNDS} rounds on ${database}: median ${(median(all) / 1000).toFixed(2)} s, ` +
      `fastest ${(all[0] / 1000).toFixed(2)} s, slowest ${(all[all.length - 1] / 1000).toFixed(2)} s`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
