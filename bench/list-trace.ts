/**
 * What lies on the product list's critical path to painted rows: one cold, signed-in load of
 * /product in headless Chromium with a performance trace, printed as a timeline from navigation
 * start — every request (sent, finished), and every main-thread task of 8 ms or more with what it
 * ran (a script's evaluation, a callback from a script, style, layout, paint) — and the moment the
 * first row was painted (bench/browser-timing.ts's probe). Needs `npm run build`.
 *
 *   npx tsx bench/list-trace.ts                          # this checkout, 3 loads (the last is printed)
 *   npx tsx bench/list-trace.ts --dir /tmp/before --port 8352 --network cable
 *   npx tsx bench/list-trace.ts --save /tmp/list.json    # also keeps the trace (open it in DevTools)
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROUTES } from '../src/shared/routes';
import { root } from './support';
import { serveCheckout, signedInContext, waitForPaint } from './signedInPage';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: root },
    port: { type: 'string', default: '8405' },
    loads: { type: 'string', default: '3' },
    network: { type: 'string', default: 'local' },
    save: { type: 'string' },
    'min-task': { type: 'string', default: '8' },
  },
});
const CABLE = {
  latency: 40,
  downloadThroughput: (10 * 1024 * 1024) / 8,
  uploadThroughput: (10 * 1024 * 1024) / 8,
};

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; name?: string; frame?: string };
}

const short = (url: unknown) => {
  if (typeof url !== 'string' || !url) return '';
  const { pathname, search } = new URL(url);
  return `${pathname.replace(/\.[0-9a-f]{8,}\./, '.')}${search}`;
};

/** What a task spent its time on: the longest direct work below it, named. */
function describe(task: TraceEvent, events: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const inside = events.filter(
    (event) =>
      event.tid === task.tid &&
      event.pid === task.pid &&
      event !== task &&
      event.ph === 'X' &&
      event.ts >= task.ts &&
      event.ts + (event.dur ?? 0) <= end,
  );
  const named = new Map<string, number>();
  for (const event of inside) {
    const data = event.args?.data ?? {};
    let label: string | null = null;
    if (event.name === 'EvaluateScript') label = `evaluate ${short(data.url)}`;
    else if (event.name === 'v8.compile' || event.name === 'v8.compileModule')
      label = `compile ${short(data.url)}`;
    else if (event.name === 'FunctionCall')
      label = `call ${String(data.functionName ?? '') || '(anonymous)'} ${short(data.url)}`;
    else if (
      ['Layout', 'UpdateLayoutTree', 'Paint', 'ParseHTML', 'ParseAuthorStyleSheet', 'PrePaint'].includes(
        event.name,
      )
    )
      label = event.name;
    if (label) named.set(label, Math.max(named.get(label) ?? 0, (event.dur ?? 0) / 1000));
  }
  return [...named.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([label, ms]) => `${label} ${ms.toFixed(0)}`)
    .join(' · ');
}

async function main() {
  const dir = path.resolve(values.dir ?? root);
  const { base, browser, checkout, close } = await serveCheckout('trace', dir, Number(values.port));
  try {
    const loads = Number(values.loads);
    for (let load = 1; load <= loads; load++) {
      const context = await signedInContext(browser, checkout);
      const page = await context.newPage();
      if (values.network === 'cable') {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.emulateNetworkConditions', { offline: false, ...CABLE });
      }
      const last = load === loads;
      if (last)
        await browser.startTracing(page, {
          categories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'v8.execute',
            'v8',
            'blink.user_timing',
            'loading',
            'toplevel',
            // JavaScript samples: which functions the tasks ran (open a saved trace in DevTools).
            'disabled-by-default-v8.cpu_profiler',
          ],
        });
      await page.goto(`${base}${ROUTES.products}`);
      const painted = await waitForPaint(page);
      await page.waitForLoadState('networkidle');
      if (!last) {
        process.stderr.write(`load ${load}: rows painted at ${painted.toFixed(0)} ms\n`);
        await context.close();
        continue;
      }
      const buffer = await browser.stopTracing();
      if (values.save) writeFileSync(values.save, buffer);
      const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
      // The page's main thread: the renderer thread that parsed the document.
      const navigation = traceEvents.find(
        (event) =>
          event.name === 'navigationStart' &&
          (event.args?.data as { isLoadingMainFrame?: boolean })?.isLoadingMainFrame,
      );
      if (!navigation) throw new Error('no navigationStart in the trace');
      const zero = navigation.ts;
      const at = (ts: number) => ((ts - zero) / 1000).toFixed(0).padStart(5);
      // The page's main thread: the one that evaluated the app's entry script.
      const entry = traceEvents.find(
        (event) =>
          event.name === 'EvaluateScript' && String(event.args?.data?.url ?? '').startsWith(`${base}/main.`),
      );
      if (!entry) throw new Error('the trace has no evaluation of main.js');
      const main = traceEvents.filter((event) => event.pid === entry.pid && event.tid === entry.tid);
      const lines: { ts: number; text: string }[] = [];
      const sent = new Map<string, TraceEvent>();
      for (const event of traceEvents) {
        const data = event.args?.data ?? {};
        if (event.name === 'ResourceSendRequest') sent.set(String(data.requestId), event);
        if (event.name === 'ResourceFinish') {
          const start = sent.get(String(data.requestId));
          // The page's own requests only (not the browser's own pages, which a trace also records).
          if (!start || !String(start.args?.data?.url ?? '').startsWith(base)) continue;
          const url = short(start.args?.data?.url);
          lines.push({
            ts: start.ts,
            text: `${at(start.ts)} → ${at(event.ts)}  request ${url} (${Math.round(Number(data.encodedDataLength ?? 0) / 1000)} kB)`,
          });
        }
      }
      const minTask = Number(values['min-task']) * 1000;
      for (const task of main) {
        if (task.name !== 'RunTask' || task.ph !== 'X' || (task.dur ?? 0) < minTask || task.ts < zero)
          continue;
        lines.push({
          ts: task.ts,
          text: `${at(task.ts)} … ${at(task.ts + (task.dur ?? 0))}  task ${((task.dur ?? 0) / 1000).toFixed(0)} ms: ${describe(task, main)}`,
        });
      }
      for (const event of traceEvents) {
        if (event.pid !== entry.pid) continue;
        if (
          ['firstContentfulPaint', 'domContentLoadedEventEnd', 'MarkDOMContent', 'MarkLoad'].includes(
            event.name,
          )
        )
          lines.push({ ts: event.ts, text: `${at(event.ts)}  ${event.name}` });
      }
      lines.sort((a, b) => a.ts - b.ts);
      process.stdout.write(`${lines.map((line) => line.text).join('\n')}\n`);
      process.stdout.write(`rows painted at ${painted.toFixed(0)} ms (load ${load})\n`);
      const busy = main
        .filter(
          (task) =>
            task.name === 'RunTask' && task.ph === 'X' && task.ts >= zero && task.ts <= zero + painted * 1000,
        )
        .reduce((sum, task) => sum + (task.dur ?? 0), 0);
      process.stdout.write(`main thread busy before the paint: ${(busy / 1000).toFixed(0)} ms\n`);
      await context.close();
    }
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
