import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { desc, eq, sql } from 'drizzle-orm';
import { auditLogs } from '../db/schema';
import { insertPumps } from './catalogFixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

/** A COPY the client abandons closes its connection at once instead of writing on into it. */
describe('a COPY export the client abandons', () => {
  let t: TestApp;
  let admin: string;
  const ROWS = 3000;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
    // 30 MB of CSV: far more than the sockets between the database, the server and the client hold.
    await insertPumps(t, admin, ROWS, 'x'.repeat(10_000));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const copies = async () => {
    const found = await t.app.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where query ilike 'copy (%' and pid <> pg_backend_pid()`,
    );
    return (found as unknown as { rows: { n: number }[] }).rows[0].n;
  };

  it('closes the connection, and the audit entry says it stopped', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    const request = http.get(`http://127.0.0.1:${port}/api/products/export?format=csv`, {
      headers: { ...authHeader(admin), 'accept-encoding': 'identity' },
    });
    request.on('error', () => undefined);
    const [response] = (await once(request, 'response')) as [http.IncomingMessage];
    response.on('error', () => undefined);
    // Past the header row: the COPY is running.
    let received = 0;
    while (received < 1_000_000) received += ((await once(response, 'data')) as [Buffer])[0].length;
    expect(await copies()).toBe(1);
    request.destroy();

    // The connection that ran the COPY is closed, and the database's backend ends with it (one
    // handed back to the pool mid-COPY would stay active, its output unread), then the entry is written.
    const stopped = async () =>
      (
        await t.app.db
          .select()
          .from(auditLogs)
          .where(eq(auditLogs.kind, 'export'))
          .orderBy(desc(auditLogs.id))
          .limit(1)
      )[0];
    while ((await copies()) > 0 || !(await stopped()))
      await new Promise((resolve) => setTimeout(resolve, 20));
    const entry = await stopped();
    expect(entry.details).toMatchObject({ format: 'csv', incomplete: true });
    expect((entry.details as { rows: number }).rows).toBeLessThan(ROWS);
  });
});
