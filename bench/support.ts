import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const root = path.resolve(__dirname, '..');

/** Polls a URL until it answers 2xx; resolves with the milliseconds it took. */
export async function waitForOk(url: string, startedAt: number, timeoutMs = 300000): Promise<number> {
  while (Date.now() - startedAt < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return Date.now() - startedAt;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts a command with a fresh data dir on the given port. */
export function startWithFreshData(command: string, args: string[], port: number): ChildProcess {
  return spawn(command, args, {
    cwd: root,
    // Its own process group, so `stop` ends npm and the server it started together.
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'admin-bench-')),
      DATABASE_URL: '',
      ADMIN_PASSWORD: 'bench-password-123',
      LOG_LEVEL: 'warn',
    },
  });
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
  else child.kill('SIGTERM');
  await exited;
}
