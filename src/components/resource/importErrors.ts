import { errorMessages } from '../../../store/errorDisplay';
import { format } from '../../shared/messages';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';
import { isApiError } from '../form';

export interface ImportErrorDisplay {
  /** The answer's message ('The file has errors; nothing was imported.'), if any. */
  title?: string;
  /** One line per message: 'row 3: Name is required'. */
  lines: string[];
}

const texts = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value])
    .filter((entry) => entry !== null && entry !== undefined)
    .map(String);

/**
 * What a failed import shows: a 422's errors keyed by row as 'row 3: Name is required' (other keys,
 * e.g. `file`, as their messages); any other failure as the error display's messages.
 */
export function importErrors(error: unknown): ImportErrorDisplay {
  if (!isApiError(error)) return { lines: errorMessages(undefined, undefined) };
  const body = (error.data ?? {}) as { message?: unknown; errors?: unknown };
  if (error.status === 422 && body.errors && typeof body.errors === 'object') {
    const lines = Object.entries(body.errors as Record<string, unknown>).flatMap(([key, value]) =>
      texts(value).map((message) =>
        /^row \d+$/i.test(key) ? format(LIST_SCREEN_MESSAGES.rowError, { row: key, message }) : message,
      ),
    );
    const title = typeof body.message === 'string' ? body.message : undefined;
    if (lines.length) return { title: title && !lines.includes(title) ? title : undefined, lines };
  }
  return { lines: errorMessages(error.status, error.data) };
}
