import path from 'node:path';
import { API_PATHS, ROUTES } from '../src/shared/routes';
import { writeSession } from '../store/session';
import { BENCH_LOGIN, launchChromium, root, startWithFreshData, stop, waitForOk } from './support';

async function main() {
  const dir = process.argv[2] ?? root;
  const port = 8350;
  const base = `http://127.0.0.1:${port}`;
  const child = startWithFreshData(process.execPath, ['--import', 'tsx', 'server/server.ts'], port, {
    cwd: dir,
    env: { STATIC_DIR: path.join(dir, 'dist') },
  });
  try {
    await waitForOk(`${base}/api/health`, Date.now());
    const envScript = await (await fetch(`${base}${API_PATHS.env}`)).text();
    const env = JSON.parse(envScript.slice(envScript.indexOf('=') + 1).trim().replace(/;$/, ''));
    const token = await (
      await fetch(`${base}${API_PATHS.token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', username: BENCH_LOGIN.email, password: BENCH_LOGIN.password, scope: '*', client_id: env.CLIENT_ID, client_secret: env.CLIENT_SECRET }),
      })
    ).json();
    const stored = new Map<string, string>();
    writeSession(token, Date.now(), { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v), removeItem: (k: string) => void stored.delete(k) } as Storage);
    const session = Object.fromEntries(stored);
    const browser = await launchChromium();
    for (let run = 0; run < 3; run++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      await context.addInitScript((entries) => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v); }, session);
      const page = await context.newPage();
      await page.goto(`${base}${ROUTES.products}`);
      await page.getByRole('grid').waitFor();
      await page.waitForLoadState('networkidle');
      const entries = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => { const r = e as PerformanceResourceTiming; return `${Math.round(r.startTime)}\t${Math.round(r.responseEnd)}\t${r.name.replace(location.origin, '')}`; }));
      const nav = await page.evaluate(() => { const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming; return `doc ${Math.round(n.responseEnd)} dcl ${Math.round(n.domContentLoadedEventEnd)}`; });
      if (run === 2) console.log(nav + '\n' + entries.join('\n'));
      await context.close();
    }
    await browser.close();
  } finally {
    await stop(child);
  }
}
void main();
