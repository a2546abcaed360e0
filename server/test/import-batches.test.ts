import { IMPORT_MESSAGES } from '../../src/shared/messages/imports';
import { count, like } from 'drizzle-orm';
import { format, success } from '../../src/shared/messages';
import { productsResource } from '../../src/shared/resources/products';
import { SHEET_BATCH, sheetBatches } from '../crud/sheet';
import { products } from '../db/schema';
import { createAcmePumps } from './catalogFixtures';
import { importAnswer, postFile } from './fixtures';
import { adminToken, buildTestApp, testConfig, type TestApp } from './helper';

// Batches of 500 rows (read, validated and written one after the other): the file crosses several.
const BATCH = 500;
const ROWS = 1203;
const HEADER = 'Name,Slug,Brand,Category,Model,Status';

const csv = (rows: number, line: (n: number) => string) =>
  [HEADER, ...Array.from({ length: rows }, (_, index) => line(index + 1))].join('\n');

describe('imports in batches, and the dry run', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ sheetLimits: { ...testConfig().sheetLimits, batchRows: BATCH } });
    admin = await adminToken(t.app);
    await createAcmePumps(t, admin);
  });
  afterAll(() => t.close());

  const upload = (body: string, query = '') =>
    postFile(t.app, admin, `/api/products/import${query}`, body, 'products.csv');
  const imported = async () =>
    (await t.app.db.select({ total: count() }).from(products).where(like(products.slug, 'batch-%')))[0].total;
  const models = async () =>
    new Set(
      (
        await t.app.db.select({ model: products.model }).from(products).where(like(products.slug, 'batch-%'))
      ).map((row) => row.model),
    );

  const file = csv(ROWS, (n) => `Batch ${n},batch-${n},acme,pumps,A-${n},Active`);

  it('a dry run checks the whole file, answers what it would do, and stores nothing', async () => {
    const response = await upload(file, '?dry_run=true');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { created: ROWS, updated: 0, unchanged: 0, dry_run: true },
      message: format(IMPORT_MESSAGES.importChecked, { created: ROWS, updated: 0, unchanged: 0 }),
    });
    expect(await imported()).toBe(0);
  });

  it('a dry run of a file with a bad row answers the same 422 as the import', async () => {
    const bad = csv(
      ROWS,
      (n) => `Batch ${n},batch-${n},${n === 1001 ? 'nobody' : 'acme'},pumps,A-${n},Active`,
    );
    const checked = await upload(bad, '?dry_run=true');
    const real = await upload(bad);
    expect(checked.statusCode).toBe(422);
    expect(checked.json()).toEqual(real.json());
    expect(checked.json().errors).toEqual({ 'row 1002': [expect.any(String)] });
    expect(await imported()).toBe(0);
  });

  it('rejects a dry_run that is not a boolean', async () => {
    expect((await upload(file, '?dry_run=maybe')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await upload(file, '?dry_run=maybe')).statusCode).toBeLessThan(500);
    expect(await imported()).toBe(0);
  });

  it('imports every row over several batches, then updates every row from the same file', async () => {
    const created = await upload(file);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({
      data: importAnswer(ROWS, 0, 0),
      message: success.imported('Product'),
    });
    expect(await imported()).toBe(ROWS);

    const changed = csv(ROWS, (n) => `Batch ${n},batch-${n},acme,pumps,B-${n},Active`);
    const updated = await upload(changed);
    expect(updated.json()).toEqual({
      data: importAnswer(0, ROWS, 0),
      message: success.imported('Product'),
    });
    expect(await imported()).toBe(ROWS);
    const stored = await models();
    expect(stored.size).toBe(ROWS);
    expect([...stored].every((model) => model?.startsWith('B-'))).toBe(true);

    // A dry run of updates counts them and leaves the rows as they were.
    const again = csv(ROWS, (n) => `Batch ${n},batch-${n},acme,pumps,C-${n},Active`);
    expect((await upload(again, '?dry_run=true')).json().data).toEqual({
      created: 0,
      updated: ROWS,
      unchanged: 0,
      dry_run: true,
    });
    expect([...(await models())].every((model) => model?.startsWith('B-'))).toBe(true);
    // The file the rows already hold, over several batches: every row matched, none to write.
    expect((await upload(changed, '?dry_run=true')).json().data).toEqual({
      created: 0,
      updated: 0,
      unchanged: ROWS,
      dry_run: true,
    });
  });

  it('a bad row after several batches of good ones: 422 and nothing of the file is stored', async () => {
    const rows =
      csv(ROWS, (n) => `Late ${n},late-${n},acme,pumps,L-${n},Active`) +
      '\nLate dup,late-1,acme,pumps,L,Active';
    const response = await upload(rows);
    expect(response.statusCode).toBe(422);
    expect(
      (await t.app.db.select({ total: count() }).from(products).where(like(products.slug, 'late-%')))[0]
        .total,
    ).toBe(0);
  });
});

describe('reading an uploaded sheet', () => {
  const limits = testConfig().sheetLimits;
  const columns = productsResource.sheet ?? [];
  const csvBuffer = (lines: string[]) => Buffer.from([HEADER, ...lines].join('\n'));

  it('parses a CSV as the import reads it: the first batch comes before the parser reaches the end', async () => {
    // A broken line far down the file (past the first batches): a parser handed the whole file at
    // once parses it all (and fails) before the first batch; read as it streams, the first batch
    // of good rows arrives first, and the error only when the reading gets there.
    const lines = Array.from(
      { length: 20_000 },
      (_, index) => `Far ${index},far-${index},acme,pumps,F,Active`,
    );
    lines.splice(15_000, 0, '"broken"quote,x,acme,pumps,F,Active');
    const batches = sheetBatches(csvBuffer(lines), 'products.csv', columns, limits);
    const first = await batches.next();
    expect(first.done).toBe(false);
    expect(first.value).toHaveLength(SHEET_BATCH);
    await expect(
      (async () => {
        for await (const batch of batches) void batch;
      })(),
    ).rejects.toMatchObject({ statusCode: 422 });
  });

  it("keeps every character of a CSV whose multi-byte characters cross the parser's chunks", async () => {
    const name = (index: number) => `Één ${'é'.repeat(index % 37)} ${index}`;
    const lines = Array.from(
      { length: 12_000 },
      (_, index) => `${name(index)},s-${index},acme,pumps,M,Active`,
    );
    const names: string[] = [];
    for await (const batch of sheetBatches(csvBuffer(lines), 'products.csv', columns, limits))
      for (const { values } of batch) names.push(values.name);
    expect(names).toEqual(lines.map((_, index) => name(index)));
  });
});
