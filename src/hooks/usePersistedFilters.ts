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
function readSelection<V extends string | number>(storageKey: StorageKey, listKey: string): V[] {
  const entry = readStored(storageKey)[listKey];
  if (entry === undefined) return [];
  if (Array.isArray(entry) && entry.every(isValue)) return entry as V[];
  writeSelection(storageKey, listKey, []);
  return [];
}

/** Stores one list's selection, keeping the other lists' entries; an empty selection is removed. */
function writeSelection<V extends string | number>(
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

type FilterValue = string | number;

/** One persisted filter: the list query param it feeds, where it is kept, and the options it offers. */
export interface PersistedFilterConfig {
  param: string;
  storageKey: StorageKey;
  /** Undefined while they load: nothing stored is dropped until they are known. */
  options: readonly PersistedOption<FilterValue>[] | undefined;
}

export interface PersistedFilters {
  /** Each filter's selection by its param, stale values dropped once the options are known. */
  selections: Record<string, FilterValue[]>;
  set: (param: string, selected: FilterValue[]) => void;
  /** Clears every filter's selection and its storage. */
  reset: () => void;
}

/**
 * The selections of a list's filters, each kept in localStorage under its `storageKey` as a JSON
 * object keyed by list (`{"users":[1]}`), so one key can serve several lists. A stored value the
 * options no longer offer (or a malformed entry) is dropped and the storage cleaned; while a
 * filter's `options` is undefined (loading) nothing of it is dropped yet. One hook for a list of
 * filters, since hooks cannot be called in a loop; `filters` should keep its identity across renders.
 */
export function usePersistedFilters(
  filters: readonly PersistedFilterConfig[],
  listKey: string,
): PersistedFilters {
  const [stored, setStored] = useState<Record<string, FilterValue[]>>(() =>
    Object.fromEntries(
      filters.map(({ param, storageKey }) => [param, readSelection<FilterValue>(storageKey, listKey)]),
    ),
  );
  const selections = useMemo(
    () =>
      Object.fromEntries(
        filters.map(({ param, options }) => [param, fitSelection(stored[param] ?? [], options)]),
      ),
    [filters, stored],
  );

  useEffect(() => {
    for (const { param, storageKey } of filters) {
      if (selections[param].length !== (stored[param] ?? []).length)
        writeSelection(storageKey, listKey, selections[param]);
    }
  }, [filters, listKey, selections, stored]);

  const set = useCallback(
    (param: string, selected: FilterValue[]) => {
      const filter = filters.find((candidate) => candidate.param === param);
      if (filter) writeSelection(filter.storageKey, listKey, selected);
      setStored((current) => ({ ...current, [param]: selected }));
    },
    [filters, listKey],
  );

  const reset = useCallback(() => {
    for (const { storageKey } of filters) writeSelection(storageKey, listKey, []);
    setStored({});
  }, [filters, listKey]);

  return { selections, set, reset };
}
