import { sql } from 'drizzle-orm';
import { POOL_PLAN_CACHE_MODE, type Executor } from '../db/client';
import * as bulkWrite from '../db/bulkWrite';
import { BULK_GIN_PENDING_LIST_KB, GIN_PENDING_LIST_KB } from '../db/ginPending';
import { contactForms } from '../db/schema';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';

/** `BULK_WRITE_SETTINGS` as `current_setting` reads them back inside a bulk write's transaction. */
const BULK_SETTINGS_READ = {
  gin_pending_list_limit: `${BULK_GIN_PENDING_LIST_KB / 1024}MB`,
  plan_cache_mode: 'auto',
};

/** The session's current value of each bulk-write setting, as `current_setting` answers it (no units). */
async function settings(db: Executor): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const [name] of bulkWrite.BULK_WRITE_SETTINGS) {
    const result = (await db.execute(sql`select current_setting(${name}) as value`)) as unknown as {
      rows: { value: string }[];
    };
    values[name] = result.rows[0].value;
  }
  return values;
}

describe("a bulk write's session settings (db/bulkWrite.ts)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('hold in its transaction and end with it', async () => {
    const before = await settings(t.app.db);
    // The app's sessions: small pending lists, and on PostgreSQL custom plans forced for the lists.
    expect(before.gin_pending_list_limit).toBe(`${GIN_PENDING_LIST_KB}kB`);
    expect(before.plan_cache_mode).toBe(onPostgres ? POOL_PLAN_CACHE_MODE : 'auto');

    const inside = await t.app.db.transaction(async (tx) => {
      await bulkWrite.startBulkWrite(tx);
      return settings(tx);
    });
    expect(inside).toEqual(BULK_SETTINGS_READ);

    // set_config(…, true): the next transaction on the same session has the app's settings again.
    expect(await settings(t.app.db)).toEqual(before);
  });

  it("a bulk delete's transaction runs with them (its revisions' foreign keys keep their plans)", async () => {
    const rows = await t.app.db
      .insert(contactForms)
      .values(
        ['one', 'two', 'three'].map((name) => ({
          name,
          email: `${name}@example.org`,
          subject: 'Hello',
          message: 'A message',
          source: 'contact-page' as const,
        })),
      )
      .returning({ id: contactForms.id });
    const seen: Record<string, string>[] = [];
    const original = bulkWrite.startBulkWrite;
    const spy = jest.spyOn(bulkWrite, 'startBulkWrite').mockImplementation(async (tx) => {
      await original(tx);
      seen.push(await settings(tx));
    });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/contact-forms/bulk-delete',
        headers: authHeader(await adminToken(t.app)),
        payload: { ids: rows.map((row) => row.id) },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ data: { count: 3 } });
    } finally {
      spy.mockRestore();
    }
    expect(seen).toEqual([BULK_SETTINGS_READ]);
  });
});
