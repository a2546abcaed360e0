import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

/** PostgreSQL SQLSTATE codes a request can cause and validation cannot rule out in advance. */
const ANSWERS: Record<string, { status: number; message: string }> = {
  // unique_violation: two writes raced past the "already taken" check.
  '23505': { status: 409, message: SERVER_MESSAGES.duplicateRecord },
  // foreign_key_violation: a referenced row went away (or a referencing one came) meanwhile.
  '23503': { status: 409, message: SERVER_MESSAGES.recordInUse },
  // character_not_in_repertoire / untranslatable_character: a NUL byte in a text value.
  '22021': { status: 422, message: SERVER_MESSAGES.unstorableCharacter },
  '22P05': { status: 422, message: SERVER_MESSAGES.unstorableCharacter },
  // numeric_value_out_of_range / datetime_field_overflow: an id, page or date past what a column holds.
  '22003': { status: 422, message: SERVER_MESSAGES.valueOutOfRange },
  '22008': { status: 422, message: SERVER_MESSAGES.valueOutOfRange },
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

/**
 * Codes of a database that cannot be reached or is restarting: the connection refused, reset or
 * timed out, the server shutting down or starting up, too many connections.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is stopping or restarting
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up
  '53300', // too_many_connections
]);

/** What node-postgres says (without a code) when a connection is lost or none comes in time. */
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /not queryable/i,
  /connection (?:is )?closed/i,
];

/**
 * True for an error that says the database is away (a restart, an outage, the pool exhausted), not
 * that the request or the server is wrong: its answer is a 503 with Retry-After, at once.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message)))
      return true;
    current = cause;
  }
  return false;
}
