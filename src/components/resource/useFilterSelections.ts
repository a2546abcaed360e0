import { useCallback, useEffect, useMemo, useState } from 'react';
import { fitSelection, readSelection, writeSelection } from '../../hooks/usePersistedFilter';
import type { FilterValue } from './OptionsFilter';
import type { ListFilterConfig } from './types';

export interface FilterSelections {
  /** Each filter's selection by its param, stale values dropped once the options are known. */
  selections: Record<string, FilterValue[]>;
  set: (param: string, selected: FilterValue[]) => void;
  reset: () => void;
}

/**
 * The selections of a resource's own filters: `usePersistedFilter` for a list of filters (hooks
 * cannot be called in a loop), on the same storage rules.
 */
export function useFilterSelections(filters: readonly ListFilterConfig[], listKey: string): FilterSelections {
  const [stored, setStored] = useState<Record<string, FilterValue[]>>(() =>
    Object.fromEntries(filters.map(({ param, storageKey }) => [param, readSelection(storageKey, listKey)])),
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
