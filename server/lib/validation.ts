import { ValidationError, type Schema, type SchemaDescription } from 'yup';
import { validation } from '../../src/shared/messages';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

type Described = Pick<SchemaDescription, 'type'> & {
  fields?: Record<string, Described>;
  innerType?: Described;
};

const descriptions = new WeakMap<Schema, Described>();
const describe = (schema: Schema): Described => {
  let described = descriptions.get(schema);
  if (!described) {
    try {
      described = schema.describe() as Described;
    } catch {
      // A schema that cannot describe itself without a value (yup.lazy) is checked by Yup alone.
      described = { type: 'mixed' };
    }
    descriptions.set(schema, described);
  }
  return described;
};

/** Scalar field types that Yup would otherwise coerce an array or object into (`["a"]` → "a", `[1]` → 1). */
const SCALARS = new Set(['string', 'number', 'boolean', 'date']);

const labelOf = (path: string): string => {
  const words =
    path
      .replace(/\[\d+\]/g, '')
      .split('.')
      .pop()
      ?.replace(/_/g, ' ') ?? path;
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The paths where the body holds an array or object (or a boolean) where the schema expects a
 * string, number or date. Yup would turn them into something (`{}` into "[object Object]"); here they
 * are a 422 naming the field instead.
 */
function wrongTypes(described: Described, value: unknown, path: string, found: ValidationError[]): void {
  if (value === null || value === undefined) return;
  if (SCALARS.has(described.type)) {
    const wrong = typeof value === 'object' || (typeof value === 'boolean' && described.type !== 'boolean');
    if (wrong) found.push(new ValidationError(validation.invalid(labelOf(path)), value, path));
    return;
  }
  if (described.type === 'object' && described.fields && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, field] of Object.entries(described.fields)) {
      wrongTypes(field, (value as Record<string, unknown>)[key], path ? `${path}.${key}` : key, found);
    }
  } else if (described.type === 'array' && described.innerType && Array.isArray(value)) {
    value.forEach((item, index) => wrongTypes(described.innerType!, item, `${path}[${index}]`, found));
  }
}

/**
 * Validates a body (or a query) with a shared contract schema; a failure throws Yup's
 * ValidationError, which the error handler answers as 422 with every field's messages. Strict about
 * types: an array or object where a string or number belongs is refused, never coerced. `context`
 * reaches the schema's tests (e.g. whose password it is, the e-mail an account has now).
 */
export const parseBody = async <T>(schema: Schema<T>, body: unknown, context?: object): Promise<T> => {
  // A text or form body, or a JSON array, is no object of fields: say so instead of Yup's type message.
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body)))
    throw new ValidationError(SERVER_MESSAGES.bodyNotObject, body, 'body');
  const wrong: ValidationError[] = [];
  wrongTypes(describe(schema), body, '', wrong);
  if (wrong.length) throw new ValidationError(wrong);
  return schema.validate(body ?? {}, { abortEarly: false, stripUnknown: true, context });
};
