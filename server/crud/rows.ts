import { Column, is, SQL } from 'drizzle-orm';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface SelectedField {
  path: string[];
  field: unknown;
}

/** What a drizzle select's prepared query holds (internal to drizzle: `_prepare()`). */
interface Prepared {
  fields?: SelectedField[];
  customResultMapper?: (rows: unknown[][]) => unknown;
  execute(): Promise<unknown>;
}

const decoderOf = (field: unknown): Decoder | undefined => {
  if (is(field, Column))
    return field.mapFromDriverValue === Column.prototype.mapFromDriverValue ? undefined : field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder: Decoder }).decoder;
  return undefined;
};

/**
 * Runs a flat drizzle select (every field at the top level, no nested objects) and maps its rows
 * (the driver answers them as arrays) with the decoders worked out once per query, not per cell as
 * drizzle's generic mapper does: what an export reading a million rows spends on each row. A
 * select with nested fields or one drizzle cannot prepare is run as drizzle runs it.
 */
export async function flatRows<Row>(select: PromiseLike<Row[]>): Promise<Row[]> {
  const prepare = (select as unknown as { _prepare?: () => Prepared })._prepare;
  const prepared = prepare?.call(select);
  const fields = prepared?.fields;
  if (!prepared || !fields || fields.some(({ path }) => path.length !== 1)) return select;
  const keys = fields.map(({ path }) => path[0]);
  const decoders = fields.map(({ field }) => decoderOf(field));
  // One object literal of the select's keys, compiled once per query: every row gets the same
  // hidden class, where assigning keys one by one goes through V8's slow keyed stores. The keys are
  // the select's own field names (code, not data), quoted as JSON.
  const cells = keys.map((key, index) => {
    const raw = `raw[${index}]`;
    const value = decoders[index]
      ? `${raw} === null ? null : decoders[${index}].mapFromDriverValue(${raw})`
      : raw;
    return `${JSON.stringify(key)}: ${value}`;
  });
  const rowOf = new Function('raw', 'decoders', `return { ${cells.join(', ')} };`) as (
    raw: unknown[],
    decoders: (Decoder | undefined)[],
  ) => Record<string, unknown>;
  prepared.customResultMapper = (rows) => rows.map((raw) => rowOf(raw, decoders));
  return (await prepared.execute()) as Row[];
}
