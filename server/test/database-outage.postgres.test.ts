// PostgreSQL only (the api:pglite project leaves out *.postgres.test.ts): PGlite runs in the process.
import { API_PATHS } from '../../src/shared/routes';
import { adminToken, authHeader, buildTestApp, throwawayDatabase, type TestApp } from './helper';
import { Relay } from './network';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

describe('PostgreSQL going away and coming back (a restart, an outage)', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let relay: Relay;
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    database = await throwawayDatabase();
    const server = new URL(database.url);
    relay = new Relay(server.hostname, Number(server.port || 5432));
    await relay.up();
    t = await buildTestApp({ databaseUrl: relay.through(database.url) });
    admin = await adminToken(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await relay?.down();
    await database?.drop();
  });

  const products = () => t.app.inject({ method: 'GET', url: '/api/products', headers: authHeader(admin) });

  it('answers 503 with Retry-After at once, never a hang or a stack trace, and serves again after', async () => {
    expect((await products()).statusCode).toBe(200);
    // Nothing cached may hide the outage: the cache only spares a token's lookup for 1 s.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await relay.down();

    const refused = await products();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: SERVER_MESSAGES.serviceUnavailable });
    expect(refused.headers['retry-after']).toBe('5');
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/brands',
      headers: authHeader(admin),
      payload: { name: 'During the outage' },
    });
    expect(write.statusCode).toBe(503);
    const ready = await t.app.inject({ method: 'GET', url: API_PATHS.ready });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks.database).toBe('error');
    expect((await t.app.inject({ method: 'GET', url: API_PATHS.health })).statusCode).toBe(503);

    await relay.up();
    const deadline = Date.now() + 30_000;
    let status = (await products()).statusCode;
    while (status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await products()).statusCode;
    }
    expect(status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: API_PATHS.ready })).statusCode).toBe(200);
  });
});
