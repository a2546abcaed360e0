import type { StorageKey } from '../shared/storageKeys';

/**
 * A list filter's selection kept in localStorage under the spec's key (`filter:brands`, ...): a JSON
 * object keyed by list (`{"products":[3,7]}`), so one key can serve several lists. A malformed entry
 * is dropped and the storage cleaned.
 */

export type StoredValue = string | number;

type Stored = Record<string, unknown>;

const isValue = (value: unknown): value is StoredValue =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/** The stored object under `storageKey` (`{"users":[1]}`); a malformed one is removed. */
function readStored(storageKey: StorageKey): Stored {
  const text = localStorage.getItem(storageKey);
  if (text === null) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Stored;
  } catch {
    // Malformed: dropped below.
  }
  localStorage.removeItem(storageKey);
  return {};
}

/** One list's stored selection under `storageKey`; anything that is not a list of values reads as none (and is removed). */
export function readSelection(storageKey: StorageKey, listKey: string): StoredValue[] {
  const entry = readStored(storageKey)[listKey];
  if (entry === undefined) return [];
  if (Array.isArray(entry) && entry.every(isValue)) return entry;
  writeSelection(storageKey, listKey, []);
  return [];
}

/** Stores one list's selection, keeping the other lists' entries; an empty selection is removed. */
export function writeSelection(
  storageKey: StorageKey,
  listKey: string,
  selected: readonly StoredValue[],
): void {
  const stored = readStored(storageKey);
  const current = stored[listKey];
  if (Array.isArray(current) && JSON.stringify(current) === JSON.stringify(selected)) return;
  if (current === undefined && !selected.length) return;
  const { [listKey]: _previous, ...others } = stored;
  const next: Stored = selected.length ? { ...others, [listKey]: selected } : others;
  if (Object.keys(next).length) localStorage.setItem(storageKey, JSON.stringify(next));
  else localStorage.removeItem(storageKey);
}

/** The part of a selection the options still offer; all of it while the options load. */
export function fitSelection<V extends StoredValue>(
  selected: readonly V[],
  known: readonly V[] | undefined,
): V[] {
  if (!known) return [...selected];
  const offered = new Set<StoredValue>(known);
  return selected.filter((value) => offered.has(value));
}
