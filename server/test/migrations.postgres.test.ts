// PostgreSQL only (the api:pglite project leaves out *.postgres.test.ts): PGlite is one process.
import { count } from 'drizzle-orm';
import pg from 'pg';
import { permissions, users } from '../db/schema';
import { prepareDatabase, type PreparedDatabase } from '../db/prepare';
import { buildSchemaVersion, databaseSchemaVersion } from '../db/schemaVersion';
import { testConfig, throwawayDatabase } from './helper';

describe('instances started together on one PostgreSQL database', () => {
  it('migrate and seed it once: two prepares racing both succeed on one set of migrations', async () => {
    const database = await throwawayDatabase();
    const config = testConfig({
      databaseUrl: database.url,
      admin: { name: 'A', email: 'a@example.com', password: undefined },
    });
    const announced: string[] = [];
    const prepares: PreparedDatabase[] = [];
    try {
      const results = await Promise.allSettled(
        [1, 2].map(() => prepareDatabase(config, { announce: (text) => announced.push(text) })),
      );
      for (const result of results) if (result.status === 'fulfilled') prepares.push(result.value);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      const { db } = prepares[0].database;
      expect(await databaseSchemaVersion(db)).toEqual(buildSchemaVersion());
      // One generated administrator, announced once; one permission catalogue.
      expect(announced.filter((text) => text.includes('Initial administrator'))).toHaveLength(1);
      const [{ n: userCount }] = await db.select({ n: count() }).from(users);
      expect(userCount).toBe(1);
      const [{ n: permissionCount }] = await db.select({ n: count() }).from(permissions);
      const again = await prepares[1].database.db.select({ n: count() }).from(permissions);
      expect(again[0].n).toBe(permissionCount);
    } finally {
      for (const prepared of prepares) await prepared.database.close();
      await database.drop();
    }
  });

  it('waits while another instance holds the start-up lock, and goes on once it is released', async () => {
    const database = await throwawayDatabase();
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    let prepared: PreparedDatabase | undefined;
    try {
      await holder.query(`select pg_advisory_lock(hashtextextended('company-admin.start', 0))`);
      const announced: string[] = [];
      let done = false;
      const preparing = prepareDatabase(testConfig({ databaseUrl: database.url }), {
        announce: (text) => announced.push(text),
      }).then((result) => {
        done = true;
        return result;
      });
      const deadline = Date.now() + 60_000;
      while (!announced.length && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(announced).toEqual(['Another instance is preparing the database; waiting for it to finish.\n']);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(done).toBe(false);
      // Nothing was migrated while it waited.
      const { rows } = await holder.query(`select to_regclass('drizzle.__drizzle_migrations') as t`);
      expect(rows[0].t).toBeNull();

      await holder.query(`select pg_advisory_unlock(hashtextextended('company-admin.start', 0))`);
      prepared = await preparing;
      expect(await databaseSchemaVersion(prepared.database.db)).toEqual(buildSchemaVersion());
    } finally {
      await holder.end();
      await prepared?.database.close();
      await database.drop();
    }
  });
});
