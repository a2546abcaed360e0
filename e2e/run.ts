/**
 * `npm run test:e2e`: starts the real server — the compiled one `npm run build` writes, as
 * production runs it — on a throwaway data dir, serving the built SPA, waits for it, runs the
 * browser suite (Jest + playwright-core + Debian's Chromium) against it, stops it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_ADMIN, E2E_MAIL_FROM, E2E_PORT, E2E_SMTP_PORT, baseUrl } from './support/config';
import { startMailbox } from './support/mailbox';

const root = path.resolve(__dirname, '..');

/**
 * Waits until the server answers /api/health. No start budget (a loaded machine took 74 s): the wait
 * ends when the server answers, when it exits (a failed start says why on its own output), or after
 * 10 minutes.
 */
async function waitForHealth(server: ChildProcess): Promise<void> {
  let exited: number | null | undefined;
  server.once('exit', (code) => (exited = code));
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (exited !== undefined)
      throw new Error(`The server stopped before it answered (exit code ${String(exited)})`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The server did not answer /api/health in time');
}

async function main(): Promise<number> {
  const serverEntry = path.join(root, 'build', 'server', 'server.js');
  if (!existsSync(path.join(root, 'dist', 'index.html')) || !existsSync(serverEntry)) {
    process.stderr.write('dist/ or build/server/ is missing: run `npm run build` first.\n');
    return 1;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-e2e-'));
  // A real SMTP server on loopback: the journeys read the mails that arrived (support/mailbox.ts).
  const mailDir = mkdtempSync(path.join(tmpdir(), 'admin-e2e-mail-'));
  const mailbox = await startMailbox(E2E_SMTP_PORT, mailDir);
  const server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: path.join(root, 'dist'),
      PUBLIC_URL: baseUrl,
      ADMIN_NAME: E2E_ADMIN.name,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      MAIL_FROM: E2E_MAIL_FROM,
      REDIS_URL: '',
    },
  });
  try {
    await waitForHealth(server);
    // Not spawnSync: this process's SMTP server must answer while the suite runs.
    const jest = spawn(
      process.execPath,
      [
        require.resolve('jest/bin/jest'),
        '--config',
        'e2e/jest.config.ts',
        '--runInBand',
        ...process.argv.slice(2),
      ],
      { cwd: root, stdio: 'inherit', env: { ...process.env, E2E_MAIL_DIR: mailDir } },
    );
    return await new Promise<number>((resolve) => jest.once('exit', (code) => resolve(code ?? 1)));
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
