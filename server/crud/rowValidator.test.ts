import * as yup from 'yup';
import { productImportRowSchema } from '../../src/shared/resources/products';
import { IMPORT_ROW_OPTIONS, rowCheck } from './rowValidator';

const productRow = (overrides: Record<string, string> = {}): Record<string, string> => ({
  name: 'Ball valve',
  slug: '',
  brand: 'acme',
  other_brand: '',
  category: 'valves',
  model: 'BV-1',
  function: 'Moves fluid',
  specification: '',
  overview: '',
  application: '',
  status: 'Active',
  meta_title: '',
  meta_description: '',
  meta_keyword: '',
  ...overrides,
});

/** What the whole schema answers for a row: its cast values, or undefined when it refuses it. */
const wholeSchema = (schema: yup.Schema<unknown>, values: Record<string, string>): unknown => {
  try {
    return schema.validateSync(values, IMPORT_ROW_OPTIONS);
  } catch (error) {
    if (error instanceof yup.ValidationError) return undefined;
    throw error;
  }
};

describe('rowCheck (an import row checked with each distinct cell once)', () => {
  it('answers what the product import schema answers, row after row, for rows that pass and rows it refuses', () => {
    const check = rowCheck(productImportRowSchema)!;
    expect(check).toBeDefined();
    const rows = [
      productRow(),
      productRow({ name: '  Gate valve  ', model: 'GV-2', status: '0' }),
      productRow({ brand: '', other_brand: 'Someone Else' }),
      // The same empty brand without another maker: refused, though an empty brand passed just before.
      productRow({ brand: '', other_brand: '' }),
      productRow({ name: '' }),
      productRow({ status: 'maybe' }),
      productRow({ slug: 'Not A Slug' }),
      productRow({ name: 'x'.repeat(300) }),
      productRow({ name: 'Check valve', unknown_column: 'dropped' }),
      productRow({ name: 'Ball valve' }),
      productRow({ brand: '', other_brand: '   ' }),
      productRow({ brand: '', other_brand: 'Someone Else', status: 'not active' }),
    ];
    for (const values of [...rows, ...rows])
      expect(check(values)).toEqual(wholeSchema(productImportRowSchema, values));
    expect(check(productRow({ brand: '', other_brand: '' }))).toBeUndefined();
    expect(check(productRow({ name: 'Check valve', unknown_column: 'dropped' }))).not.toHaveProperty(
      'unknown_column',
    );
  });

  it('checks a repeated cell once, and a long one or one whose field reads the row every time', () => {
    const seen = { code: 0, notes: 0, total: 0 };
    const schema = yup.object({
      code: yup
        .string()
        .trim()
        .test('code', 'Code is unknown', (value) => (seen.code++, value !== 'bad')),
      notes: yup.string().test('notes', 'Notes are too odd', (value) => (seen.notes++, value !== 'odd')),
      total: yup.number().test('total', 'Total is over the limit', function overLimit(value) {
        seen.total++;
        return value === undefined || value <= (this.parent as { limit: number }).limit;
      }),
      limit: yup.number().required(),
    });
    const check = rowCheck(schema)!;
    const long = 'n'.repeat(300);
    const rows = [
      { code: ' A ', notes: long, total: '3', limit: '5' },
      { code: ' A ', notes: long, total: '3', limit: '5' },
      { code: ' A ', notes: long, total: '3', limit: '4' },
    ];
    expect(check(rows[0])).toEqual({ code: 'A', notes: long, total: 3, limit: 5 });
    expect(check(rows[1])).toEqual({ code: 'A', notes: long, total: 3, limit: 5 });
    expect(check(rows[2])).toEqual({ code: 'A', notes: long, total: 3, limit: 4 });
    expect(seen).toEqual({ code: 1, notes: 3, total: 3 });
    // The total reads its row: the same cell is checked again against this row's limit, and refused.
    const over = { code: ' A ', notes: 'short', total: '3', limit: '2' };
    expect(check(over)).toBeUndefined();
    expect(wholeSchema(schema, over)).toBeUndefined();
  });

  it('answers undefined for a refused row, so that the whole schema gives its messages', () => {
    const check = rowCheck(productImportRowSchema)!;
    expect(check(productRow({ name: '', status: 'maybe' }))).toBeUndefined();
    expect(() =>
      productImportRowSchema.validateSync(productRow({ name: '', status: 'maybe' }), IMPORT_ROW_OPTIONS),
    ).toThrow(yup.ValidationError);
  });

  it('keeps a missing column to its default, as the object does', () => {
    const schema = yup.object({ name: yup.string().required(), kind: yup.string().default('plain') });
    const check = rowCheck(schema)!;
    expect(check({ name: 'A' })).toEqual({ name: 'A', kind: 'plain' });
    expect(check({ name: 'A' })).toEqual(wholeSchema(schema, { name: 'A' }));
  });

  it('does not follow a schema with conditions, object tests or nested fields', () => {
    expect(
      rowCheck(
        yup.object({ a: yup.string().when('b', { is: 'x', then: (s) => s.required() }), b: yup.string() }),
      ),
    ).toBeUndefined();
    expect(rowCheck(yup.object({ a: yup.string() }).test('whole', 'Bad', () => true))).toBeUndefined();
    expect(rowCheck(yup.object({ a: yup.array(yup.string()) }))).toBeUndefined();
    expect(rowCheck(yup.object({ a: yup.object({ b: yup.string() }) }))).toBeUndefined();
    expect(rowCheck(yup.string())).toBeUndefined();
  });

  it('stops for good at a test it cannot run synchronously, leaving every row to the usual path', () => {
    const schema = yup.object({
      a: yup.string().test('slow', 'Slow', async (value) => value !== 'no'),
    });
    const check = rowCheck(schema)!;
    expect(check({ a: 'yes' })).toBeUndefined();
    expect(check({ a: 'again' })).toBeUndefined();
  });

  it('stops for good at a transform that throws, leaving every row to the usual path', () => {
    const schema = yup.object({
      a: yup.string().transform((value: string) => {
        if (value === 'boom') throw new TypeError('cannot read this cell');
        return value;
      }),
    });
    const check = rowCheck(schema)!;
    expect(check({ a: 'fine' })).toEqual({ a: 'fine' });
    expect(check({ a: 'boom' })).toBeUndefined();
    expect(check({ a: 'fine' })).toBeUndefined();
  });
});
