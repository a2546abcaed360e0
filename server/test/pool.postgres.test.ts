// PostgreSQL only (the api:pglite project leaves out *.postgres.test.ts): PGlite has no connections to lose.
import pg from 'pg';
import { API_PATHS } from '../../src/shared/routes';
import { buildTestApp, type TestApp } from './helper';

describe('PostgreSQL connection pool', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('survives the server terminating its idle connections and answers the next request', async () => {
    expect((await t.app.inject({ method: 'GET', url: API_PATHS.health })).statusCode).toBe(200);

    const admin = new pg.Client({ connectionString: t.config.databaseUrl });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Let the pool see the terminated sockets close.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const response = await t.app.inject({ method: 'GET', url: API_PATHS.health });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', db: 'ok' });
  });
});
