/**
 * Where the main thread's time goes before a list's rows are painted, by package: V8's sampling
 * profiler (every 0.1 ms) over cold loads in headless Chromium, each sample's function mapped
 * through the build's source maps to the package (or the app's folder) it comes from, its self time
 * summed up to the paint (bench/browser-timing.ts's probe). The product list (/product, signed in)
 * and the two reference pages of browser-timing.ts (react-admin's list and a bare MUI DataGrid
 * page, built here with their source maps) side by side, on the same server and data; then, from one
 * more load of each, how much JavaScript the page had loaded by the paint and how much of it had
 * run (V8's function coverage). Needs `SOURCE_MAPS=hidden npm run build` (without the maps the
 * app's time is counted per file).
 *
 *   SOURCE_MAPS=hidden npm run build && npx tsx bench/list-profile.ts
 *   npx tsx bench/list-profile.ts --loads 5 --rows 40 --functions 30 --port 8407
 *   npx tsx bench/list-profile.ts --functions 20 --match 'xstate|redux'   # one package's functions
 *   npx tsx bench/list-profile.ts --dir /tmp/change                        # another built checkout
 *   npx tsx bench/list-profile.ts --callers 'appendChild|insertRule'       # who called them
 *
 * The figures are means per load. A profile slows the page a little, and a shared machine moves
 * every column alike: compare the columns with each other, not with browser-timing.ts's medians.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { ROUTES } from '../src/shared/routes';
import { placeReferences, REFERENCE_PAGES, REFERENCE_URLS } from './references';
import { serveCheckout, signedInContext, waitForPaint, type Checkout } from './signedInPage';
import { median, root } from './support';

const { values } = parseArgs({
  options: {
    loads: { type: 'string', default: '3' },
    rows: { type: 'string', default: '30' },
    functions: { type: 'string', default: '0' },
    /** Only the functions of packages matching this (a regular expression), e.g. `xstate|redux`. */
    match: { type: 'string' },
    /**
     * The product list's samples in functions named like this (a regular expression; the browser's
     * own, as `appendChild`, have no script of their own), summed by the nearest calling function
     * that has a script: who called them.
     */
    callers: { type: 'string' },
    port: { type: 'string', default: '8407' },
    /** The built checkout to profile (its dist, with SOURCE_MAPS=hidden maps); this one by default. */
    dir: { type: 'string', default: root },
  },
});
const checkoutDir = path.resolve(values.dir);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const dist = path.join(checkoutDir, 'dist');
const maps = new Map<string, SourceMapConsumer | null>();

/** The source map beside a served script, read once (null when the build kept none). */
function mapOf(url: string): SourceMapConsumer | null {
  const file = path.join(dist, new URL(url).pathname);
  if (!maps.has(file)) {
    const map = `${file}.map`;
    maps.set(
      file,
      existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8')) as RawSourceMap) : null,
    );
  }
  return maps.get(file) ?? null;
}

/** The package a mapped source belongs to: its node_modules name, the app's folder, webpack's runtime. */
function groupOf(source: string): string {
  const packageName = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (packageName) return packageName;
  if (source.includes('webpack/')) return '(webpack runtime)';
  // The app's own code, by its folder: src/app, src/components, store …
  const own = /webpack:\/\/[^/]*\/(?:\.\/)?(.*)$/.exec(source)?.[1] ?? source;
  return `app: ${own
    .split('/')
    .slice(0, own.startsWith('src/') ? 2 : 1)
    .join('/')}`;
}

/** A sample's package (or V8's own bucket) and function. */
function attribute(frame: ProfileNode['callFrame']): { group: string; fn: string } {
  if (!frame.url) return { group: `(${frame.functionName || 'native'})`, fn: frame.functionName };
  const map = mapOf(frame.url);
  const file = new URL(frame.url).pathname.replace(/\.[0-9a-f]{8,}\./, '.');
  if (!map) return { group: file, fn: `${frame.functionName} ${file}` };
  const position = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = position.source ?? '';
  if (!source) return { group: '(module top level, unmapped)', fn: `(top level) ${file}` };
  const name = `${position.name ?? frame.functionName} ${source.replace(/^.*node_modules\//, '')}:${position.line ?? '?'}`;
  return { group: groupOf(source), fn: name };
}

interface PageProfile {
  painted: number[];
  busy: number;
  groups: Map<string, number>;
  functions: Map<string, number>;
  /** `--callers`: a matching function's self time by its nearest caller with a script. */
  callers: Map<string, number>;
}

const callersOf = values.callers ? new RegExp(values.callers) : null;

/** The nearest node above `node` whose function has a script (the caller of a browser function). */
function scriptCaller(node: ProfileNode, parents: Map<number, ProfileNode>): ProfileNode | undefined {
  let caller = parents.get(node.id);
  while (caller && !caller.callFrame.url) caller = parents.get(caller.id);
  return caller;
}

const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);

/** One cold load of `url`, profiled from navigation to the rows' paint, added to `result` (1/loads). */
async function profileLoad(
  browser: Browser,
  checkout: Checkout,
  url: string,
  loads: number,
  result: PageProfile,
) {
  const context = await signedInContext(browser, checkout);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${checkout.base}${url}`);
    const painted = await waitForPaint(page);
    // The profile's times are microseconds on Chromium's monotonic clock, as is the navigation's
    // start in the page's metrics (seconds); performance.now() counts from that start.
    const { metrics } = (await cdp.send('Performance.getMetrics')) as {
      metrics: { name: string; value: number }[];
    };
    const start = metrics.find((metric) => metric.name === 'NavigationStart');
    if (!start) throw new Error('Chromium reported no NavigationStart metric');
    const navigationStart = start.value * 1e6;
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    result.painted.push(painted);
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parents = new Map<number, ProfileNode>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node);
    const paintedAt = navigationStart + painted * 1000;
    let at = profile.startTime;
    for (let index = 0; index < profile.samples.length; index++) {
      at += profile.timeDeltas[index];
      if (at > paintedAt) break;
      if (at < navigationStart) continue;
      const node = nodes.get(profile.samples[index]);
      const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000 / loads;
      if (!node || node.callFrame.functionName === '(idle)') continue;
      const { group, fn } = attribute(node.callFrame);
      result.busy += ms;
      add(result.groups, group, ms);
      add(result.functions, `${fn}  [${group}]`, ms);
      if (callersOf?.test(node.callFrame.functionName)) {
        const caller = scriptCaller(node, parents);
        add(
          result.callers,
          `${node.callFrame.functionName} ← ${caller ? attribute(caller.callFrame).fn : '?'}`,
          ms,
        );
      }
    }
  } finally {
    await context.close();
  }
}

interface Coverage {
  url: string;
  functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[];
}

/**
 * One more cold load of `url`: the JavaScript its page had loaded by the rows' paint and how much
 * of it had run (V8's function coverage: a function never called counts as not run), in bytes.
 */
async function coverageOf(browser: Browser, checkout: Checkout, url: string) {
  const context = await signedInContext(browser, checkout);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.startPreciseCoverage', { callCount: false, detailed: false });
    await page.goto(`${checkout.base}${url}`);
    await waitForPaint(page);
    const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as { result: Coverage[] };
    let loaded = 0;
    let ran = 0;
    const ranBy = new Map<string, number>();
    for (const script of result) {
      if (!script.url.startsWith(checkout.base)) continue;
      const size = script.functions[0]?.ranges[0]?.endOffset ?? 0;
      // The functions never called, as one sorted set of ranges (a nested one lies inside its parent's).
      const notRun: [number, number][] = [];
      for (const range of script.functions
        .flatMap((fn) => fn.ranges.filter((r) => r.count === 0))
        .sort((x, y) => x.startOffset - y.startOffset)) {
        const last = notRun[notRun.length - 1];
        if (last && range.startOffset <= last[1]) last[1] = Math.max(last[1], range.endOffset);
        else notRun.push([range.startOffset, range.endOffset]);
      }
      loaded += size;
      ran += size - notRun.reduce((sum, [start, end]) => sum + end - start, 0);
      // The bytes that ran, by package: the source map's segments (the bundles are minified into a
      // few long lines) outside the ranges that did not run.
      const map = mapOf(script.url);
      if (!map) continue;
      const text = readFileSync(path.join(dist, new URL(script.url).pathname), 'utf8');
      const lineStarts = [0];
      for (let index = 0; index < text.length; index++) if (text[index] === '\n') lineStarts.push(index + 1);
      const segments: { offset: number; source: string }[] = [];
      map.eachMapping((mapping) =>
        segments.push({
          offset: lineStarts[mapping.generatedLine - 1] + mapping.generatedColumn,
          source: mapping.source ?? '',
        }),
      );
      segments.sort((x, y) => x.offset - y.offset);
      let cursor = 0;
      for (const [index, segment] of segments.entries()) {
        while (cursor < notRun.length && notRun[cursor][1] <= segment.offset) cursor++;
        const inside = cursor < notRun.length && notRun[cursor][0] <= segment.offset;
        if (inside || !segment.source) continue;
        const length = (segments[index + 1]?.offset ?? text.length) - segment.offset;
        add(ranBy, groupOf(segment.source), length);
      }
    }
    return { loaded, ran, ranBy };
  } finally {
    await context.close();
  }
}

async function main() {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('dist/ is missing: build it first');
  const removeReferences = await placeReferences([dist], true);
  const { browser, checkout, close } = await serveCheckout('profile', checkoutDir, Number(values.port));
  try {
    const loads = Number(values.loads);
    const pages = [
      { title: 'product list', url: ROUTES.products as string },
      ...REFERENCE_PAGES.map((page) => ({ title: page, url: REFERENCE_URLS[page] })),
    ];
    const profiles: PageProfile[] = pages.map(() => ({
      painted: [],
      busy: 0,
      groups: new Map(),
      functions: new Map(),
      callers: new Map(),
    }));
    // Rounds that load every page once, so a machine busier at one moment slows all pages alike.
    for (let round = 1; round <= loads; round++) {
      process.stderr.write(`round ${round}/${loads}\n`);
      for (const [index, page] of pages.entries())
        await profileLoad(browser, checkout, page.url, loads, profiles[index]);
    }
    const coverage: Awaited<ReturnType<typeof coverageOf>>[] = [];
    for (const page of pages) coverage.push(await coverageOf(browser, checkout, page.url));
    const column = 16;
    const cells = (values: string[]) => values.map((value) => value.padStart(column)).join('');
    const lines = [
      `main-thread self time before the rows were painted, ms per load (mean of ${loads} cold loads)`,
      `${''.padEnd(40)}${cells(pages.map((page) => page.title))}`,
      `${'painted at (median)'.padEnd(40)}${cells(profiles.map((p) => median(p.painted).toFixed(0)))}`,
      `${'busy (all samples but idle)'.padEnd(40)}${cells(profiles.map((p) => p.busy.toFixed(0)))}`,
      `${'JavaScript loaded by the paint, kB raw'.padEnd(40)}${cells(coverage.map((c) => (c.loaded / 1000).toFixed(0)))}`,
      `${'  of which had run, kB'.padEnd(40)}${cells(coverage.map((c) => (c.ran / 1000).toFixed(0)))}`,
    ];
    /** One line per package, the largest first: its figure in each page's map, divided by `unit`. */
    const byPackage = (maps: Map<string, number>[], unit: number) =>
      [...new Set(maps.flatMap((map) => [...map.keys()]))]
        .map((group) => ({ group, top: Math.max(...maps.map((map) => map.get(group) ?? 0)) }))
        .sort((a, b) => b.top - a.top)
        .slice(0, Number(values.rows))
        .map(
          ({ group }) =>
            `${group.slice(0, 39).padEnd(40)}${cells(maps.map((map) => ((map.get(group) ?? 0) / unit).toFixed(1)))}`,
        );
    lines.push(
      ...byPackage(
        profiles.map((p) => p.groups),
        1,
      ),
    );
    lines.push('', "JavaScript that had run by the paint, kB by package (the maps' sources)");
    lines.push(
      ...byPackage(
        coverage.map((c) => c.ranBy),
        1000,
      ),
    );
    const functions = Number(values.functions);
    if (functions > 0) {
      lines.push('', `the product list's functions, self time, ms per load`);
      const match = values.match ? new RegExp(values.match) : null;
      for (const [fn, ms] of [...profiles[0].functions.entries()]
        .filter(([fn]) => !match || match.test(/\[(.*)\]$/.exec(fn)?.[1] ?? ''))
        .sort((a, b) => b[1] - a[1])
        .slice(0, functions))
        lines.push(`${ms.toFixed(1).padStart(7)}  ${fn}`);
    }
    if (callersOf) {
      lines.push('', `the product list's ${values.callers} by caller, self time, ms per load`);
      for (const [call, ms] of [...profiles[0].callers.entries()].sort((x, y) => y[1] - x[1]).slice(0, 30))
        lines.push(`${ms.toFixed(1).padStart(7)}  ${call}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await close();
    removeReferences();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
