/**
 * How soon pages open in a real browser: headless Chromium (Debian's, through playwright-core), a
 * cold browser context per load (empty HTTP cache, only the stored session), the median of 7 loads
 * (range in brackets), against the real server with ~100 products. Needs `npm run build`.
 *
 *   npx tsx bench/browser-timing.ts                                # this checkout
 *   npx tsx bench/browser-timing.ts --baseline /tmp/before         # and another, built, side by side
 *   npx tsx bench/browser-timing.ts --runs 7 --port 8405
 *   npx tsx bench/browser-timing.ts --network cable                # Chromium's throttling: cable, slow4g
 *   BENCH_DEBUG=1 npx tsx bench/browser-timing.ts --runs 1    # page errors, screenshots in the temp dir
 *
 * Measured, for each checkout, in rounds that interleave every page (so a busy machine slows all
 * of them alike):
 * - /login: the JavaScript and CSS it transfers (compressed body + headers, as DevTools counts) and
 *   its time to interactive: the sign-in form rendered with the e-mail field focused, and painted.
 * - the product list (/product, signed in): time to painted rows, from navigation start to the
 *   first frame painted after the first product's name is in a cell.
 * - the same list as a react-admin page (<Admin>, ra-data-simple-rest, <List>/<Datagrid>), as a
 *   bare MUI DataGrid page (React, the theme, a DataGrid, one fetch) and as the DataGrid's floor
 *   (the same, its request sent first and rendered once with its rows): the same query, the same 10
 *   rows, the same server.
 * - the product list against react-admin's, round by round (the two loads of a round ran one after
 *   the other): the median of the differences and in how many rounds the list painted first.
 *
 * The reference pages are built here, by webpack in production mode with the app's compression
 * settings, from bench/reference/ against react-admin, ra-data-simple-rest and the app's own React,
 * MUI and MUI X versions, installed with npm into a cache folder under the system's temp dir (never
 * into this repository). They are written under dist/__bench/ of each measured checkout, so each
 * server sends them exactly as it sends the app (pre-compressed or not, same headers).
 *
 * "Painted": a MutationObserver (installed before any page script) notices the element, then one
 * animation frame and a message later — after that frame was painted — reads performance.now().
 */
import { existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { ROUTES } from '../src/shared/routes';
import {
  isCode,
  kB,
  median,
  launchChromium,
  recordResponses,
  root,
  startWithFreshData,
  stop,
  waitForOk,
} from './support';
import { placeReferences, REFERENCE_URLS } from './references';
import {
  guestContext,
  LOGIN_READY,
  prepare,
  signedInContext,
  waitForPaint,
  type Checkout,
  type Target,
} from './signedInPage';

const { values } = parseArgs({
  options: {
    baseline: { type: 'string' },
    runs: { type: 'string', default: '7' },
    port: { type: 'string', default: '8405' },
    products: { type: 'string', default: '100' },
    network: { type: 'string', default: 'local' },
  },
});

/**
 * Network conditions Chromium emulates per page (DevTools' throttling, on compressed bytes):
 * `local` is loopback as it is; `cable` and `slow4g` are Lighthouse's desktop and mobile profiles.
 */
const NETWORKS: Record<
  string,
  { latency: number; downloadThroughput: number; uploadThroughput: number } | null
> = {
  local: null,
  cable: {
    latency: 40,
    downloadThroughput: (10 * 1024 * 1024) / 8,
    uploadThroughput: (10 * 1024 * 1024) / 8,
  },
  slow4g: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
};
const NETWORK = NETWORKS[values.network ?? 'local'];
if (NETWORK === undefined) throw new Error(`--network is one of ${Object.keys(NETWORKS).join(', ')}`);
const RUNS = Number(values.runs);
const PRODUCTS = Number(values.products);

interface Measure {
  ms: number;
  code: number;
  transferred: number;
}

async function measure(browser: Browser, checkout: Checkout, url: string, target: Target, signedIn: boolean) {
  const context = signedIn
    ? await signedInContext(browser, checkout, target)
    : await guestContext(browser, target);
  try {
    const page = await context.newPage();
    if (process.env.BENCH_DEBUG) {
      page.on('pageerror', (error) => process.stderr.write(`${url}: ${error.message}\n`));
    }
    const recorder = recordResponses(page);
    if (NETWORK) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORK });
    }
    await page.goto(`${checkout.base}${url}`);
    const ms = await waitForPaint(page);
    await page.waitForLoadState('networkidle');
    if (process.env.BENCH_DEBUG) {
      const name = `${checkout.label}-${url}`.replace(/[^a-z0-9]+/gi, '-');
      await page.screenshot({ path: path.join(tmpdir(), `browser-timing-${name}.png`) });
    }
    const received = await recorder.settled();
    const sum = (list: typeof received) => list.reduce((total, entry) => total + entry.transferred, 0);
    return { ms, code: sum(received.filter(isCode)), transferred: sum(received) };
  } finally {
    await context.close();
  }
}

const PAGES = [
  { key: 'login', title: '/login: time to interactive', url: ROUTES.login, signedIn: false },
  { key: 'list', title: 'product list: rows painted', url: ROUTES.products, signedIn: true },
  {
    key: 'react-admin',
    title: 'react-admin list: rows painted',
    url: REFERENCE_URLS['react-admin'],
    signedIn: true,
  },
  {
    key: 'datagrid',
    title: 'bare MUI DataGrid: rows painted',
    url: REFERENCE_URLS.datagrid,
    signedIn: true,
  },
  {
    key: 'floor',
    title: 'DataGrid floor: rows painted',
    url: REFERENCE_URLS['datagrid-floor'],
    signedIn: true,
  },
] as const;

const targetOf = (key: (typeof PAGES)[number]['key'], checkout: Checkout): Target =>
  key === 'login' ? LOGIN_READY : { cellText: checkout.firstProduct };

const timing = (numbers: number[]) =>
  `${Math.round(median(numbers))} ms (${Math.round(Math.min(...numbers))}–${Math.round(Math.max(...numbers))})`;

async function main() {
  const dirs = [{ label: 'this checkout', dir: root }];
  if (values.baseline)
    dirs.push({ label: `baseline (${path.basename(values.baseline)})`, dir: path.resolve(values.baseline) });
  for (const { dir } of dirs) {
    if (!existsSync(path.join(dir, 'dist', 'index.html')))
      throw new Error(`${dir}/dist is missing: build it first`);
  }

  const removeReferences = await placeReferences(dirs.map(({ dir }) => path.join(dir, 'dist')));

  const servers = dirs.map(({ dir }, index) =>
    startWithFreshData(
      process.execPath,
      ['--import', 'tsx', 'server/server.ts'],
      Number(values.port) + index,
      {
        cwd: dir,
        env: { STATIC_DIR: path.join(dir, 'dist') },
      },
    ),
  );
  const browser = await launchChromium();
  try {
    const checkouts: Checkout[] = [];
    for (const [index, { label, dir }] of dirs.entries()) {
      const base = `http://127.0.0.1:${Number(values.port) + index}`;
      await waitForOk(`${base}/api/health`, Date.now());
      checkouts.push(await prepare(label, dir, base, PRODUCTS));
    }
    const results = new Map<string, Measure[]>();
    // The machine may be shared: its load average, before and after the rounds, is printed beside the figures.
    const loadBefore = loadavg()[0];
    // Round 0 warms the servers up and is not counted.
    for (let round = 0; round <= RUNS; round++) {
      for (const checkout of checkouts) {
        for (const page of PAGES) {
          const result = await measure(
            browser,
            checkout,
            page.url,
            targetOf(page.key, checkout),
            page.signedIn,
          );
          if (round === 0) continue;
          const key = `${checkout.label}|${page.key}`;
          results.set(key, [...(results.get(key) ?? []), result]);
        }
      }
      process.stderr.write(round === 0 ? 'warmed up\n' : `round ${round}/${RUNS}\n`);
    }

    const column = 34;
    const measuresOf = (checkout: Checkout, key: string) => results.get(`${checkout.label}|${key}`) ?? [];
    const lines = [
      `Chromium ${browser.version()}, network ${values.network}, a cold context per load, median of ${RUNS} (min–max), ${PRODUCTS} products, 10 rows`,
      `load average (1 min) ${loadBefore.toFixed(1)} before the rounds, ${loadavg()[0].toFixed(1)} after`,
      `${''.padEnd(40)}${checkouts.map((c) => c.label.padEnd(column)).join('')}`,
    ];
    const row = (title: string, cell: (checkout: Checkout) => string) =>
      lines.push(`${title.padEnd(40)}${checkouts.map((c) => cell(c).padEnd(column)).join('')}`);
    row('/login: JS + CSS transferred', (c) => kB(median(measuresOf(c, 'login').map((m) => m.code))));
    for (const page of PAGES) row(page.title, (c) => timing(measuresOf(c, page.key).map((m) => m.ms)));
    row('list − react-admin, paired by round', (c) => {
      const list = measuresOf(c, 'list').map((m) => m.ms);
      const differences = measuresOf(c, 'react-admin').map((m, index) => list[index] - m.ms);
      const sooner = differences.filter((difference) => difference <= 0).length;
      return `${Math.round(median(differences))} ms, ${sooner} of ${differences.length} at or before`;
    });
    for (const page of PAGES.slice(1)) {
      row(`${page.key}: everything transferred`, (c) =>
        kB(median(measuresOf(c, page.key).map((m) => m.transferred))),
      );
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await browser.close();
    for (const server of servers) await stop(server);
    removeReferences();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
