import { IMPORT_MESSAGES } from '../../src/shared/messages/imports';
import { count } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { format, success } from '../../src/shared/messages';
import { REFUSAL_MESSAGES } from '../../src/shared/messages/refusals';
import { users } from '../db/schema';
import { importAnswer, postFile, signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, login, type TestApp } from './helper';

/** What a status cell accepts, as an import's refusal lists it (issue #41). */
const STATUS_WORDS = 'Active, Not Active, 1, 0';

const HEADER = ['Name', 'Email', 'Phone Number', 'Role', 'Status', 'Created At'];

async function xlsxBuffer(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function readXlsx(buffer: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push(Array.from({ length: HEADER.length }, (_, index) => row.getCell(index + 1).text));
  });
  return rows;
}

describe('users export and import', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: authHeader(admin),
      payload: { name: 'Sales', permissions: [] },
    });
  });
  afterAll(() => t.close());

  const userCount = async () => (await t.app.db.select({ total: count() }).from(users))[0].total;
  const importFile = (value: string | Buffer, filename: string, token = admin) =>
    postFile(t.app, token, '/api/users/import', value, filename);
  const exportFile = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/export?${query}`, headers: authHeader(admin) });
  const csvOf = (body: string) => parse(body, { bom: true }) as string[][];

  it('imports a CSV with labels in any case and a BOM, creating users that cannot sign in yet', async () => {
    const csv =
      '\uFEFFname,EMAIL,Phone Number,role,Status\n' +
      'Cara One,Cara@Example.com,+62 811,Sales,Active\n' +
      'Dan Two,dan@example.com,,sales,0\n';
    const response = await importFile(csv, 'people.csv');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: importAnswer(2, 0, 0),
      message: success.imported('User'),
    });
    const listed = (
      await t.app.inject({
        method: 'GET',
        url: '/api/users?search=example.com&sort=name&order=asc&per_page=100',
        headers: authHeader(admin),
      })
    ).json().data;
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          email: 'cara@example.com',
          phone_number: '+62 811',
          status: 1,
          role: expect.objectContaining({ name: 'Sales' }),
        }),
        expect.objectContaining({ email: 'dan@example.com', phone_number: null, status: 0 }),
      ]),
    );
    await expect(login(t.app, 'cara@example.com', '')).rejects.toThrow();
  });

  it('stores nothing when one row among good ones is bad, and reports rows as the spreadsheet numbers them', async () => {
    const before = await userCount();
    const csv =
      'Name,Email,Phone Number,Role,Status\n' +
      'Good One,good1@example.com,,Sales,Active\n' +
      ',bad@example.com,,Nobody,Maybe\n' +
      'Good Two,good2@example.com,,Sales,1\n' +
      'Good Three,good1@example.com,,Sales,1\n';
    const response = await importFile(csv, 'mixed.csv');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: IMPORT_MESSAGES.importInvalid,
      errors: {
        'row 3': [
          'Name is required',
          format(IMPORT_MESSAGES.importNotOneOf, { item: 'Status', value: 'Maybe', allowed: STATUS_WORDS }),
        ],
        'row 5': ['good1@example.com appears more than once in the file'],
      },
    });
    expect(await userCount()).toBe(before);

    const unknownRole = await importFile(
      'Name,Email,Role,Status\nEve,eve@example.com,Nobody,1\n',
      'role.csv',
    );
    expect(unknownRole.json().errors).toEqual({
      'row 2': [
        format(IMPORT_MESSAGES.importNoMatchByName, {
          item: 'Role',
          value: 'Nobody',
          kind: 'role',
          where: '/setting/role',
        }),
      ],
    });
    expect(await userCount()).toBe(before);
  });

  it('imports an XLSX file', async () => {
    const file = await xlsxBuffer([
      ['Name', 'Email', 'Phone Number', 'Role', 'Status'],
      ['Xlsx Person', 'xlsx@example.com', '555 01', 'Sales', 'Not Active'],
    ]);
    const response = await importFile(file, 'people.xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(importAnswer(1, 0, 0));
  });

  it('refuses an empty file, a file with only a header and an unreadable one with 422', async () => {
    for (const [content, name] of [
      ['', 'empty.csv'],
      ['Name,Email,Role,Status\n', 'header.csv'],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'broken.xlsx'],
    ] as const) {
      const response = await importFile(content, name);
      expect([name, response.statusCode]).toEqual([name, 422]);
    }
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/users/import',
      headers: authHeader(admin),
      payload: {},
    });
    expect(noFile.statusCode).toBe(422);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const response = await importFile(Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), 'huge.csv');
    expect(response.statusCode).toBe(413);
  });

  it('exports the filtered, sorted list as CSV with the sheet labels and neutralised formulas', async () => {
    const imported = await importFile(
      'Name,Email,Role,Status\n"=HYPERLINK(""http://evil"")",formula@example.com,Sales,1\n@SUM(A1),at@example.com,Sales,0\n',
      'formula.csv',
    );
    expect(imported.statusCode).toBe(200);
    const response = await exportFile('format=csv&search=example.com&status=1&sort=email&order=asc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = csvOf(response.body);
    expect(header).toEqual(HEADER);
    expect(rows.map((row) => row[1])).toEqual([
      'admin@example.com',
      'cara@example.com',
      'formula@example.com',
    ]);
    expect(rows.find((row) => row[1] === 'formula@example.com')?.[0]).toBe(`'=HYPERLINK("http://evil")`);
    expect(rows.find((row) => row[1] === 'cara@example.com')?.slice(2, 5)).toEqual([
      "'+62 811",
      'Sales',
      'Active',
    ]);
  });

  it('exports XLSX with the same filters', async () => {
    const response = await exportFile('format=xlsx&status=0&sort=email&order=asc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const [header, ...rows] = await readXlsx(response.rawPayload);
    expect(header).toEqual(HEADER);
    expect(rows.map((row) => row[1])).toEqual(['at@example.com', 'dan@example.com', 'xlsx@example.com']);
    expect(rows[0][0]).toBe("'@SUM(A1)");
    expect(rows[0][4]).toBe('Not Active');
  });

  it('re-imports an exported file (CSV and XLSX) by e-mail: updates, never duplicates', async () => {
    const before = await userCount();
    const csv = (await exportFile('format=csv&search=example.com')).body;
    const edited = csv.replace('Cara One', 'Cara Renamed');
    const again = await importFile(edited, 'users.csv');
    expect(again.statusCode).toBe(200);
    // Every row matched by its e-mail; only the renamed one changed, so only it is counted and written.
    const matched = csvOf(csv).length - 1;
    expect(matched).toBeGreaterThan(1);
    expect(again.json().data).toEqual(importAnswer(0, 1, matched - 1));
    expect(await userCount()).toBe(before);
    const cara = (
      await t.app.inject({ method: 'GET', url: '/api/users?search=cara@', headers: authHeader(admin) })
    ).json().data[0];
    expect(cara).toMatchObject({ name: 'Cara Renamed', phone_number: '+62 811' });
    const formula = (
      await t.app.inject({ method: 'GET', url: '/api/users?search=formula@', headers: authHeader(admin) })
    ).json().data[0];
    expect(formula.name).toBe('=HYPERLINK("http://evil")');

    const xlsx = (await exportFile('format=xlsx')).rawPayload;
    const fromXlsx = await importFile(xlsx, 'users.xlsx');
    expect(fromXlsx.statusCode).toBe(200);
    expect(fromXlsx.json().data.created).toBe(0);
    expect(await userCount()).toBe(before);
  });

  it('refuses an import that would deactivate yourself, and needs users.store (import) / users.index (export)', async () => {
    const self = await importFile(
      'Name,Email,Role,Status\nTest Admin,admin@example.com,Super Admin,Not Active\n',
      's.csv',
    );
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual({ 'row 2': [REFUSAL_MESSAGES.cannotDeactivateSelf] });
    const reader = await signInWith(t.app, admin, ['users.index']);
    expect(
      (await importFile('Name,Email,Role,Status\nA,a@example.com,Sales,1\n', 'a.csv', reader.token))
        .statusCode,
    ).toBe(403);
    const writer = await signInWith(t.app, admin, ['users.store']);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/users/export',
      headers: authHeader(writer.token),
    });
    expect(exported.statusCode).toBe(403);
  });

  it('returns 422 for an unknown export format', async () => {
    expect((await exportFile('format=pdf')).statusCode).toBe(422);
  });
});
