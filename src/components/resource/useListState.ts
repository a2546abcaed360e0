import { useCallback, useMemo, useState } from 'react';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { usePersistedFilters, type PersistedFilterConfig } from '../../hooks/usePersistedFilters';
import { formatApiDate } from '../../shared/formats';
import { DEFAULT_PAGE_SIZE } from '../../shared/limits';
import { STATUS_OPTIONS, type ListParams, type ResourceContract } from '../../shared/resources/resource';
import { STORAGE_KEYS } from '../../shared/storageKeys';
import { EMPTY_DATE_RANGE, type DateRange } from './DateRangeFilter';
import type { FilterValue } from './OptionsFilter';
import type { ListFilterConfig } from './types';

export interface ListState {
  /** The list query for the current page, sort and filters. */
  params: ListParams;
  paginationModel: GridPaginationModel;
  setPaginationModel: (model: GridPaginationModel) => void;
  sortModel: GridSortModel;
  setSortModel: (model: GridSortModel) => void;
  search: string;
  setSearch: (search: string) => void;
  status: number[];
  setStatus: (status: number[]) => void;
  dates: DateRange;
  setDates: (dates: DateRange) => void;
  selections: Record<string, FilterValue[]>;
  setSelection: (param: string, selected: FilterValue[]) => void;
  /** Whether any filter is set. */
  filtered: boolean;
  /** Clears every filter and its storage, back to page 1. */
  reset: () => void;
}

const STATUS_PARAM = 'status';
const STATUS_FILTER: PersistedFilterConfig = {
  param: STATUS_PARAM,
  storageKey: STORAGE_KEYS.filterStatus,
  options: STATUS_OPTIONS,
};
const NO_STATUS: number[] = [];

const joined = (values: readonly FilterValue[]): string | undefined =>
  values.length ? values.join(',') : undefined;

/** The list page's paging, sort and filters, and the list query they make. A filter change goes to page 1. */
export function useListState(contract: ResourceContract, filters: readonly ListFilterConfig[]): ListState {
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({
    page: 0,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const defaultSort = useMemo<GridSortModel>(
    () => [{ field: contract.defaultSort.sort, sort: contract.defaultSort.order }],
    [contract],
  );
  const [sortModel, setSortModel] = useState<GridSortModel>(defaultSort);
  const [search, setSearchValue] = useState('');
  const [dates, setDatesValue] = useState<DateRange>(EMPTY_DATE_RANGE);
  // The status filter is kept like the resource's own filters, under the spec's status key.
  const persisted = useMemo<PersistedFilterConfig[]>(
    () => [...(contract.statusFilter ? [STATUS_FILTER] : []), ...filters],
    [contract, filters],
  );
  const stored = usePersistedFilters(persisted, contract.key);
  const status = (stored.selections[STATUS_PARAM] ?? NO_STATUS) as number[];

  const firstPage = useCallback(() => setPaginationModel((model) => ({ ...model, page: 0 })), []);
  /** Wraps a filter's setter so a change also goes back to page 1. */
  const thenFirstPage =
    <A>(set: (value: A) => void) =>
    (value: A) => {
      set(value);
      firstPage();
    };
  // Stable: the search box's debounce timer depends on it.
  const setSearch = useCallback(
    (next: string) => {
      setSearchValue(next);
      firstPage();
    },
    [firstPage],
  );
  const setDates = thenFirstPage(setDatesValue);
  const setSort = (model: GridSortModel) => {
    const next = model.length ? model.slice(0, 1) : defaultSort;
    if (JSON.stringify(next) === JSON.stringify(sortModel)) return;
    setSortModel(next);
    firstPage();
  };
  const setSelection = (param: string, next: FilterValue[]) => {
    stored.set(param, next);
    firstPage();
  };
  const setStatus = (next: number[]) => setSelection(STATUS_PARAM, next);

  const reset = useCallback(() => {
    setSearchValue('');
    setDatesValue(EMPTY_DATE_RANGE);
    stored.reset();
    firstPage();
  }, [stored, firstPage]);

  const params = useMemo<ListParams>(() => {
    const [sort] = sortModel;
    return {
      page: paginationModel.page + 1,
      per_page: paginationModel.pageSize,
      sort: sort?.field,
      order: sort?.sort === 'asc' ? 'asc' : 'desc',
      search: search || undefined,
      status: contract.statusFilter ? joined(status) : undefined,
      date_from: contract.dateFilter && dates.from ? formatApiDate(dates.from) : undefined,
      date_to: contract.dateFilter && dates.to ? formatApiDate(dates.to) : undefined,
      ...Object.fromEntries(filters.map(({ param }) => [param, joined(stored.selections[param] ?? [])])),
    };
  }, [contract, paginationModel, sortModel, search, status, dates, filters, stored.selections]);

  const filtered =
    Boolean(search) ||
    Boolean(dates.from || dates.to) ||
    Object.values(stored.selections).some((selected) => selected.length > 0);

  return {
    params,
    paginationModel,
    setPaginationModel,
    sortModel,
    setSortModel: setSort,
    search,
    setSearch,
    status,
    setStatus,
    dates,
    setDates,
    selections: stored.selections,
    setSelection,
    filtered,
    reset,
  };
}
