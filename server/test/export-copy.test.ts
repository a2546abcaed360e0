import { parse } from 'csv-parse/sync';
import { desc, eq, sql } from 'drizzle-orm';
import { registerResource } from '../crud/register';
import type { AnyResource, Declaration } from '../crud/resource';
import { csvRecordCounter, PGLITE_COPY } from '../crud/sheetSql';
import { auditLogs } from '../db/schema';
import { productsServer } from '../resources/products';
import { createTaxon } from './catalogFixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';
import { TRICKY_TEXT } from './sheets';

describe('the CSV record counter', () => {
  it('counts the records of a CSV cut anywhere, line breaks inside quoted fields not counted', () => {
    const rows = [
      ['plain', 'a "quoted" word', 'two\nlines', ''],
      ['"', '""', '\n', '\r\n'],
      ['x', 'y', 'z', 'end'],
    ];
    const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
    const text = Buffer.from(
      Array.from({ length: 40 }, (_, i) => `${rows[i % 3].map(quote).join(',')}\n`).join(''),
    );
    expect(parse(text)).toHaveLength(40);
    for (let size = 1; size <= 17; size++) {
      const count = csvRecordCounter();
      let records = 0;
      for (let at = 0; at < text.length; at += size) records += count(text.subarray(at, at + size));
      expect(records).toBe(40);
    }
  });
});

/**
 * A products CSV export is written by the database (`cellsSql`): on PostgreSQL one COPY, on PGlite
 * keyset batches of COPY (here of 7 rows, so an export crosses several, ties and NULLs of the sort
 * included); the same declaration without it, registered again under /batched, exports through the
 * rows and `cells`. Both must give the same bytes for every list shape, whatever the cells hold.
 */
describe('a products CSV export written by COPY', () => {
  let t: TestApp;
  let admin: string;

  const defaultChunk = PGLITE_COPY.chunk;
  beforeAll(async () => {
    PGLITE_COPY.chunk = 7;
    t = await buildTestApp(
      {},
      {
        extend: async (app) => {
          await app.register(
            async (batched) =>
              registerResource(batched, { ...productsServer, cellsSql: undefined } as Declaration),
            { prefix: '/batched' },
          );
        },
      },
    );
    admin = await adminToken(t.app);
    const brand = (await createTaxon(t, admin, '/api/brands', { name: 'Acme', slug: 'acme' })) as {
      id: number;
    };
    const other = (await createTaxon(t, admin, '/api/brands', { name: 'Globex', slug: 'globex' })) as {
      id: number;
    };
    // A slug no form accepts, as an older import could have stored it: a would-be formula.
    await t.app.db.execute(sql`update brands set slug = '=globex' where id = ${other.id}`);
    const category = (await createTaxon(t, admin, '/api/categories', { name: 'Pumps', slug: 'pumps' })) as {
      id: number;
    };
    // Written straight into the table, so every cell a writer must get right is there: separators,
    // quotes, line breaks, would-be formulas, empty and missing values, accents, a backslash,
    // timestamps with and without microseconds.
    const cells = [...TRICKY_TEXT, 'Grüße 東京 🚀', 'back\\slash', "o'brien", '\\.', '', null];
    const times = [
      '2026-01-02 03:04:05.123999+00',
      '2026-01-02 03:04:05+00',
      '2025-12-31 23:59:59.999999+00',
      '2026-06-30 12:00:00.5+02',
      '2026-03-01 00:00:00.000001+00',
    ];
    for (let i = 0; i < cells.length * 2; i++) {
      const cell = (k: number) => cells[(i + k) % cells.length];
      const name = `${cell(0) ?? 'none'} ${i}`;
      await t.app.db.execute(sql`
        insert into products (name, slug, brand_id, other_brand, category_id, model, function,
          specification, overview, application, status, meta_title, meta_description, meta_keyword, created_at)
        values (${name}, ${`${cell(1) ?? ''}-${i}`}, ${i % 3 === 0 ? null : i % 3 === 1 ? brand.id : other.id},
          ${cell(2)}, ${category.id}, ${cell(3)}, ${cell(4)}, ${cell(5)}, ${cell(6)}, ${cell(7)}, ${i % 2},
          ${cell(8)}, ${cell(9)}, ${cell(10)}, ${times[i % times.length]}::timestamptz)`);
    }
  });
  afterAll(async () => {
    PGLITE_COPY.chunk = defaultChunk;
    await t.close();
  });
  afterEach(() => jest.restoreAllMocks());

  const exported = async (prefix: string, query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${prefix}/api/products/export?format=csv&${query}`,
      headers: authHeader(admin),
    });
    expect(response.statusCode).toBe(200);
    return response;
  };

  it.each([
    '',
    'sort=name&order=asc',
    'sort=brand&order=desc',
    'sort=created_at&order=asc',
    'status=0',
    'search=%22',
    "search=o'brien",
    'search=back%5Cslash',
    'search=1&sort=category&order=asc',
  ])('writes the bytes the rows and cells write (%s)', async (query) => {
    const mapped = jest.spyOn(productsServer as unknown as AnyResource, 'toItems');
    const copied = await exported('', query);
    // The rows are never read by the server.
    expect(mapped).not.toHaveBeenCalled();
    const batched = await exported('/batched', query);
    expect(copied.rawPayload.equals(batched.rawPayload)).toBe(true);
    expect(copied.headers['content-type']).toBe(batched.headers['content-type']);
    expect(copied.headers['content-disposition']).toBe(batched.headers['content-disposition']);
    expect(copied.headers['x-total-count']).toBe(batched.headers['x-total-count']);
  });

  it('records the export and its rows in the audit log', async () => {
    const response = await exported('', 'sort=name&order=asc');
    const rows = parse(response.rawPayload, { bom: true }) as string[][];
    const [entry] = await t.app.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.kind, 'export'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(entry).toMatchObject({ resource: 'products', details: { format: 'csv', rows: rows.length - 1 } });
  });
});
