/**
 * Time from `npm start` to the first answer of /api/health and of /login, on a fresh data dir (the
 * first start migrates and seeds). With `--rebuild` dist/ is removed first, so the time includes
 * the SPA build, as on a freshly installed machine.
 *
 *   npx tsx bench/cold-start.ts [--rebuild]      (BENCH_PORT picks the port, default 8299)
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { root, startWithFreshData, stop, waitForOk } from './support';

async function main() {
  const port = Number(process.env.BENCH_PORT ?? 8299);
  if (process.argv.includes('--rebuild')) rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  const startedAt = Date.now();
  const child = startWithFreshData('npm', ['start', '--silent'], port);
  try {
    const health = await waitForOk(`http://127.0.0.1:${port}/api/health`, startedAt);
    const login = await waitForOk(`http://127.0.0.1:${port}/login`, startedAt);
    process.stdout.write(`cold start: /api/health after ${health} ms, /login after ${login} ms\n`);
  } finally {
    await stop(child);
  }
}

void main();
