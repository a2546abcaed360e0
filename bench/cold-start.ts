/**
 * Time from `npm start` to the first answer of /api/health and of /login, on a fresh data dir (the
 * first start migrates and seeds), then the server's resident memory once idle (Linux: VmRSS of the
 * largest process `npm start` runs, read from /proc after `--idle` seconds without a request). With
 * `--rebuild` dist/ is removed first, so the time includes the SPA build, as on a freshly installed
 * machine. `--runs N` starts it N times and prints each run and the medians. `--warm` starts it on
 * one data dir migrated and seeded by a first, unmeasured start (a restart, not a first start).
 * `--dir D` measures another checkout (built, its node_modules linked), e.g. main's.
 *
 *   npx tsx bench/cold-start.ts [--rebuild] [--runs N] [--idle S] [--warm] [--dir D]
 *   (BENCH_PORT picks the port, default 8299)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, startWithFreshData, stop, waitForOk } from './support';

const option = (name: string, fallback: number): number => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};

/** The process ids below `pid` (children, their children, ...), from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command may hold spaces and parentheses: the fields after the last ')' are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const child of parents.get(parent) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

/** Resident memory of a process in MiB (0 when it is gone). */
function rssMiB(pid: number): number {
  try {
    const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function once(port: number, idleSeconds: number, cwd: string, env: Record<string, string>) {
  const startedAt = Date.now();
  const child = startWithFreshData('npm', ['start', '--silent'], port, { cwd, env });
  try {
    const health = await waitForOk(`http://127.0.0.1:${port}/api/health`, startedAt);
    const login = await waitForOk(`http://127.0.0.1:${port}/login`, startedAt);
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const rss = Math.max(0, ...descendants(child.pid ?? 0).map(rssMiB), rssMiB(child.pid ?? 0));
    return { health, login, rss };
  } finally {
    await stop(child);
  }
}

async function main() {
  const port = Number(process.env.BENCH_PORT ?? 8299);
  const runs = option('--runs', 1);
  const idle = option('--idle', 10);
  const dirIndex = process.argv.indexOf('--dir');
  const cwd = dirIndex >= 0 ? path.resolve(process.argv[dirIndex + 1]) : root;
  if (process.argv.includes('--rebuild')) rmSync(path.join(cwd, 'dist'), { recursive: true, force: true });
  const env: Record<string, string> = {};
  if (process.argv.includes('--warm')) {
    env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'admin-bench-warm-'));
    await once(port, 0, cwd, env);
  }
  const results = [];
  for (let run = 1; run <= runs; run++) {
    const result = await once(port, idle, cwd, env);
    results.push(result);
    process.stdout.write(
      `${env.DATA_DIR ? 'warm' : 'cold'} start ${run}/${runs}: /api/health after ${result.health} ms, /login after ${result.login} ms; ` +
        `idle RSS after ${idle} s ${result.rss.toFixed(1)} MiB\n`,
    );
  }
  if (runs > 1)
    process.stdout.write(
      `median of ${runs}: /api/health ${median(results.map((r) => r.health))} ms, ` +
        `/login ${median(results.map((r) => r.login))} ms, idle RSS ${median(results.map((r) => r.rss)).toFixed(1)} MiB\n`,
    );
  if (env.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
}

void main();
