import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

/** Text cells an export meets: separators, quotes, line breaks, would-be formulas, spaces, accents. */
export const TRICKY_TEXT = [
  'plain',
  'a,b',
  'say "hi"',
  'two\nlines',
  'cr\rhere',
  ' spaced ',
  '=SUM(A1)',
  '+1',
  '-2',
  '@x',
  '\ttab',
  "'=kept",
  'Grüße',
  '"',
  ',',
  '\r\n',
];

/** The rows of an exported CSV, cells as text. */
export const csvRows = (body: string): string[][] =>
  parse(body, { bom: true, relax_column_count: true }) as string[][];

/** The rows of the first sheet of an XLSX, cells as text. */
export async function xlsxRows(buffer: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push(Array.from({ length: row.cellCount }, (_, index) => row.getCell(index + 1).text));
  });
  return rows;
}

/** An XLSX holding `rows` in one sheet. */
export async function xlsxBuffer(rows: (string | number)[][], sheetName = 'sheet'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
