import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { TokenResponse } from '../src/shared/contracts/account';
import { API_PATHS } from '../src/shared/routes';

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

/** The initial administrator the benches' servers start with (first start only). */
export const BENCH_LOGIN = { email: 'admin@example.com', password: 'bench-password-123' };

/** Signs in at `base` with the password grant (the OAuth client given); the tokens, or throws. */
export async function passwordSignIn(
  base: string,
  client: { clientId: string; clientSecret: string },
  login: { email: string; password: string } = BENCH_LOGIN,
): Promise<TokenResponse> {
  const response = await fetch(`${base}${API_PATHS.token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      username: login.email,
      password: login.password,
      client_id: client.clientId,
      client_secret: client.clientSecret,
      scope: '*',
    }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as TokenResponse;
}

/**
 * Starts a command with a fresh data dir on the given port, in this repository or in `cwd` (another
 * checkout, to measure it beside this one).
 */
export function startWithFreshData(
  command: string,
  args: string[],
  port: number,
  { cwd = root, env = {} }: { cwd?: string; env?: Record<string, string> } = {},
): ChildProcess {
  return spawn(command, args, {
    cwd,
    // Its own process group, so `stop` ends npm and the server it started together.
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'admin-bench-')),
      DATABASE_URL: '',
      ADMIN_EMAIL: BENCH_LOGIN.email,
      ADMIN_PASSWORD: BENCH_LOGIN.password,
      LOG_LEVEL: 'warn',
      ...env,
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

/** Debian's Chromium (or CHROMIUM_PATH), headless, without the background traffic that would skew byte counts. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** One response a page received, with the bytes Chromium counted for it. */
export interface Received {
  /** Path of the URL (no query). */
  path: string;
  resourceType: string;
  /** Content-Encoding it came with ('' when none). */
  encoding: string;
  /** Encoded body bytes plus response header bytes: DevTools' "transferred". */
  transferred: number;
  /** Encoded body bytes only. */
  body: number;
}

/** Starts recording every response of `page`; `settled()` gives them once each has finished loading. */
export function recordResponses(page: Page): { settled: () => Promise<Received[]> } {
  const pending: Promise<Received | null>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const sizes = await request.sizes();
        return {
          path: new URL(request.url()).pathname,
          resourceType: request.resourceType(),
          encoding: (await response.headerValue('content-encoding')) ?? '',
          transferred: sizes.responseBodySize + sizes.responseHeadersSize,
          body: sizes.responseBodySize,
        };
      })()
        // A request that finished after the measure closed the page (a late poll) is not counted;
        // unhandled, its rejection would end the whole run.
        .catch(() => null),
    );
  });
  return {
    settled: async () => (await Promise.all(pending)).filter((entry): entry is Received => entry !== null),
  };
}

/** Scripts and style sheets, the budgeted part of a page load. */
export const isCode = (received: Received): boolean =>
  received.resourceType === 'script' || received.resourceType === 'stylesheet';

/** kB as Chromium's DevTools counts them (1 kB = 1000 bytes). */
export const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

/** The middle of a list of numbers (the mean of the two middle ones for an even count). */
export const median = (numbers: readonly number[]): number => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
