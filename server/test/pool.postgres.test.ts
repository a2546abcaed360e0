// PostgreSQL only (the api:pglite project leaves out *.postgres.test.ts): PGlite has no connections to lose.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { API_PATHS } from '../../src/shared/routes';
import { deferred } from '../../test/async';
import { buildTestApp, type TestApp } from './helper';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

describe('PostgreSQL connection pool', () => {
  let t: TestApp;
  // A transaction that stops between two statements until the test lets it go on.
  const reached = deferred<void>();
  const goOn = deferred<void>();
  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        extend: (app) => {
          app.post('/api/test/slow-transaction', async () => {
            await app.db.transaction(async (tx) => {
              await tx.execute(sql`select 1`);
              reached.resolve();
              await goOn.promise;
              await tx.execute(sql`select 2`);
            });
            return { done: true };
          });
        },
      },
    );
  });
  afterAll(() => t.close());

  const terminateOthers = async () => {
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
  };

  it('survives the server terminating its idle connections and answers the next request', async () => {
    expect((await t.app.inject({ method: 'GET', url: API_PATHS.health })).statusCode).toBe(200);
    await terminateOthers();
    const response = await t.app.inject({ method: 'GET', url: API_PATHS.health });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', db: 'ok' });
  });

  it('survives a connection lost in the middle of a transaction: that request is a 503, the next is served', async () => {
    const pending = t.app.inject({ method: 'POST', url: '/api/test/slow-transaction' });
    await reached.promise;
    await terminateOthers();
    goOn.resolve();
    const response = await pending;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: SERVER_MESSAGES.serviceUnavailable });
    expect((await t.app.inject({ method: 'GET', url: API_PATHS.health })).statusCode).toBe(200);
  });
});
