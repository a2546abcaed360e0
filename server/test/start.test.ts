import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { prepareDatabase } from '../db/prepare';
import { buildSchemaVersion } from '../db/schemaVersion';
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

  it('refuses an ACCESS_TOKEN_TTL too short to refresh in time, in one line, before opening anything', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-start-'));
    try {
      const { code, stderr } = await runServer({ ACCESS_TOKEN_TTL: '10', DATA_DIR: dataDir, PORT: '0' });
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([
        'Cannot start: ACCESS_TOKEN_TTL must be at least 30 seconds (got 10): shorter tokens cannot be refreshed in time',
      ]);
      // Refused before the database was opened: nothing was created.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a clock offset or a connect timeout that is not a number it can use', () => {
    expect(() => loadConfig({ CLOCK_OFFSET_MS: 'tomorrow' })).toThrow(
      'CLOCK_OFFSET_MS must be a non-negative integer',
    );
    expect(() => loadConfig({ CLOCK_OFFSET_MS: '-60000' })).toThrow(
      'CLOCK_OFFSET_MS must be a non-negative integer',
    );
    expect(loadConfig({ CLOCK_OFFSET_MS: '60000' }).clockOffsetMs).toBe(60_000);
    // 0 would be node-postgres' "wait for ever": refused, as is anything under 100 ms.
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '0' })).toThrow(
      'DATABASE_CONNECT_TIMEOUT_MS must be at least 100 (got 0)',
    );
    expect(loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '8000' }).databaseConnectTimeoutMs).toBe(8000);
    expect(loadConfig({}).databaseConnectTimeoutMs).toBeUndefined();
  });

  it('starts with the shortest ACCESS_TOKEN_TTL it accepts', () => {
    expect(loadConfig({ ACCESS_TOKEN_TTL: '30' }).accessTokenTtl).toBe(30);
    expect(() => loadConfig({ ACCESS_TOKEN_TTL: '29' })).toThrow(
      'ACCESS_TOKEN_TTL must be at least 30 seconds',
    );
  });
});

describe('a database whose schema is newer than the build', () => {
  it('is refused at start in one line, and left as it was', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-newer-'));
    const database = process.env.TEST_DB_DRIVER === 'postgres' ? await throwawayDatabase() : undefined;
    const config = testConfig({ dataDir, inMemoryDb: false, databaseUrl: database?.url });
    const build = buildSchemaVersion();
    try {
      // A newer build migrated this database: one migration this build does not know.
      const prepared = await prepareDatabase(config, {
        createPglite: createNativePglite,
        announce: () => undefined,
      });
      await prepared.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-build', ${build.when + 60_000})`,
      );
      await prepared.database.close();

      const { code, stderr } = await runServer({
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
      });
      expect(code).toBe(1);
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `^Cannot start: the (embedded )?database .* has ${build.count + 1} migrations, newer than this build \\(${build.count}, up to ${build.tag}\\); start a build at least as new as the one that migrated it\\.$`,
        ),
      );

      // Nothing was migrated or seeded over it.
      const again = await prepareDatabase(config, { createPglite: createNativePglite }).catch(
        (error: unknown) => error,
      );
      expect(again).toMatchObject({ step: 'schema' });
    } finally {
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
