/**
 * The bench app (catalog-data.ts' `startBenchApp`) as a process of its own, so a bench measures the
 * server's memory and CPU apart from its client. Started by `serverProcess` below (a forked child
 * with tsx's loader); it signs in, listens on 127.0.0.1 (`BENCH_PORT`, else a free port) and sends
 * its port and token over IPC; it closes when the parent disconnects.
 *
 * `BENCH_SERVER_NODE_ARGS` adds node flags to the child, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
 * to profile the server alone.
 */
import { fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { startBenchApp } from './catalog-data';

interface Ready {
  port: number;
  token: string;
}

export interface ServerProcess extends Ready {
  pid: number;
  /** Peak resident memory of the server process while `work` runs, in MiB. */
  peakMemory: <T>(work: () => Promise<T>) => Promise<[T, number]>;
  /** CPU time the server process has used so far (user + system, every thread), in seconds. */
  cpuSeconds: () => number;
  close: () => Promise<void>;
}

const statusField = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
};

const cpuOf = (pid: number): number => {
  // Fields 14 and 15 of /proc/<pid>/stat (utime, stime) in clock ticks, after the command's ')'.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/**
 * Peak RSS of another process on Linux: its high-water mark (VmHWM) reset before `work` (writing 5
 * to /proc/<pid>/clear_refs) and read after, so a spike between two samples counts too; where the
 * reset is refused, the largest VmRSS sampled every 20 ms.
 */
async function peakOf<T>(pid: number, work: () => Promise<T>): Promise<[T, number]> {
  let resettable = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    resettable = false;
  }
  let peak = statusField(pid, 'VmRSS');
  const timer = setInterval(() => (peak = Math.max(peak, statusField(pid, 'VmRSS'))), 20);
  try {
    const result = await work();
    peak = Math.max(peak, statusField(pid, resettable ? 'VmHWM' : 'VmRSS'));
    return [result, Math.round(peak / 2 ** 20)];
  } finally {
    clearInterval(timer);
  }
}

/** Starts the bench app in a child process on `databaseUrl` (PostgreSQL: the child has its own pool). */
export function serverProcess(databaseUrl: string): Promise<ServerProcess> {
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = fork(__filename, [databaseUrl], {
    // The heap bound `npm start` sets (package.json), so the bench measures the server as it runs.
    execArgv: ['--max-old-space-size=1024', '--import', 'tsx', ...extra],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.once('message', (ready: Ready) =>
      resolve({
        ...ready,
        pid: child.pid!,
        peakMemory: (work) => peakOf(child.pid!, work),
        cpuSeconds: () => cpuOf(child.pid!),
        close: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.disconnect();
          }),
      }),
    );
  });
}

async function serve(databaseUrl: string) {
  const { app, token, close } = await startBenchApp(databaseUrl);
  await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  process.send!({ port: (app.server.address() as AddressInfo).port, token } satisfies Ready);
  // The parent gone (closed or crashed): close the app, so a --cpu-prof profile is written on exit.
  process.once('disconnect', () => void close().then(() => process.exit(0)));
}

if (require.main === module && process.send) void serve(process.argv[2]);
