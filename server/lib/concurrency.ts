import { format } from '../../src/shared/messages';
import { REFUSAL_MESSAGES } from '../../src/shared/messages/refusals';
import { HttpError } from './httpError';

/**
 * Optimistic concurrency: an update carries the `updated_at` it was loaded with; if the stored one
 * differs, someone saved in between and the update is refused (409) instead of overwriting.
 * A record that does not exist yet has no version (null).
 */
export function assertFresh(stored: Date | null, sent: string | null | undefined, item: string): void {
  const fresh = stored === null ? !sent : !!sent && Date.parse(sent) === stored.getTime();
  if (!fresh) throw new HttpError(409, format(REFUSAL_MESSAGES.staleUpdate, { item }));
}
