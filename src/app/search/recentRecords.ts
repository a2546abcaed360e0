import { SEARCH_LIMITS } from '../../shared/contracts/search';
import { STORAGE_KEYS } from '../../shared/storageKeys';

/** A record opened from Search everything, as the dialog lists it again while its box is empty. */
export interface RecentRecord {
  path: string;
  title: string;
  /** What the record is (`Brand`). */
  item: string;
}

interface Stored {
  user: number;
  records: RecentRecord[];
}

const isRecord = (value: unknown): value is RecentRecord =>
  typeof value === 'object' &&
  value !== null &&
  ['path', 'title', 'item'].every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

function read(): Stored | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.recentRecords) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { user, records } = parsed as Partial<Stored>;
    if (typeof user !== 'number' || !Array.isArray(records)) return null;
    return { user, records: records.filter(isRecord) };
  } catch {
    return null;
  }
}

/** The records this user opened last, newest first (another user's are never shown). */
export function recentRecords(userId: number): RecentRecord[] {
  const stored = read();
  return stored?.user === userId ? stored.records : [];
}

/** Puts a record first in this user's recent records (once; the oldest fall off). */
export function rememberRecord(userId: number, record: RecentRecord): void {
  const records = [record, ...recentRecords(userId).filter((kept) => kept.path !== record.path)].slice(
    0,
    SEARCH_LIMITS.recent,
  );
  try {
    localStorage.setItem(STORAGE_KEYS.recentRecords, JSON.stringify({ user: userId, records }));
  } catch {
    // Storage full or refused: the list is a convenience, the record still opens.
  }
}
