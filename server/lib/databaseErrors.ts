import { en } from '../../src/shared/messages';

/** PostgreSQL SQLSTATE codes a request can cause and validation cannot rule out in advance. */
const ANSWERS: Record<string, { status: number; message: string }> = {
  // unique_violation: two writes raced past the "already taken" check.
  '23505': { status: 409, message: en.duplicateRecord },
  // foreign_key_violation: a referenced row went away (or a referencing one came) meanwhile.
  '23503': { status: 409, message: en.recordInUse },
  // character_not_in_repertoire / untranslatable_character: a NUL byte in a text value.
  '22021': { status: 422, message: en.unstorableCharacter },
  '22P05': { status: 422, message: en.unstorableCharacter },
  // numeric_value_out_of_range / datetime_field_overflow: an id, page or date past what a column holds.
  '22003': { status: 422, message: en.valueOutOfRange },
  '22008': { status: 422, message: en.valueOutOfRange },
};

/** The SQLSTATE of a database error, looking through the wrappers (Drizzle puts the driver's error in `cause`). */
function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return undefined;
}

/** The client's answer for a database refusal a request caused, or undefined for a server fault. */
export function databaseErrorAnswer(error: unknown): { status: number; message: string } | undefined {
  const code = sqlState(error);
  return code ? ANSWERS[code] : undefined;
}
