import { isSchema, ValidationError, type Schema, type ValidateOptions } from 'yup';

/**
 * An import's rows checked with the shared Yup schema, each distinct cell checked once.
 *
 * A 100 000-row file repeats most of its cells (a status, a brand, a category, an empty optional
 * field), and `schema.validateSync(row)` costs about 24 µs a row, most of it Yup's per-field
 * machinery inside the object (bench/README.md). So each field's answer for a cell's text is kept
 * for the rest of the import when it can be: the field is a plain value (string, number, boolean,
 * date, mixed) without `when` conditions, and checking that text did not read the row (`this.parent`,
 * a `ref` to a sibling). A field that reads the row (a product's brand, required unless the other
 * brand is named) is checked again for every row, with the row's cast values as its parent, as the
 * object would.
 *
 * The answer is the object's own with the import's options (`abortEarly: false, stripUnknown:
 * true`): a row that passes gets the fields' cast values, unknown columns stripped; a row any field refuses is checked again by
 * `schema.validateSync`, so its messages and their order are Yup's. A schema this cannot follow (an
 * object with tests or transforms of its own, a nested field, a test that needs more than its value
 * and the row) gets `undefined` for every row: the caller validates it the usual way.
 */
export type RowCheck = (values: Record<string, string>) => unknown;

/** How an import validates a row with its schema: every message, unknown columns dropped. */
export const IMPORT_ROW_OPTIONS = { abortEarly: false, stripUnknown: true } as const;

/** Value types whose cast of a cell is a primitive that depends on the cell alone. */
const PLAIN_TYPES = new Set(['string', 'number', 'boolean', 'date', 'mixed']);
/** Cells longer than this are checked every time, not kept (a rich-text field can hold 100 000 characters). */
const KEPT_CELL_MAX = 256;
/** Distinct cells kept per field: a field whose cells are all different (a name) stops being kept. */
const KEPT_PER_FIELD = 10_000;

interface SchemaInternals {
  type: string;
  tests: unknown[];
  transforms: unknown[];
  conditions: unknown[];
  spec: { strip?: boolean };
}
const internals = (schema: unknown) => schema as SchemaInternals;

/** The fields `rowCheck` can follow, in the object's order; undefined when it cannot follow the schema. */
function plainFields(schema: Schema<unknown>): [string, Schema<unknown>][] | undefined {
  // Yup's own fields: the object's keys in its order (`_nodes`), its and each field's tests,
  // transforms and `when` conditions.
  const object = schema as unknown as SchemaInternals & {
    _nodes?: string[];
    fields: Record<string, unknown>;
  };
  if (object.type !== 'object' || !Array.isArray(object._nodes)) return undefined;
  if (object.tests.length || object.transforms.length || object.conditions.length) return undefined;
  const fields: [string, Schema<unknown>][] = [];
  for (const key of object._nodes) {
    const field: unknown = object.fields[key];
    if (!isSchema(field)) return undefined;
    const own = internals(field);
    if (!PLAIN_TYPES.has(own.type) || own.conditions.length || own.spec.strip) return undefined;
    fields.push([key, field as Schema<unknown>]);
  }
  return fields;
}

/** A row check for one import (what it keeps lives as long as the import); undefined when it cannot follow the schema. */
export function rowCheck(schema: Schema<unknown>): RowCheck | undefined {
  const fields = plainFields(schema);
  if (!fields) return undefined;
  const known = fields.map(([key, field]) => ({ key, field, kept: new Map<string | undefined, unknown>() }));
  let usable = true;
  // The parent a field's tests see: the row being checked, noting whether they read it. One proxy
  // and one handler for the whole import (not one per row: a closure per row cost more than Yup).
  const watched: { row: Record<string, unknown>; read: boolean } = { row: {}, read: false };
  const parent = new Proxy<Record<string, unknown>>(
    {},
    {
      get: (_, key) => ((watched.read = true), Reflect.get(watched.row, key)),
      has: (_, key) => ((watched.read = true), Reflect.has(watched.row, key)),
      ownKeys: () => ((watched.read = true), Reflect.ownKeys(watched.row)),
      getOwnPropertyDescriptor: (_, key) => (
        (watched.read = true),
        Reflect.getOwnPropertyDescriptor(watched.row, key)
      ),
    },
  );

  return (values) => {
    if (!usable) return undefined;
    const row: Record<string, unknown> = {};
    const unchecked: (typeof known)[number][] = [];
    // The object casts every field first, then tests each with the whole cast row as its parent.
    for (const entry of known) {
      const cell = values[entry.key];
      let value = entry.kept.get(cell);
      if (value === undefined && !entry.kept.has(cell)) {
        try {
          value = entry.field.cast(cell, { assert: false });
        } catch {
          // A transform that throws: the usual path answers for it, from now on.
          usable = false;
          return undefined;
        }
        unchecked.push(entry);
      }
      if (value !== undefined) row[entry.key] = value;
    }
    watched.row = row;
    for (const entry of unchecked) {
      watched.read = false;
      const cell = values[entry.key];
      try {
        // As the object tests a field: strict (already cast), the cast row as its parent (Yup's
        // internal options, beyond the public `ValidateOptions`).
        const nested = { ...IMPORT_ROW_OPTIONS, strict: true, parent, originalValue: cell };
        entry.field.validateSync(row[entry.key], nested as ValidateOptions);
      } catch (error) {
        // Refused: the whole object answers, with Yup's messages. Anything else (an asynchronous
        // test, a test reading more than its value and the row): the usual path from now on.
        if (!(error instanceof ValidationError)) usable = false;
        return undefined;
      }
      const value = row[entry.key];
      const primitive = value === null || (typeof value !== 'object' && typeof value !== 'function');
      if (!watched.read && primitive && (cell === undefined || cell.length <= KEPT_CELL_MAX))
        if (entry.kept.size < KEPT_PER_FIELD) entry.kept.set(cell, value);
    }
    return row;
  };
}
