import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { prepareDatabase } from '../db/prepare';
import { buildSchemaVersion } from '../db/schemaVersion';
import { createNativePglite, testConfig, throwawayDatabase } from './helper';

const root = path.resolve(__dirname, '../..');

/** Runs `server/server.ts` as `npm start` does, to its exit; answers the exit code and what it printed. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'migrations-test-password', ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

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
