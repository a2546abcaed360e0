import { IMPORT_MESSAGES } from '../../src/shared/messages/imports';
import { isUtf8 } from 'node:buffer';
import { PassThrough, Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { format } from '../../src/shared/messages';
import type { SheetColumn } from '../../src/shared/resources/resource';
import type { SheetLimits } from '../config';
import { HttpError } from '../lib/httpError';
import { checkXlsx, tooBig, unreadable } from '../lib/xlsxLimits';
import type { Cell } from './define';

export type SheetFormat = 'csv' | 'xlsx';

export const SHEET_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

// A cell starting with one of these is run as a formula by spreadsheet programs (OWASP CSV injection).
export const FORMULA_CHARS = ['=', '+', '-', '@', '\t', '\r'] as const;
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes a would-be formula with `'` so a spreadsheet shows it as text. */
export const neutralise = (value: Cell): Cell =>
  typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;

/** Undoes `neutralise`, so an exported file imports back unchanged. */
export const restore = (value: string): string =>
  value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;

/** The columns an import reads, in order: the header row of the import template. */
export const importColumns = (columns: readonly SheetColumn[]): SheetColumn[] =>
  columns.filter((column) => column.import);

/** One exported row: its cells by sheet key. */
export type CellRow = Record<string, Cell>;

/** An empty row source: a template is its header row alone. */
export async function* noRows(): AsyncGenerator<CellRow[]> {}

const cellsOf = (columns: readonly SheetColumn[], row: CellRow): Cell[] =>
  columns.map((column) => neutralise(row[column.key] ?? null));

// A field csv-stringify would quote: one holding the delimiter, a quote or a line break.
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTES = /"/g;

/** A cell's text, as a file holds it unquoted: empty for null, a number as `String` gives it. */
export const cellText = (value: Cell): string =>
  value === null ? '' : typeof value === 'string' ? value : String(value);

/**
 * One cell as csv-stringify writes it with its defaults (null empty, a number as `String` gives
 * it, quoted only when it holds `,` `"` or a line break, quotes doubled), written here because an
 * export of a million rows spends most of its CPU time in the library's per-field options.
 */
export function csvField(value: Cell): string {
  const text = cellText(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTES, '""')}"` : text;
}

// Characters per chunk of a CSV download: well below V8's large-object size (128 KiB), so a chunk
// is short-lived young garbage once written, not old-space memory that waits for a full collection.
const CSV_CHUNK_CHARS = 32_000;

/**
 * A batch of rows as CSV lines (each ended by `\n`), every cell neutralised as `cellsOf` does, in
 * chunks of about `CSV_CHUNK_CHARS` characters.
 */
export function csvChunks(keys: readonly string[], rows: readonly CellRow[]): string[] {
  const chunks: string[] = [];
  // Lines joined into flat strings (not a rope of `+=` pieces that a waiting chunk would keep alive).
  let lines: string[] = [];
  let size = 0;
  const fields = new Array<string>(keys.length);
  for (const row of rows) {
    for (let index = 0; index < keys.length; index++)
      fields[index] = csvField(neutralise(row[keys[index]] ?? null));
    const line = fields.join(',');
    lines.push(line);
    size += line.length + 1;
    if (size >= CSV_CHUNK_CHARS) {
      chunks.push(`${lines.join('\n')}\n`);
      lines = [];
      size = 0;
    }
  }
  if (lines.length) chunks.push(`${lines.join('\n')}\n`);
  return chunks;
}

/**
 * A CSV (UTF-8 with BOM, so spreadsheets read accents) streamed as one chunk for the header row and
 * a few per batch of rows: each chunk is what a compressing route flushes to the browser at once.
 * One chunk waits to be read at most (the next batch is read from the database meanwhile): the
 * download stays in constant memory however fast the database answers.
 */
export function csvStream(columns: readonly SheetColumn[], batches: AsyncIterable<CellRow[]>): Readable {
  const keys = columns.map((column) => column.key);
  async function* chunks() {
    yield csvHeader(columns);
    for await (const batch of batches) yield* csvChunks(keys, batch);
  }
  return Readable.from(chunks(), { highWaterMark: 1 });
}

/** The first line of a CSV export: the byte order mark and the columns' labels. */
export const csvHeader = (columns: readonly SheetColumn[]): string =>
  stringify([columns.map((column) => column.label)], { bom: true });

/** A CSV whose rows come already written (PostgreSQL's COPY), after the header row, one chunk waiting at most. */
export const csvCopyStream = (columns: readonly SheetColumn[], rows: AsyncIterable<Buffer>): Readable =>
  Readable.from(
    (async function* () {
      yield csvHeader(columns);
      yield* rows;
    })(),
    { highWaterMark: 1 },
  );

/** An XLSX written by exceljs' streaming writer, one committed row at a time. */
export function xlsxStream(
  columns: readonly SheetColumn[],
  batches: AsyncIterable<CellRow[]>,
  sheetName: string,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  const write = async () => {
    sheet.addRow(columns.map((column) => column.label)).commit();
    for await (const batch of batches) for (const row of batch) sheet.addRow(cellsOf(columns, row)).commit();
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** One data row of an uploaded sheet: its number as the spreadsheet shows it, cells by sheet key. */
export interface SheetRow {
  row: number;
  values: Record<string, string>;
}

const normalise = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

/** Header cell → sheet key of an importable column (its key or its label, any case), or null. */
function headerKeys(columns: readonly SheetColumn[], header: string[]): (string | null)[] {
  const byName = new Map<string, string>();
  for (const column of columns.filter((c) => c.import)) {
    byName.set(normalise(column.key), column.key);
    byName.set(normalise(column.label), column.key);
  }
  return header.map((cell) => byName.get(normalise(cell)) ?? null);
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export const isXlsx = (buffer: Buffer, filename: string): boolean =>
  buffer.subarray(0, 4).equals(ZIP_MAGIC) || /\.xlsx$/i.test(filename);

/** A parsed line of an upload: its number as the spreadsheet shows it, its cells as text. */
interface RawRow {
  row: number;
  cells: string[];
}

// Bytes of an upload handed to a parser at once. A parser given the whole file as one chunk parses
// it all before the reader can pause it: csv-parse then holds every record of a 100 000-row file
// in its stream's buffer (hundreds of MB of heap) however slowly the import consumes them.
const PARSE_CHUNK = 64 * 1024;

/** An uploaded file as a stream of small chunks (views of its buffer, not copies). */
const chunked = (buffer: Buffer): Readable =>
  Readable.from(
    (function* () {
      for (let start = 0; start < buffer.length; start += PARSE_CHUNK)
        yield buffer.subarray(start, start + PARSE_CHUNK);
    })(),
    { objectMode: false, highWaterMark: PARSE_CHUNK },
  );

/**
 * The rows of the first worksheet, read by exceljs' streaming reader (never a whole workbook in
 * memory). Styles are read as the full reader reads them, so a date cell's text is the same.
 */
async function* xlsxRows(buffer: Buffer): AsyncGenerator<RawRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(chunked(buffer), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
      if (!row.hasValues) continue;
      const cells: string[] = [];
      for (let index = 1; index <= row.cellCount; index++) cells.push(row.getCell(index).text ?? '');
      yield { row: row.number, cells };
    }
    // The first worksheet only, as the import reads it.
    break;
  }
}

/** The records of a CSV, streamed by csv-parse; the row number counts empty lines too, as a spreadsheet does. */
async function* csvRows(buffer: Buffer): AsyncGenerator<RawRow> {
  const parser = chunked(buffer).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: false }),
  );
  let row = 0;
  for await (const cells of parser as AsyncIterable<string[]>) yield { row: ++row, cells };
}

/** Rows per batch an import validates and writes at once. */
export const SHEET_BATCH = 2000;

/**
 * Reads an uploaded CSV or XLSX (told apart by content, then name) as it parses, in batches of rows
 * keyed by sheet key; the first row is the header. Unknown columns are ignored; blank rows skipped.
 * A file past the row limit, unreadable, without a known header or without a data row throws (a 413
 * or 422) when the reading gets there: an import reading the batches rolls back.
 */
export async function* sheetBatches(
  buffer: Buffer,
  filename: string,
  columns: readonly SheetColumn[],
  limits: SheetLimits,
): AsyncGenerator<SheetRow[]> {
  const size = limits.batchRows ?? SHEET_BATCH;
  const xlsx = isXlsx(buffer, filename);
  // What a hostile file could make expensive is checked before a workbook is built from it.
  if (xlsx) await checkXlsx(buffer, limits);
  else if (!isUtf8(buffer))
    throw new HttpError(422, IMPORT_MESSAGES.importNotUtf8, { file: [IMPORT_MESSAGES.importNotUtf8] });
  const rows = xlsx ? xlsxRows(buffer) : csvRows(buffer);
  let keys: (string | null)[] | undefined;
  let read = 0;
  let found = 0;
  let batch: SheetRow[] = [];
  for (;;) {
    let next: IteratorResult<RawRow>;
    try {
      next = await rows.next();
    } catch {
      throw unreadable();
    }
    if (next.done) break;
    const { row, cells } = next.value;
    if (++read > limits.maxRows) {
      await rows.return(undefined);
      throw tooBig(format(IMPORT_MESSAGES.importTooBigRows, { count: limits.maxRows - 1 }));
    }
    if (!keys) {
      keys = headerKeys(columns, cells);
      if (!keys.some((key) => key !== null))
        throw new HttpError(422, IMPORT_MESSAGES.importUnreadable, {
          file: [IMPORT_MESSAGES.importUnreadable],
        });
      continue;
    }
    if (cells.every((cell) => !cell || !cell.trim())) continue;
    const values: Record<string, string> = {};
    keys.forEach((key, index) => {
      if (key) values[key] = restore((cells[index] ?? '').trim());
    });
    batch.push({ row, values });
    found++;
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (!keys)
    throw new HttpError(422, IMPORT_MESSAGES.importUnreadable, { file: [IMPORT_MESSAGES.importUnreadable] });
  if (!found) throw new HttpError(422, IMPORT_MESSAGES.importEmpty, { file: [IMPORT_MESSAGES.importEmpty] });
  if (batch.length) yield batch;
}
