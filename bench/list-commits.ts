/**
 * What React draws on the product list's way to painted rows: cold, signed-in loads of /product in
 * headless Chromium, each printing React's commits (through the hook React DevTools uses, which a
 * production build calls too) with what the page then showed (the header, the progress spinner,
 * the grid, its rows, the style elements), beside when each request of the page was sent and
 * answered, and when the rows were painted (bench/browser-timing.ts's probe). It tells a commit
 * without rows from the one that draws them, and a screen rendered twice from one rendered once,
 * which a trace (bench/list-trace.ts) shows only as time. Needs `npm run build`.
 *
 *   npx tsx bench/list-commits.ts                          # this checkout, 3 loads
 *   npx tsx bench/list-commits.ts --dir /tmp/before --port 8352 --loads 5
 */
import path from 'node:path';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { ROUTES } from '../src/shared/routes';
import { root } from './support';
import { serveCheckout, signedInContext, waitForPaint } from './signedInPage';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: root },
    port: { type: 'string', default: '8405' },
    loads: { type: 'string', default: '3' },
  },
});

/**
 * Installed before any page script: a stand-in for React DevTools' global hook that notes each
 * commit's time and what the document then holds in window.__benchCommits. A string, for the
 * reason paintProbe gives.
 */
const commitProbe = `(() => {
  const commits = (window.__benchCommits = []);
  const count = (selector) => document.querySelectorAll(selector).length;
  let renderers = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { this.renderers.set(++renderers, renderer); return renderers; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot() {
      commits.push({
        at: performance.now(),
        header: count('header'),
        spinner: count('[role="progressbar"]'),
        grid: count('.MuiDataGrid-root'),
        rows: count('.MuiDataGrid-row'),
        styles: count('style'),
      });
    },
  };
})();`;

interface Commit {
  at: number;
  header: number;
  spinner: number;
  grid: number;
  rows: number;
  styles: number;
}

async function main() {
  const dir = path.resolve(values.dir ?? root);
  const { base, browser, checkout, close } = await serveCheckout('commits', dir, Number(values.port));
  try {
    process.stdout.write(`load average (1 min) ${loadavg()[0].toFixed(1)} before the loads\n`);
    for (let load = 1; load <= Number(values.loads); load++) {
      const context = await signedInContext(browser, checkout);
      await context.addInitScript({ content: commitProbe });
      const page = await context.newPage();
      await page.goto(`${base}${ROUTES.products}`);
      await waitForPaint(page);
      await page.waitForLoadState('networkidle');
      const seen = await page.evaluate(() => ({
        painted: (window as unknown as { __benchPainted: number }).__benchPainted,
        commits: (window as unknown as { __benchCommits: Commit[] }).__benchCommits,
        requests: performance.getEntriesByType('resource').map((entry) => ({
          name: new URL(entry.name).pathname + new URL(entry.name).search,
          sent: entry.startTime,
          answered: (entry as PerformanceResourceTiming).responseEnd,
        })),
      }));
      const lines = [
        ...seen.requests.map(({ name, sent, answered }) => ({
          at: sent,
          text: `${sent.toFixed(0).padStart(5)} → ${answered.toFixed(0).padStart(5)}  ${name.replace(/\.[0-9a-f]{8,}\./, '.')}`,
        })),
        ...seen.commits.map(({ at, header, spinner, grid, rows, styles }) => ({
          at,
          text: `${at.toFixed(0).padStart(5)}          commit: header ${header}, spinner ${spinner}, grid ${grid}, rows ${rows}, style elements ${styles}`,
        })),
      ].sort((a, b) => a.at - b.at);
      process.stdout.write(`load ${load}: rows painted at ${seen.painted.toFixed(0)} ms\n`);
      process.stdout.write(`${lines.map((line) => line.text).join('\n')}\n`);
      await context.close();
    }
    process.stdout.write(`load average (1 min) ${loadavg()[0].toFixed(1)} after the loads\n`);
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
