import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '../db/prepare';
import { startFailure } from '../startFailure';
import { createNativePglite, testConfig, throwawayDatabase } from './helper';

const root = path.resolve(__dirname, '../..');

/** A port something else already listens on, held until `release`. */
async function occupiedPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const { port } = blocker.address() as net.AddressInfo;
  return { port, release: () => new Promise((resolve) => blocker.close(() => resolve())) };
}

/** Runs `server/server.ts` as `npm start` does, to its exit; answers the exit code and what it printed. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'start-test-password', ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

/** The database a start in this project uses: a throwaway PostgreSQL one, or none (PGlite in DATA_DIR). */
async function projectDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  return process.env.TEST_DB_DRIVER === 'postgres' ? throwawayDatabase() : undefined;
}

describe('a start that fails', () => {
  it('says in one line that the port is in use, without a stack trace, and exits 1', async () => {
    const { port, release } = await occupiedPort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-start-'));
    const database = await projectDatabase();
    try {
      const { code, stderr } = await runServer({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
      });
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([
        `Cannot start: port ${port} on 127.0.0.1 is already in use (set PORT to a free port).`,
      ]);
    } finally {
      await release();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('says the database is unreachable when nothing answers at DATABASE_URL', async () => {
    const { port, release } = await occupiedPort();
    // Nothing speaks PostgreSQL on a port that was just free.
    await release();
    const config = testConfig({ databaseUrl: `postgres://someone:secret@127.0.0.1:${port}/nowhere` });
    const failure = await prepareDatabase(config).then(
      () => undefined,
      (error: unknown) => error,
    );
    const message = startFailure(failure, config);
    expect(message).toMatch(
      new RegExp(
        `^Cannot start: the database postgres://someone@127\\.0\\.0\\.1:${port}/nowhere is unreachable \\(.*ECONNREFUSED.*\\)\\.$`,
      ),
    );
    expect(message).not.toContain('secret');
    expect(message).not.toContain('\n');
  });

  it('says the migrations failed, and why, when the database holds what they would create', async () => {
    const database = await projectDatabase();
    const pglite = database ? undefined : await createNativePglite();
    if (database) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query('create table users (id integer)');
      await client.end();
    } else {
      await pglite!.exec('create table users (id integer)');
    }
    const config = testConfig({ databaseUrl: database?.url });
    try {
      const failure = await prepareDatabase(config, { createPglite: async () => pglite! }).then(
        () => undefined,
        (error: unknown) => error,
      );
      const message = startFailure(failure, config);
      expect(message).toMatch(
        /^Cannot start: applying the migrations to the (in-memory )?database.* failed \(.*users.*already exists\)\.$/,
      );
      expect(message).not.toContain('\n');
    } finally {
      await database?.drop();
    }
  });
});
