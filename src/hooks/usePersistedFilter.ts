import { useCallback, useEffect, useMemo, useState } from 'react';
import type { StorageKey } from '../shared/storageKeys';

/** A filter option as the spec has them: with an `id` or a `value`. */
export interface PersistedOption<V extends string | number> {
  id?: V;
  value?: V;
}

type Stored = Record<string, unknown>;

const isValue = (value: unknown): value is string | number =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/** The key of an option: its id, else its value. */
export const optionKey = <V extends string | number>(option: PersistedOption<V>): V | undefined =>
  option.id ?? option.value;

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

/** One list's stored selection under `storageKey`; anything that is not a list of ids reads as none. */
export function readSelection<V extends string | number>(storageKey: StorageKey, listKey: string): V[] {
  const entry = readStored(storageKey)[listKey];
  if (entry === undefined) return [];
  if (Array.isArray(entry) && entry.every(isValue)) return entry as V[];
  writeSelection(storageKey, listKey, []);
  return [];
}

/** Stores one list's selection, keeping the other lists' entries; an empty selection is removed. */
export function writeSelection<V extends string | number>(
  storageKey: StorageKey,
  listKey: string,
  selected: readonly V[],
): void {
  const { [listKey]: _previous, ...others } = readStored(storageKey);
  const next: Stored = selected.length ? { ...others, [listKey]: selected } : others;
  if (Object.keys(next).length) localStorage.setItem(storageKey, JSON.stringify(next));
  else localStorage.removeItem(storageKey);
}

/** The part of a selection the options still offer; all of it while the options load. */
export function fitSelection<V extends string | number>(
  selected: readonly V[],
  options: readonly PersistedOption<V>[] | undefined,
): V[] {
  if (!options) return [...selected];
  const known = new Set(options.map(optionKey));
  return selected.filter((value) => known.has(value));
}

export type PersistedFilter<V> = [selected: V[], setSelected: (next: V[]) => void, reset: () => void];

/**
 * A list filter's selection kept in localStorage under `storageKey`, as a JSON object keyed by list
 * (`{"users":[1]}`) so one key can serve several lists. A stored value the options no longer offer
 * (or a malformed entry) is dropped and the storage cleaned; while `options` is undefined (loading)
 * nothing is dropped yet.
 */
export function usePersistedFilter<V extends string | number>(
  storageKey: StorageKey,
  listKey: string,
  options: readonly PersistedOption<V>[] | undefined,
): PersistedFilter<V> {
  const [stored, setStored] = useState<V[]>(() => readSelection<V>(storageKey, listKey));
  const selected = useMemo(() => fitSelection(stored, options), [stored, options]);
  const stale = selected.length !== stored.length;

  useEffect(() => {
    if (stale) writeSelection(storageKey, listKey, selected);
  }, [stale, storageKey, listKey, selected]);

  const setSelected = useCallback(
    (next: V[]) => {
      writeSelection(storageKey, listKey, next);
      setStored(next);
    },
    [storageKey, listKey],
  );
  const reset = useCallback(() => setSelected([]), [setSelected]);
  return [selected, setSelected, reset];
}
