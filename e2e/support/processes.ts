import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The repository's root, where the processes below run. */
export const root = path.resolve(__dirname, '..', '..');

/**
 * Waits until `url` answers 2xx. No start budget (a loaded machine took 74 s): the wait ends when it
 * answers, when the process exits (a failed start says why on its own output), or after 10 minutes.
 */
export async function waitForAnswer(child: ChildProcess, url: string, what: string): Promise<void> {
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (exited !== undefined)
      throw new Error(`${what} stopped before it answered (exit code ${String(exited)})`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer ${url} in time`);
}

/** Starts the compiled server (build/server/server.js) with `env`; answers once /api/health does. */
export async function startServer(env: NodeJS.ProcessEnv, url: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, [path.join(root, 'build', 'server', 'server.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env,
  });
  try {
    await waitForAnswer(server, `${url}/api/health`, 'The server');
  } catch (error) {
    await stop(server);
    throw error;
  }
  return server;
}

/**
 * The example website (examples/website) on `port` of loopback, built from the public API of the
 * product at `adminUrl`; its webhook's secret is read from `secretFile` (written once the webhook is
 * made). Answers once the site answers.
 */
export async function startExampleSite(
  adminUrl: string,
  port: number,
  secretFile: string,
): Promise<ChildProcess> {
  const site = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'examples/website/src/server.ts')],
    {
      cwd: root,
      // Its own log (a line per delivery) stays out of the suite's output; its errors do not.
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        ADMIN_URL: adminUrl,
        SITE_HOST: '127.0.0.1',
        SITE_PORT: String(port),
        WEBHOOK_SECRET: '',
        WEBHOOK_SECRET_FILE: secretFile,
      },
    },
  );
  try {
    await waitForAnswer(site, `http://127.0.0.1:${port}/`, 'the example website');
  } catch (error) {
    await stop(site);
    throw error;
  }
  return site;
}

/** Stops a child (SIGTERM) and waits for it to exit. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}
