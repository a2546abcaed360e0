/**
 * What the guest screens (/login, the password screens) load, read off real page loads in headless
 * Chromium against the real server, and the size budget they must stay under. Needs `npm run build`.
 *
 *   npx tsx bench/bundle-size.ts            # tables, then the budget check (exit 1 when over)
 *   BENCH_PORT=8404 npx tsx bench/bundle-size.ts
 *   SOURCE_MAPS=hidden npm run build && npx tsx bench/bundle-size.ts   # with /login's packages
 *
 * For each guest screen, in a cold browser context: every script and style sheet it loads and the
 * bytes Chromium counted for them ("transferred": compressed body + response headers, as DevTools
 * shows). For /login also each file's raw, gzip and brotli size and, when the build kept its source
 * maps (SOURCE_MAPS=hidden), which packages its JavaScript is made of. Then the whole build.
 *
 * The budget (GUEST_BUDGET_BYTES) is a size, not a timing: the same build always loads the same
 * files, so it is checked in CI after the build (.ci/run) and fails there when a change makes a
 * guest screen heavier. It fails too when a bundle of the build does not start with V8's compile
 * hint (`COMPILE_HINT`, webpack.config.ts): a minifier or plugin change that drops it would
 * otherwise slow every first load unnoticed.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { ROUTES } from '../src/shared/routes';
import { COMPILE_HINT } from '../webpack.config';
import {
  isCode,
  kB,
  launchChromium,
  recordResponses,
  root,
  startWithFreshData,
  stop,
  waitForOk,
  type Received,
} from './support';

/** Compressed JavaScript and CSS a guest screen may transfer, in bytes (200 kB as Chromium counts them). */
export const GUEST_BUDGET_BYTES = 200_000;

const GUEST_SCREENS = [
  ROUTES.login,
  ROUTES.forgotPassword,
  ROUTES.forgotPasswordSuccess,
  `${ROUTES.resetPassword}?token=bench&email=bench%40example.com`,
];

const dist = path.join(root, 'dist');
const pad = (text: string, width: number) => text.padEnd(width);
const num = (bytes: number) => kB(bytes).padStart(10);
const fileSize = (file: string) => (existsSync(file) ? statSync(file).size : 0);
/** A copy's size, or the file's own when the build wrote no copy (it would not have been smaller). */
const copySize = (file: string, extension: string) => fileSize(`${file}${extension}`) || fileSize(file);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/** Loads `url` in a fresh context and returns what it received once the network is idle. */
async function load(url: string): Promise<Received[]> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const recorder = recordResponses(page);
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.locator('main').first().waitFor();
    return await recorder.settled();
  } finally {
    await browser.close();
  }
}

/** Minified bytes per npm package (or per source folder) in the given bundles, from their source maps. */
function packagesOf(files: string[]): [string, number][] {
  const bytes = new Map<string, number>();
  for (const file of files) {
    if (!existsSync(`${file}.map`)) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    const map = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap);
    let previous: { line: number; column: number; source: string | null } | null = null;
    const count = (until: { line: number; column: number } | null) => {
      if (!previous) return;
      const length =
        until && until.line === previous.line
          ? until.column - previous.column
          : (lines[previous.line - 1]?.length ?? 0) - previous.column;
      const source = (previous.source ?? '(webpack)').replace(/^webpack:\/\/[^/]*\//, '');
      const owner =
        /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? source.split('/').slice(0, 2).join('/');
      bytes.set(owner, (bytes.get(owner) ?? 0) + length);
    };
    map.eachMapping((mapping) => {
      const here = { line: mapping.generatedLine, column: mapping.generatedColumn };
      count(here);
      previous = { ...here, source: mapping.source };
    });
    count(null);
  }
  return [...bytes.entries()].sort((a, b) => b[1] - a[1]);
}

function loginReport(received: Received[]): string[] {
  const code = received.filter(isCode);
  const lines = [
    `${pad('file', 44)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}  sent as  ${'transferred'.padStart(10)}`,
  ];
  const totals = { raw: 0, gzip: 0, brotli: 0 };
  for (const entry of code) {
    const file = path.join(dist, entry.path);
    const onDisk = existsSync(file);
    const raw = onDisk ? fileSize(file) : entry.body;
    const gzip = onDisk ? copySize(file, '.gz') : entry.body;
    const brotli = onDisk ? copySize(file, '.br') : entry.body;
    totals.raw += raw;
    totals.gzip += gzip;
    totals.brotli += brotli;
    lines.push(
      `${pad(entry.path, 44)}${num(raw)}${num(gzip)}${num(brotli)}  ${pad(entry.encoding || 'as is', 7)}  ${num(entry.transferred)}`,
    );
  }
  const transferred = code.reduce((sum, entry) => sum + entry.transferred, 0);
  lines.push(
    `${pad(`total (${code.length} files)`, 44)}${num(totals.raw)}${num(totals.gzip)}${num(totals.brotli)}           ${num(transferred)}`,
  );
  const scripts = code
    .filter((entry) => entry.path.endsWith('.js'))
    .map((entry) => path.join(dist, entry.path));
  const packages = packagesOf(scripts.filter((file) => existsSync(file)));
  const minified = packages.reduce((sum, [, bytes]) => sum + bytes, 0);
  if (!packages.length) {
    lines.push('', 'build with SOURCE_MAPS=hidden to see which packages /login’s JavaScript is made of');
    return lines;
  }
  lines.push('', 'what /login’s JavaScript is made of (minified bytes, from the source maps):');
  for (const [owner, bytes] of packages.slice(0, 14)) {
    lines.push(`  ${pad(owner, 40)}${num(bytes)}  ${((100 * bytes) / minified).toFixed(1).padStart(5)} %`);
  }
  return lines;
}

/** TinyMCE's files, copied as they are (not bundles of ours). */
const isTinymce = (file: string) => file.includes(`${path.sep}tinymce${path.sep}`);

/** The reference pages browser-timing.ts places under dist/__bench/ while it runs (not ours). */
const isBenchPage = (file: string) => file.includes(`${path.sep}__bench${path.sep}`);

/** The build's own scripts that do not start with V8's compile hint, relative to dist/. */
const withoutCompileHint = (): string[] =>
  walk(dist)
    .filter((file) => file.endsWith('.js') && !isTinymce(file) && !isBenchPage(file))
    .filter((file) => !readFileSync(file, 'utf8').startsWith(`${COMPILE_HINT}\n`))
    .map((file) => path.relative(dist, file));

function buildReport(): string[] {
  const all = walk(dist).filter((file) => /\.(js|css)$/.test(file));
  const tinymce = all.filter(isTinymce);
  const app = all.filter((file) => !tinymce.includes(file));
  const sum = (files: string[], size: (file: string) => number) =>
    files.reduce((total, file) => total + size(file), 0);
  const line = (label: string, files: string[]) =>
    `${pad(label, 44)}${num(sum(files, fileSize))}${num(sum(files, (f) => copySize(f, '.gz')))}${num(sum(files, (f) => copySize(f, '.br')))}`;
  return [
    `${pad('whole build (JS and CSS)', 44)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`,
    line(`the app (${app.length} files)`, app),
    line(`TinyMCE, loaded by rich-text forms only (${tinymce.length} files)`, tinymce),
  ];
}

async function main(): Promise<number> {
  if (!existsSync(path.join(dist, 'index.html'))) {
    process.stderr.write('dist/ is missing: run `npm run build` first.\n');
    return 1;
  }
  const port = Number(process.env.BENCH_PORT ?? 8298);
  const base = `http://127.0.0.1:${port}`;
  const startedAt = Date.now();
  const server = startWithFreshData(process.execPath, ['--import', 'tsx', 'server/server.ts'], port);
  const out: string[] = [];
  const over: string[] = [];
  try {
    await waitForOk(`${base}/api/health`, startedAt);
    out.push(
      `guest screens, cold cache: scripts and style sheets (budget ${kB(GUEST_BUDGET_BYTES)} transferred)`,
    );
    let login: Received[] = [];
    for (const screen of GUEST_SCREENS) {
      const received = await load(`${base}${screen}`);
      if (screen === ROUTES.login) login = received;
      const code = received.filter(isCode);
      const transferred = code.reduce((sum, entry) => sum + entry.transferred, 0);
      const fits = transferred <= GUEST_BUDGET_BYTES;
      if (!fits) over.push(screen);
      out.push(
        `  ${pad(screen.split('?')[0], 26)}${String(code.length).padStart(3)} files  ${num(transferred)}  ${fits ? 'within budget' : 'OVER BUDGET'}`,
      );
    }
    out.push('', `/login, file by file:`, ...loginReport(login), '', ...buildReport());
  } finally {
    await stop(server);
  }
  process.stdout.write(`${out.join('\n')}\n`);
  const unhinted = withoutCompileHint();
  if (unhinted.length) {
    process.stderr.write(`\nNot starting with ${COMPILE_HINT}: ${unhinted.join(', ')}\n`);
  }
  if (over.length) {
    process.stderr.write(`\nOver the ${kB(GUEST_BUDGET_BYTES)} budget: ${over.join(', ')}\n`);
  }
  return over.length || unhinted.length ? 1 : 0;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
