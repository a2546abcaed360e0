import { IMPORT_MESSAGES } from '../../src/shared/messages/imports';
import { validation } from '../../src/shared/messages';
import { productsResource } from '../../src/shared/resources/products';
import { ImportReader, type CheckedBatch } from '../crud/importReader';
import { importColumns } from '../crud/sheet';
import { testConfig } from './helper';

// The thread that reads and checks an import's file (server/crud/importWorker.ts), driven as the
// import route drives it; the route's own suites (products-sheet, import-batches …) import through it.
const COLUMNS = importColumns(productsResource.sheet ?? []);
const limits = { ...testConfig().sheetLimits, batchRows: 500 };
/** A CSV with every import column (or only `keys`), a row per entry of `lines`. */
const csv = (lines: Record<string, string>[], keys = COLUMNS.map((column) => column.key)) =>
  Buffer.from(
    [
      keys.map((key) => COLUMNS.find((column) => column.key === key)!.label).join(','),
      ...lines.map((line) => keys.map((key) => line[key] ?? '').join(',')),
    ].join('\n'),
  );
const pump = (n: number) => ({
  name: `Pump ${n}`,
  slug: `pump-${n}`,
  brand: 'acme',
  category: 'pumps',
  model: `P-${n}`,
  status: 'Active',
});
const pumps = (count: number, from = 1) => Array.from({ length: count }, (_, index) => pump(from + index));

const readAll = async (reader: ImportReader, file: Buffer, filename = 'products.csv') => {
  const batches: CheckedBatch[] = [];
  for await (const batch of reader.read('products', file, filename, limits)) batches.push(batch);
  return batches;
};

describe('the import reader', () => {
  let reader: ImportReader;
  beforeAll(() => {
    reader = new ImportReader();
  });
  afterAll(() => reader.close());

  it("reads a file in batches of checked rows: each row's schema output and key, or its messages by spreadsheet row", async () => {
    const batches = await readAll(reader, csv([...pumps(700), { ...pump(701), status: '' }]));
    expect(batches.map((batch) => batch.rows.length)).toEqual([500, 201]);
    const checked = batches.flatMap((batch) => batch.rows);
    expect(checked[0]).toEqual({
      row: 2,
      key: 'pump-1',
      data: expect.objectContaining({ name: 'Pump 1', slug: 'pump-1', brand: 'acme', model: 'P-1' }),
    });
    expect(checked[700]).toEqual({
      row: 702,
      errors: expect.arrayContaining([validation.required('Status')]),
    });
    // A whole header: no column missing, so no cells sent back.
    expect(batches.every((batch) => batch.absent.length === 0)).toBe(true);
    expect(checked.some((row) => 'values' in row && row.values)).toBe(false);
  });

  it('names the columns the header lacks, and sends the cells back, when the file leaves columns out', async () => {
    const keys = ['name', 'slug', 'brand', 'category', 'model', 'status'];
    const [batch] = await readAll(reader, csv([pump(1)], keys));
    expect(batch.absent).toEqual(COLUMNS.map((column) => column.key).filter((key) => !keys.includes(key)));
    expect(batch.rows[0]).toMatchObject({ key: 'pump-1', values: pump(1) });
  });

  it("answers a file it cannot read, or one past the row limit, with the reading's own 4xx", async () => {
    await expect(readAll(reader, Buffer.from('Nothing,Known\n1,2'))).rejects.toMatchObject({
      statusCode: 422,
      message: IMPORT_MESSAGES.importUnreadable,
    });
    const read = async () => {
      const tooMany = { ...limits, maxRows: 4 };
      for await (const batch of reader.read('products', csv(pumps(10)), 'products.csv', tooMany)) void batch;
    };
    await expect(read()).rejects.toMatchObject({ statusCode: 413 });
  });

  it('an import that stops taking batches leaves the thread free for the next file', async () => {
    for await (const batch of reader.read('products', csv(pumps(5000)), 'products.csv', limits)) {
      expect(batch.rows).toHaveLength(500);
      break;
    }
    const batches = await readAll(reader, csv(pumps(1200, 9000)));
    expect(batches.flatMap((batch) => batch.rows).map((row) => row.row)).toEqual(
      Array.from({ length: 1200 }, (_, index) => index + 2),
    );
  });

  it('a thread that stops fails the file it was reading, and the next file starts another', async () => {
    const reading = reader.read('products', csv(pumps(5000)), 'products.csv', limits);
    expect((await reading.next()).done).toBe(false);
    await reader.close();
    const rest = async () => {
      for await (const batch of reading) void batch;
    };
    await expect(rest()).rejects.toThrow(/import reader stopped/);
    expect((await readAll(reader, csv(pumps(3)))).flatMap((batch) => batch.rows)).toHaveLength(3);
  });
});
