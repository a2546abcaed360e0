import { en } from '../src/shared/messages';

/**
 * The spec's error display (§8), and one rule of ours before it: a request that got no answer says
 * that the server cannot be reached. with a body and a status other than 404, every top-level entry of
 * the body becomes one message; 'Server Error' or an empty entry becomes the caller's fallback; an
 * object entry gives the first message of each of its keys. No body, or a 404: the fallback.
 */
export function errorMessages(
  status: number | string | undefined,
  body: unknown,
  fallback: string = en.serverError,
  displayFields?: readonly string[],
): string[] {
  // No answer at all (offline, server down, a timeout): not a server error, and the user should know.
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return [en.serverUnreachable];
  body = onlyFields(body, displayFields);
  if (status === 404 || body === null || body === undefined || body === '') return [fallback];
  if (typeof body !== 'object') return [entryText(body, fallback)];
  const entries = Object.values(body as Record<string, unknown>);
  if (entries.length === 0) return [fallback];
  const messages = entries.flatMap((entry) => {
    if (entry && typeof entry === 'object' && !Array.isArray(entry)) {
      const firsts = Object.values(entry as Record<string, unknown>).map((value) =>
        entryText(Array.isArray(value) ? value[0] : value, fallback),
      );
      return firsts.length ? firsts : [fallback];
    }
    return [entryText(Array.isArray(entry) ? entry[0] : entry, fallback)];
  });
  // A 422 repeats its first field error as `message`; one toast per distinct text is enough.
  return [...new Set(messages)];
}

/** An RTK Query error as thrown by `unwrap()` (or a failed download): `{status, data}`. */
export interface ApiErrorLike {
  status: number | string;
  data?: unknown;
}

export const isApiError = (error: unknown): error is ApiErrorLike =>
  typeof error === 'object' && error !== null && 'status' in error;

/** The error display of whatever a request threw: its `{status, data}`, else just the fallback. */
export function thrownErrorMessages(
  error: unknown,
  fallback: string = en.serverError,
  displayFields?: readonly string[],
): string[] {
  return isApiError(error)
    ? errorMessages(error.status, error.data, fallback, displayFields)
    : errorMessages(undefined, undefined, fallback);
}

/** Keeps only the named top-level entries of an object body (all of them without names). */
function onlyFields(body: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields || !body || typeof body !== 'object') return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => fields.includes(key)));
}

function entryText(entry: unknown, fallback: string): string {
  if (entry === null || entry === undefined) return fallback;
  const text = String(entry).trim();
  return text === '' || text === en.serverErrorBody ? fallback : text;
}
