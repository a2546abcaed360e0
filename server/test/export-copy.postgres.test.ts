import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { desc, eq, sql } from 'drizzle-orm';
import { MAX_COPY_EXPORTS } from '../crud/sheetSql';
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
  // Downloads a failed test left open would keep their connections, and the pool from closing.
  const downloads: http.ClientRequest[] = [];
  afterAll(async () => {
    downloads.forEach((request) => request.destroy());
    await t.close();
  });

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

  it('takes the batch path beside the COPY exports slow downloads hold, so the pool stays free', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    // A download that reads nothing after its first megabyte (well past the header row, which the
    // server writes before the rows): a COPY holds its connection meanwhile.
    const slowDownload = async () => {
      const request = http.get(`http://127.0.0.1:${port}/api/products/export?format=csv`, {
        headers: { ...authHeader(admin), 'accept-encoding': 'identity' },
      });
      downloads.push(request);
      request.on('error', () => undefined);
      const [response] = (await once(request, 'response')) as [http.IncomingMessage];
      response.on('error', () => undefined);
      let received = 0;
      while (received < 1_000_000) received += ((await once(response, 'data')) as [Buffer])[0].length;
      response.pause();
      return request;
    };
    const settled = async (running: number) => {
      while ((await copies()) !== running) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const held: http.ClientRequest[] = [];
    for (let i = 0; i < MAX_COPY_EXPORTS; i++) held.push(await slowDownload());
    await settled(MAX_COPY_EXPORTS);

    // One more streams its rows without a COPY of its own, and is answered whole.
    const another = await slowDownload();
    expect(await copies()).toBe(MAX_COPY_EXPORTS);
    another.destroy();
    const whole = await t.app.inject({
      method: 'GET',
      url: '/api/products/export?format=csv',
      headers: authHeader(admin),
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.body.trimEnd().split('\n')).toHaveLength(ROWS + 1);

    // Once they stop, the next export is a COPY again.
    held.forEach((request) => request.destroy());
    await settled(0);
    const next = await slowDownload();
    expect(await copies()).toBe(1);
    next.destroy();
    await settled(0);
  });
});
