import { stringify } from 'csv-stringify/sync';
import { parse } from 'csv-parse/sync';
import { csvChunks, neutralise, type CellRow } from '../crud/sheet';
import { TRICKY_TEXT } from './sheets';

// Cells an export meets: empties, numbers, separators, quotes, line breaks, would-be formulas, accents.
const CELLS = [...TRICKY_TEXT, '', null, 0, 1.5, -3, 12345678901234, 'semi;colon'];
const KEYS = ['a', 'b', 'c', 'd'];

const rowsOf = (count: number): CellRow[] =>
  Array.from({ length: count }, (_, index) =>
    Object.fromEntries(KEYS.map((key, k) => [key, CELLS[(index * 7 + k * 3) % CELLS.length]])),
  );

describe('the CSV export writer', () => {
  it('writes every row as csv-stringify does with its defaults, cells neutralised', () => {
    const rows = rowsOf(CELLS.length * 4);
    const expected = stringify(rows.map((row) => KEYS.map((key) => neutralise(row[key] ?? null))));
    expect(csvChunks(KEYS, rows).join('')).toBe(expected);
  });

  it('reads back as the cells it was given (formulas prefixed), a missing key as empty', () => {
    const rows: CellRow[] = [{ a: 'x,"y"', b: '=1+1', c: 'line\nbreak' }];
    expect(parse(csvChunks(KEYS, rows).join(''))).toEqual([['x,"y"', "'=1+1", 'line\nbreak', '']]);
  });

  it('cuts a large batch into chunks of whole lines', () => {
    const rows = rowsOf(5000);
    const chunks = csvChunks(KEYS, rows);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.endsWith('\n')).toBe(true);
    expect(parse(chunks.join(''), { relax_column_count: true })).toHaveLength(5000);
  });
});
