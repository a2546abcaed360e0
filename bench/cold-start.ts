/**
 * Time from `npm start` to the first answer of /api/health and of /login, on a fresh data dir (the
 * first start migrates and seeds), with the CPU time the processes spent until then (user +
 * system: on a shared machine steadier than the wall clock), then the server's resident memory once idle (Linux: VmRSS of the
 * largest process `npm start` runs, read from /proc after `--idle` seconds without a request). With
 * `--rebuild` dist/ is removed first, so the time includes the SPA build, as on a freshly installed
 * machine. `--runs N` starts it N times and prints each run and the medians. `--warm` starts it on
 * one data dir migrated and seeded by a first, unmeasured start (a restart, not a first start).
 * `--dir D` measures another checkout (built, its node_modules linked), e.g. main's. `--server tsx`
 * or `--server compiled` starts the server itself instead of `npm start`: from its TypeScript through
 * tsx, or the compiled `build/server/server.js` (`npm run build:server` first), with the same Node
 * options, so the two differ only in the compile.
 *
 *   npx tsx bench/cold-start.ts [--rebuild] [--runs N] [--idle S] [--warm] [--dir D] [--server tsx|compiled]
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

/** CPU time a process has used (user + system) in ms, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are the 14th and 15th fields of stat, the 12th and 13th after the command.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
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

/** How the server is started: `npm start`, or the server itself from TypeScript (tsx) or compiled. */
const COMMANDS: Record<string, [string, string[]]> = {
  npm: ['npm', ['start', '--silent']],
  tsx: [process.execPath, ['--max-old-space-size=1024', '--import', 'tsx', 'server/server.ts']],
  compiled: [process.execPath, ['--max-old-space-size=1024', 'build/server/server.js']],
};

async function once(port: number, idleSeconds: number, cwd: string, env: Record<string, string>) {
  const serverIndex = process.argv.indexOf('--server');
  const [command, args] = COMMANDS[serverIndex >= 0 ? process.argv[serverIndex + 1] : 'npm'];
  const startedAt = Date.now();
  const child = startWithFreshData(command, args, port, {
    cwd,
    env: { STATIC_DIR: path.join(cwd, 'dist'), ...env },
  });
  try {
    const health = await waitForOk(`http://127.0.0.1:${port}/api/health`, startedAt);
    // The CPU the start took: on a shared machine steadier than the wall clock.
    const cpu = [child.pid ?? 0, ...descendants(child.pid ?? 0)].reduce((sum, pid) => sum + cpuMs(pid), 0);
    const login = await waitForOk(`http://127.0.0.1:${port}/login`, startedAt);
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const rss = Math.max(0, ...descendants(child.pid ?? 0).map(rssMiB), rssMiB(child.pid ?? 0));
    return { health, login, rss, cpu };
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
      `median of ${runs}: /api/health ${median(results.map((r) => r.health))} ms ` +
        `(CPU ${median(results.map((r) => r.cpu))} ms), ` +
        `/login ${median(results.map((r) => r.login))} ms, idle RSS ${median(results.map((r) => r.rss)).toFixed(1)} MiB\n`,
    );
  if (env.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
}

void main();
