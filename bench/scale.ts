/**
 * Issue 11's run at a million rows: the product list shapes at concurrency 10, beside a floor (the
 * same page and count SQL sent straight to the database, no HTTP, no mapping); a whole-table CSV
 * export and a filtered CSV + XLSX export (rows/s, peak memory of the server: on PostgreSQL a child
 * process of its own, bench-server.ts; on PGlite this process); a 100 000-row import of CSV and
 * XLSX (created; then every row's model changed: updated; then that file again: unchanged), and the
 * load average beside every figure (the machine is shared). An import's create is printed beside
 * two floors measured in the same run: the rows alone (`floor s`), and the create's own statements
 * with its history (`statements s`: lookup, insert, read-back, revisions), both straight on the
 * driver with nothing else running.
 *
 *   # PostgreSQL, an existing catalogue (fill one with bench/catalog-data.ts --products 1000000
 *   # --brands 100 --categories 50; the run leaves it as it found it)
 *   npx tsx bench/scale.ts --database-url postgres://postgres@127.0.0.1:5432/admin_1m
 *   # PGlite in memory, filled here
 *   npx tsx bench/scale.ts --products 100000
 *   # parts: --only list,export,import; --shapes 0,2 (list shapes by index); --seconds N per list
 *   # shape; --export-seconds N stops an export; --import-rows N; --formats csv,xlsx (imports)
 *
 * Prints tables; never fails on a number. `--port N`: this process's app listens on N and the
 * server process (PostgreSQL) on N + 1; without it, on ports the system picks.
 */
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { count, eq, like, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { BULK_WRITE_SETTINGS } from '../server/db/bulkWrite';
import { brands, categories, products, users } from '../server/db/schema';
import { SHEET_BATCH as IMPORT_BATCH } from '../server/crud/sheet';
import { createdChanges } from '../server/crud/revisions';
import { listPageQuery, listWhere, parseListQuery } from '../server/crud/list';
import type { AnyResource } from '../server/crud/resource';
import { productsServer } from '../server/resources/products';
import { productsResource } from '../src/shared/resources/products';
import { serverProcess } from './bench-server';
import { loadCatalog, startBenchApp, type BenchApp } from './catalog-data';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    products: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    'export-seconds': { type: 'string', default: '120' },
    'import-rows': { type: 'string', default: '100000' },
    only: { type: 'string', default: 'list,export,import' },
    shapes: { type: 'string' },
    port: { type: 'string' },
    formats: { type: 'string', default: 'csv,xlsx' },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = 10;
const PARTS = new Set(values.only.split(','));
const resource = productsServer as unknown as AnyResource;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** The list shapes; `{b1}`, `{b2}`, `{c}` become real ids. The first is the issue's headline. */
const SHAPES: [string, string][] = [
  [
    'status + 2 brands + search, sort name, page 50',
    'status=1&brand_ids={b1},{b2}&search=lite&sort=name&order=asc&page=50&per_page=20',
  ],
  ['no filter, default sort', ''],
  ['search "valve max", sort updated', 'search=valve%20max&sort=updated_at&order=desc'],
  ['category + status, sort brand', 'category_ids={c}&status=1&sort=brand&order=asc'],
  ['brand, sort created (default)', 'brand_ids={b1}'],
  ['no filter, page 500 (the deepest: 10 000 rows)', 'page=500&per_page=20'],
];

/** A page past the list's depth bound: answered 422 with its message (`MAX_LIST_OFFSET`), not read. */
const TOO_DEEP = 'page=40000&per_page=20';

interface Cannon {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

function autocannon(url: string, token: string): Promise<Cannon> {
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
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Cannon) : reject(new Error(err)))),
  );
}

type Client = { query: (text: string, params?: unknown[]) => Promise<unknown> };

/**
 * The floor of a shape: the statements the list sends (`listPageQuery`: its page, and its count
 * stopping at 10 001 rows unless the page's statement carries the total, as a searched list's
 * does), built by the machinery and sent as SQL straight to the driver (10 at a time for SECONDS):
 * what the database alone allows. (A searched shape matching more than 10 001 rows then has its
 * page read again and its total estimated: not in the floor. Before issue 11 the floor counted
 * every row, as the list then did.)
 */
async function floor(app: BenchApp, search: string): Promise<{ qps: number; p50: number; p99: number }> {
  const query = parseListQuery(resource, Object.fromEntries(new URLSearchParams(search)));
  const where = listWhere(resource, query);
  const { statement, carriesTotal } = listPageQuery(resource, app.db, query, where);
  const page = statement.toSQL();
  // The count as the list sends it now: one that stops after the exact-count limit + 1 rows.
  const capped = app.db
    .select({ one: sql`1` })
    .from(products)
    .where(where)
    .limit(10_001)
    .as('capped');
  const total = app.db.select({ total: count() }).from(capped).toSQL();
  const client = (app.db as unknown as { $client: Client }).$client;
  const times: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const started = performance.now();
        await (carriesTotal
          ? client.query(page.sql, page.params)
          : Promise.all([client.query(page.sql, page.params), client.query(total.sql, total.params)]));
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    qps: Math.round(times.length / SECONDS),
    p50: Math.round(times[Math.floor(times.length / 2)]),
    p99: Math.round(times[Math.floor(times.length * 0.99)]),
  };
}

/** Peak resident memory of this process while `work` runs, in MiB (PGlite: the server is in-process). */
async function peakMemory<T>(work: () => Promise<T>): Promise<[T, number]> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return [result, Math.round(peak / 2 ** 20)];
  } finally {
    clearInterval(timer);
  }
}

/** Where the exports and imports go, and how the server's peak memory is measured. */
interface Target {
  base: string;
  token: string;
  peak: <T>(work: () => Promise<T>) => Promise<[T, number]>;
  /** The server's CPU seconds so far, when it is a process of its own. */
  cpu?: () => number;
}

/**
 * CPU seconds of each local `postgres` process so far, by pid (from /proc, Linux), when the database
 * runs on this machine: beside the server's, where an import's work lies. Undefined elsewhere.
 */
function databaseCpu(): Map<string, number> | undefined {
  if (!/@(127\.0\.0\.1|localhost)[:/]/.test(values['database-url'] ?? '')) return undefined;
  const seconds = new Map<string, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' ');
      // utime and stime (fields 14 and 15 of stat, 12 and 13 after the command's), in 1/100 s.
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // The process ended meanwhile.
    }
  }
  return seconds.size ? seconds : undefined;
}

/** The database's CPU seconds since `from`: the processes alive now (one that ended meanwhile is not counted). */
const databaseCpuSpent = (from: Map<string, number> | undefined) => {
  const to = databaseCpu();
  if (!from || !to) return {};
  let spent = 0;
  for (const [pid, seconds] of to) spent += seconds - (from.get(pid) ?? 0);
  return { 'db CPU s': Math.round(spent * 10) / 10 };
};

/** The server's CPU seconds spent in `work`'s time, as a column (when measurable). */
const cpuSpent = (target: Target, from: number | undefined) =>
  target.cpu && from !== undefined ? { 'server CPU s': Math.round((target.cpu() - from) * 10) / 10 } : {};

async function exportRun(target: Target, search: string, format: 'csv' | 'xlsx') {
  const { base, token, peak: peakMemory } = target;
  const cpuFrom = target.cpu?.();
  const controller = new AbortController();
  const stop = setTimeout(() => controller.abort(), Number(values['export-seconds']) * 1000);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  let finished = true;
  const [, peak] = await peakMemory(async () => {
    const response = await fetch(`${base}/export?format=${format}&${search}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
      signal: controller.signal,
    });
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        if (format === 'csv') for (const byte of chunk) if (byte === 10) lines++;
      }
    } catch {
      finished = false;
    }
  });
  clearTimeout(stop);
  const seconds = (performance.now() - started) / 1000;
  const rows = format === 'csv' ? lines - 1 : undefined;
  return {
    format,
    query: search || '(all)',
    finished: finished ? 'yes' : `stopped at ${values['export-seconds']} s`,
    rows: rows ?? '-',
    MB: Math.round(bytes / 1e5) / 10,
    s: Math.round(seconds * 10) / 10,
    'rows/s': rows !== undefined ? Math.round(rows / seconds) : '-',
    'peak MiB': peak,
    ...cpuSpent(target, cpuFrom),
    load: load(),
  };
}

/** The brand and category of the import file's row `i` (by slug), spread as the catalogue's. */
const importBrand = (i: number) => `brand-${1 + (i % 100)}`;
const importCategory = (i: number) => `category-${1 + (i % 50)}`;

/** The ids of the import file's brand and category for row `i`, as the import resolves their slugs. */
async function importRefs(app: BenchApp) {
  const idsOf = async (table: typeof brands | typeof categories) =>
    new Map(
      (await app.db.select({ id: table.id, slug: table.slug }).from(table)).map((row) => [row.slug, row.id]),
    );
  const brandIds = await idsOf(brands);
  const categoryIds = await idsOf(categories);
  return {
    brand: (i: number) => brandIds.get(importBrand(i))!,
    category: (i: number) => categoryIds.get(importCategory(i))!,
  };
}
type ImportRefs = Awaited<ReturnType<typeof importRefs>>;

/** The import file: `n` new products (slug bench-import-N) by the import columns' labels. */
async function importFile(
  n: number,
  format: 'csv' | 'xlsx',
  /** A model suffix: the same rows with another model are an update of every row. */
  edition = '',
): Promise<Blob> {
  const columns = (productsResource.sheet ?? []).filter((column) => column.import);
  const row = (i: number): Record<string, string> => ({
    name: `Bench Import ${i}`,
    slug: `bench-import-${i}`,
    brand: importBrand(i),
    category: importCategory(i),
    model: `BI-${i}${edition}`,
    function: 'Moves fluid',
    status: 'Active',
  });
  if (format === 'csv') {
    const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
    const lines = [columns.map((column) => quote(column.label)).join(',')];
    for (let i = 1; i <= n; i++) {
      const cells = row(i);
      lines.push(columns.map((column) => quote(cells[column.key] ?? '')).join(','));
    }
    return new Blob([lines.join('\n')], { type: 'text/csv' });
  }
  // Written by exceljs' streaming writer (shared strings, as a spreadsheet program saves them), so
  // building the file does not inflate this process's memory before the import is measured.
  const parts: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => parts.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Products');
  sheet.addRow(columns.map((column) => column.label)).commit();
  for (let i = 1; i <= n; i++) {
    const cells = row(i);
    sheet.addRow(columns.map((column) => cells[column.key] ?? '')).commit();
  }
  sheet.commit();
  await workbook.commit();
  return new Blob([Buffer.concat(parts)], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}

/**
 * `work` on one connection of the app's database in a transaction with the import's session settings
 * (server/db/bulkWrite.ts), rolled back whatever it did: an import floor's rows are never kept.
 */
async function inImportTransaction<T>(app: BenchApp, work: (connection: Client) => Promise<T>): Promise<T> {
  const client = (
    app.db as unknown as { $client: { connect?: () => Promise<Client & { release: () => void }> } }
  ).$client;
  const connection = client.connect ? await client.connect() : (client as unknown as Client);
  try {
    await connection.query('begin');
    for (const [name, value] of BULK_WRITE_SETTINGS)
      await connection.query('select set_config($1, $2, true)', [name, value]);
    return await work(connection);
  } finally {
    await connection.query('rollback');
    (connection as { release?: () => void }).release?.();
  }
}

/**
 * The import's floor: the same `n` rows (as the import stores them, with the file's brands and
 * categories) inserted by one `INSERT … SELECT … FROM unnest(…)` per 5 000 rows straight on the
 * driver, then set again by one `UPDATE … FROM unnest(…)` per 5 000, in a transaction rolled back:
 * what the database alone takes for the rows, with the import's session settings
 * (server/db/bulkWrite.ts). Until the eleventh session every floor row had one brand and one
 * category, and the floor ran with the app's session settings (forced custom plans, a 64 kB pending
 * list): earlier floors are not comparable with later ones.
 */
async function importFloor(app: BenchApp, n: number, refs: ImportRefs) {
  return inImportTransaction(app, async (connection) => {
    const seconds: number[] = [];
    for (const statement of ['insert', 'update'] as const) {
      const started = performance.now();
      for (let start = 1; start <= n; start += 5000) {
        const ids = Array.from({ length: Math.min(5000, n - start + 1) }, (_, k) => start + k);
        const params = [
          ids.map((i) => `Bench Import ${i}`),
          ids.map((i) => `bench-import-${i}`),
          // The update sets another model, as the import's update pass does.
          ids.map((i) => (statement === 'insert' ? `BI-${i}` : `BI-${i}-2`)),
          ids.map(refs.brand),
          ids.map(refs.category),
        ];
        if (statement === 'insert')
          await connection.query(
            `insert into products (name, slug, model, function, brand_id, category_id, status, created_by, updated_by)
             select name, slug, model, 'Moves fluid', brand_id, category_id, 1, null, null
             from unnest($1::text[], $2::text[], $3::text[], $4::integer[], $5::integer[])
                  as v(name, slug, model, brand_id, category_id)`,
            params,
          );
        else
          await connection.query(
            `update products set name = v.name, model = v.model, function = 'Moves fluid', updated_at = now()
             from unnest($1::text[], $2::text[], $3::text[]) as v(name, slug, model) where products.slug = v.slug`,
            params.slice(0, 3),
          );
      }
      seconds.push(Math.round((performance.now() - started) / 100) / 10);
    }
    return { create: seconds[0], update: seconds[1] };
  });
}

/**
 * The import create's statements alone: per 2 000 rows (the import's batch), the key lookup, the
 * products' `INSERT … unnest(…) … returning id` of every import column, the read-back of the created
 * rows with their brand and category, and the revisions' `INSERT` of their changes (one JSON array,
 * built here as the server builds it), with the bulk write's session settings as the import has
 * them (server/db/bulkWrite.ts; the search index's pending list merged at the end); straight on the
 * driver in one transaction, rolled back. What the database takes for an import's writes and history
 * when nothing else runs: the rest of an import's time is the server's (reading, checking, mapping)
 * and the two sharing the machine.
 */
async function importStatements(app: BenchApp, n: number, refs: ImportRefs) {
  const [{ id: userId }] = await app.db.select({ id: users.id }).from(users).limit(1);
  // The text columns an import sets (the import columns but brand, category and status).
  const columns = [
    'application',
    'function',
    'meta_description',
    'meta_keyword',
    'meta_title',
    'model',
    'name',
    'other_brand',
    'overview',
    'slug',
    'specification',
  ];
  return inImportTransaction(app, async (connection) => {
    const started = performance.now();
    for (let start = 1; start <= n; start += IMPORT_BATCH) {
      const rows = Array.from({ length: Math.min(IMPORT_BATCH, n - start + 1) }, (_, k) => start + k);
      const none = rows.map(() => null);
      const slugs = rows.map((i) => `bench-import-${i}`);
      await connection.query('select id, slug from products where slug = any($1::text[])', [slugs]);
      const cells: Record<string, unknown[]> = {
        ...Object.fromEntries(columns.map((column) => [column, none])),
        function: rows.map(() => 'Moves fluid'),
        model: rows.map((i) => `BI-${i}`),
        name: rows.map((i) => `Bench Import ${i}`),
        slug: slugs,
      };
      const inserted = (await connection.query(
        `insert into products (${columns.join(', ')}, brand_id, category_id, status, created_by, updated_by)
         select ${columns.join(', ')}, brand_id, category_id, status, created_by, updated_by
         from unnest(${columns.map((_, k) => `$${k + 1}::text[]`).join(', ')}, $${columns.length + 1}::integer[],
                     $${columns.length + 2}::integer[], $${columns.length + 3}::smallint[],
                     $${columns.length + 4}::integer[], $${columns.length + 5}::integer[])
              with ordinality as v(${columns.join(', ')}, brand_id, category_id, status, created_by, updated_by, n)
         order by n returning id`,
        [
          ...columns.map((column) => cells[column]),
          rows.map(refs.brand),
          rows.map(refs.category),
          rows.map(() => 1),
          rows.map(() => userId),
          rows.map(() => userId),
        ],
      )) as { rows: { id: number }[] };
      const ids = inserted.rows.map((row) => Number(row.id));
      const items = (await connection.query(
        `select p.*, b.name as brand_name, b.slug as brand_slug, c.name as category_name, c.slug as category_slug
         from products p left join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
         where p.id = any($1::integer[])`,
        [ids],
      )) as { rows: Record<string, unknown>[] };
      // The created rows' changes as the server's history builds them (server/crud/revisions.ts).
      const changes = items.rows.map((item) =>
        createdChanges(Number(item.id), {
          name: item.name,
          slug: item.slug,
          brand: { id: item.brand_id, name: item.brand_name, slug: item.brand_slug },
          category: { id: item.category_id, name: item.category_name, slug: item.category_slug },
          model: item.model,
          function: item.function,
          status: item.status,
        }),
      );
      await connection.query(
        `insert into revisions (resource, record_id, action, user_id, created_at, changes, snapshot, import_id)
         select 'products', v.record_id, v.action, $1, now(), v.changes, null, 'bench-floor'
         from rows from (unnest($2::integer[]), unnest($3::text[]), jsonb_array_elements($4::jsonb))
              with ordinality as v(record_id, action, changes, n)
         order by v.n`,
        [userId, items.rows.map((item) => item.id), items.rows.map(() => 'import'), JSON.stringify(changes)],
      );
    }
    await connection.query(`select gin_clean_pending_list('products_search_idx'::regclass)`);
    return Math.round((performance.now() - started) / 100) / 10;
  });
}

async function importRun(target: Target, file: Blob, format: string, pass: string) {
  const { base, token, peak: peakMemory } = target;
  const cpuFrom = target.cpu?.();
  const databaseFrom = databaseCpu();
  const form = new FormData();
  form.append('file', file, `products.${format}`);
  const started = performance.now();
  const [response, peak] = await peakMemory(async () => {
    const answer = await fetch(`${base}/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: answer.status, body: (await answer.text()).slice(0, 200) };
  });
  const seconds = (performance.now() - started) / 1000;
  const rows = Number(values['import-rows']);
  return {
    format,
    pass,
    status: response.status === 200 ? 200 : `${response.status} ${response.body}`,
    MB: Math.round(file.size / 1e5) / 10,
    s: Math.round(seconds * 10) / 10,
    'rows/s': Math.round(rows / seconds),
    'peak MiB': peak,
    ...cpuSpent(target, cpuFrom),
    ...databaseCpuSpent(databaseFrom),
    load: load(),
  };
}

const ratio = (ours: number, floor: number) => Math.round((ours / floor) * 100) / 100;

async function main() {
  const databaseUrl = values['database-url'];
  const { app, token, close } = await startBenchApp(databaseUrl);
  let closeServer: (() => Promise<void>) | undefined;
  try {
    if (!databaseUrl)
      await loadCatalog(app, { products: Number(values.products), brands: 100, categories: 50 });
    const [{ total }] = await app.db.select({ total: count() }).from(products);
    const id = async (table: typeof brands | typeof categories, slug: string) =>
      (await app.db.select({ id: table.id }).from(table).where(eq(table.slug, slug)))[0].id;
    const ids = {
      b1: await id(brands, 'brand-7'),
      b2: await id(brands, 'brand-8'),
      c: await id(categories, 'category-3'),
    };
    const port = values.port ? Number(values.port) : 0;
    await app.listen({ port, host: '127.0.0.1' });
    if (port) process.env.BENCH_PORT = String(port + 1);
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/products`;
    process.stdout.write(
      `${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${total} products, ${CONNECTIONS} connections, ` +
        `${SECONDS} s per shape, load average at start ${load()}\n`,
    );

    if (PARTS.has('list')) {
      const table: Record<string, Record<string, number | string>> = {};
      const chosen = values.shapes ? values.shapes.split(',').map((n) => SHAPES[Number(n)]) : SHAPES;
      for (const [label, shape] of chosen) {
        const search = shape
          .replace('{b1}', String(ids.b1))
          .replace('{b2}', String(ids.b2))
          .replace('{c}', String(ids.c));
        const check = await fetch(`${base}?${search}`, { headers: { authorization: `Bearer ${token}` } });
        if (check.status !== 200) throw new Error(`${label}: ${check.status} ${await check.text()}`);
        const meta = ((await check.json()) as { meta: { total: number; total_estimated?: boolean } }).meta;
        const ours = await autocannon(`${base}?${search}`, token);
        const direct = await floor(app, search);
        table[label] = {
          'req/s': Math.round(ours.requests.average),
          p50: ours.latency.p50,
          p99: ours.latency.p99,
          'non-2xx': ours.non2xx + ours.errors,
          'floor q/s': direct.qps,
          'floor p99': direct.p99,
          'ours/floor': Math.round((ours.requests.average / direct.qps) * 100) / 100,
          total: `${meta.total}${meta.total_estimated ? ' (est.)' : ''}`,
          load: load(),
        };
      }
      console.table(table);
      const deep = await fetch(`${base}?${TOO_DEEP}`, { headers: { authorization: `Bearer ${token}` } });
      process.stdout.write(`page 40 000: ${deep.status} ${await deep.text()}\n`);
    }

    // Exports and imports on PostgreSQL go to the same app in a process of its own, so the peak
    // memory is the server's alone (not this client's reading the export or building the files).
    const server =
      databaseUrl && (PARTS.has('export') || PARTS.has('import'))
        ? await serverProcess(databaseUrl)
        : undefined;
    if (server) closeServer = server.close;
    const target: Target = server
      ? {
          base: `http://127.0.0.1:${server.port}/api/products`,
          token: server.token,
          peak: server.peakMemory,
          cpu: server.cpuSeconds,
        }
      : { base, token, peak: peakMemory };
    const memory = server ? 'server process' : 'bench process (server in-process)';

    if (PARTS.has('export')) {
      const runs = [];
      for (let run = 0; run < 3; run++) runs.push(await exportRun(target, '', 'csv'));
      runs.push(await exportRun(target, 'search=max', 'csv'));
      runs.push(await exportRun(target, 'search=max', 'xlsx'));
      console.log(`exports (peak MiB: ${memory})`);
      console.table(runs);
    }

    if (PARTS.has('import')) {
      const rows = Number(values['import-rows']);
      const runs = [];
      for (const format of values.formats.split(',') as ('csv' | 'xlsx')[]) {
        const file = await importFile(rows, format);
        const refs = await importRefs(app);
        const floorBefore = await importFloor(app, rows, refs);
        const statements = await importStatements(app, rows, refs);
        const created = await importRun(target, file, format, 'create');
        // Every row's model changed: every row updated (and a revision each).
        const edited = await importFile(rows, format, '-2');
        const updated = await importRun(target, edited, format, 'update');
        // The same file again: every row matched, none changed, so none written.
        const unchanged = await importRun(target, edited, format, 'unchanged');
        await app.db.delete(products).where(like(products.slug, 'bench-import-%'));
        runs.push(
          {
            ...created,
            'floor s': floorBefore.create,
            'ours/floor': ratio(created.s, floorBefore.create),
            'statements s': statements,
            'ours/statements': ratio(created.s, statements),
          },
          { ...updated, 'floor s': floorBefore.update, 'ours/floor': ratio(updated.s, floorBefore.update) },
          unchanged,
        );
      }
      console.log(`imports (peak MiB: ${memory})`);
      console.table(runs);
    }
  } finally {
    await closeServer?.();
    await close();
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
