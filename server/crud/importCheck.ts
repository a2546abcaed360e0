import { ValidationError, type Schema } from 'yup';
import { parseBody } from '../lib/validation';

/** A row through the shared Yup schema: the schema's output, or its messages. */
export type Validated = { row: unknown } | { errors: string[] };

const messagesOf = (error: ValidationError): string[] => {
  const inner = error.inner.length ? error.inner : [error];
  return [...new Set(inner.flatMap((item) => item.errors))];
};

/** Schemas with an asynchronous test: validated with Yup's `validate`, the others with `validateSync`. */
const asyncSchemas = new WeakSet<object>();

const ROW_OPTIONS = { abortEarly: false, stripUnknown: true };

/**
 * One row through the shared Yup schema, as `parseBody` checks a form (every cell is text, so its
 * type check has nothing to refuse), synchronously: undefined when the schema has an asynchronous
 * test (then `validateRowAsync` does it). A 100 000-row file spends a few seconds less in promises.
 */
function validateRowSync(schema: Schema<unknown>, values: Record<string, string>): Validated | undefined {
  if (asyncSchemas.has(schema)) return undefined;
  try {
    return { row: schema.validateSync(values, ROW_OPTIONS) };
  } catch (error) {
    if (error instanceof ValidationError) return { errors: messagesOf(error) };
    // Yup refuses a test that answers a promise during `validateSync`: this schema is async.
    asyncSchemas.add(schema);
    return undefined;
  }
}

/** One row through the shared Yup schema, asynchronously (a schema with an asynchronous test). */
async function validateRowAsync(schema: Schema<unknown>, values: Record<string, string>): Promise<Validated> {
  try {
    return { row: await parseBody(schema, values) };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { errors: messagesOf(error) };
  }
}

/** One row of an import's file through the shared Yup schema: no promise when the schema is synchronous. */
export const validateRow = (
  schema: Schema<unknown>,
  values: Record<string, string>,
): Validated | Promise<Validated> => validateRowSync(schema, values) ?? validateRowAsync(schema, values);
