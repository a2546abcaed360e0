import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS } from '../../src/shared/routes';
import { freePort } from './network';
import { buildTestApp, throwawayDatabase, type TestApp } from './helper';

const root = path.resolve(__dirname, '../..');

describe('GET /api/ready', () => {
  let t: TestApp;
  let storageUp = true;
  let storageHangs = false;
  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        // What object storage will do: add its own check.
        extend: (app) =>
          app.readiness.add('storage', async () => {
            if (storageHangs) await new Promise(() => undefined);
            if (!storageUp) throw new Error('bucket unreachable');
          }),
      },
    );
  });
  afterAll(() => t.close());

  const ready = () => t.app.inject({ method: 'GET', url: API_PATHS.ready });

  it('answers 200 when the database, its migrations, the job queue and every added check are there', async () => {
    const response = await ready();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok', storage: 'ok' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the failing check, without its reason', async () => {
    storageUp = false;
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'not-ready',
        checks: { database: 'ok', migrations: 'ok', jobs: 'ok', storage: 'error' },
      });
      expect(response.body).not.toContain('bucket');
    } finally {
      storageUp = true;
    }
  });

  it('counts a check that does not answer within 2 s as failed, and answers', async () => {
    storageHangs = true;
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(response.json().checks.storage).toBe('error');
    } finally {
      storageHangs = false;
    }
  });

  it('keeps /api/health (liveness) apart: 200 while not ready', async () => {
    storageUp = false;
    try {
      expect((await ready()).statusCode).toBe(503);
      expect((await t.app.inject({ method: 'GET', url: API_PATHS.health })).statusCode).toBe(200);
    } finally {
      storageUp = true;
    }
  });
});

async function status(url: string): Promise<number | 'refused'> {
  try {
    return (await fetch(url)).status;
  } catch {
    return 'refused';
  }
}

describe('SIGTERM', () => {
  it('turns /api/ready to 503 at once while the server still answers, then drains and exits 0', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-ready-'));
    const database = process.env.TEST_DB_DRIVER === 'postgres' ? await throwawayDatabase() : undefined;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        ADMIN_PASSWORD: 'readiness-test-password',
        LOG_LEVEL: 'silent',
        SHUTDOWN_DELAY_MS: '3000',
      },
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const base = `http://127.0.0.1:${port}`;
    try {
      const deadline = Date.now() + 300_000;
      while ((await status(`${base}${API_PATHS.ready}`)) !== 200) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error('the server never became ready');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      child.kill('SIGTERM');
      const until = Date.now() + 10_000;
      let draining = 0;
      while (draining !== 503 && Date.now() < until)
        draining = Number(await status(`${base}${API_PATHS.ready}`));
      expect(draining).toBe(503);
      const body = (await (await fetch(`${base}${API_PATHS.ready}`)).json()) as { status: string };
      expect(body.status).toBe('draining');
      // Still serving during the delay: the load balancer's cue, not a refusal.
      expect(await status(`${base}${API_PATHS.health}`)).toBe(200);
      expect(await exited).toBe(0);
      expect(await status(`${base}${API_PATHS.health}`)).toBe('refused');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
