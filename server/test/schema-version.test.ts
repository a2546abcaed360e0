import { sql } from 'drizzle-orm';
import { buildSchemaVersion, databaseSchemaVersion, isNewerThanBuild } from '../db/schemaVersion';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('schema version', () => {
  it('reads the migrated database at the version this build ships', async () => {
    const build = buildSchemaVersion();
    expect(build.count).toBeGreaterThan(0);
    expect(build.tag).toMatch(/^\d{4}_/);
    await expect(databaseSchemaVersion(t.app.db)).resolves.toEqual(build);
  });

  it('tells a database that has a migration the build does not know as newer', async () => {
    const build = buildSchemaVersion();
    expect(isNewerThanBuild(build, build)).toBe(false);
    await t.app.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', ${build.when + 1000})`,
        );
        const database = await databaseSchemaVersion(tx);
        expect(database).toEqual({ count: build.count + 1, tag: null, when: build.when + 1000 });
        expect(isNewerThanBuild(database, build)).toBe(true);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    await expect(databaseSchemaVersion(t.app.db)).resolves.toEqual(build);
  });
});
