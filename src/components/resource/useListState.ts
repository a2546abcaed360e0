import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useSearchParams } from 'react-router-dom';
import { fitSelection, readSelection, writeSelection, type StoredValue } from '../../hooks/filterStorage';
import { useOptionsOf } from '../../hooks/useResourceOptions';
import { formatDisplayDate } from '../../shared/formats';
import { format } from '../../shared/messages';
import { EMPTY_LIST_MESSAGES } from '../../shared/messages/emptyLists';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';
import {
  optionKey,
  parseListQuery,
  toListParams,
  type DateRangeValue,
  type EnumValue,
  type FilterMap,
  type FilterSpec,
  type ListParams,
  type ListQuery,
  type OptionsSource,
  type ResourceContract,
} from '../../shared/resources/resource';

/** One choice of a list filter, as the filter row shows it. */
export interface FilterChoice {
  id: EnumValue;
  label: string;
}

/** A filter the list shows: its query parameter, its spec, and (for a choice) its options. */
export interface ShownFilter {
  name: string;
  filter: FilterSpec;
  /** The choices of an ids, enum or boolean filter; undefined while an ids filter's options load. */
  choices?: readonly FilterChoice[];
}

/** What the list is filtered by, in words (the empty result names it). */
export interface ActiveFilter {
  name: string;
  text: string;
}

export interface ListState {
  /** The list as the URL (and, for persisted filters without a URL value, storage) says. */
  query: ListQuery;
  /** The list request: page, size and sort spelled out. */
  params: ListParams;
  filters: ShownFilter[];
  paginationModel: GridPaginationModel;
  /** Goes to a page, counted from 0 as the grid counts them. */
  setPage: (index: number) => void;
  /** A new page size, from the first page. */
  setPageSize: (pageSize: number) => void;
  sortModel: GridSortModel;
  setSortModel: (model: GridSortModel) => void;
  setSearch: (search: string) => void;
  setFilter: (name: string, value: unknown) => void;
  /** Whether search or any filter is set. */
  filtered: boolean;
  active: ActiveFilter[];
  /** Clears the search and every filter (and its storage), back to page 1. */
  reset: () => void;
}

const BOOLEAN_CHOICES: readonly FilterChoice[] = [
  { id: 1, label: EMPTY_LIST_MESSAGES.yes },
  { id: 0, label: EMPTY_LIST_MESSAGES.no },
];

/** A selection as stored (`filter:*` keys hold lists of values): a boolean as 1 or 0. */
function toStored(filter: FilterSpec, value: unknown): StoredValue[] {
  if (value === undefined) return [];
  if (filter.kind === 'boolean') return [value ? 1 : 0];
  return [...(value as StoredValue[])];
}

/** A stored selection as its query parameter would carry it. */
const storedParam = (values: readonly StoredValue[]): string | undefined =>
  values.length ? values.join(',') : undefined;

const sameParams = (a: URLSearchParams, b: ListParams): boolean => {
  const sorted = (entries: [string, string][]) =>
    JSON.stringify(entries.sort(([x], [y]) => x.localeCompare(y)));
  return sorted([...a.entries()]) === sorted(Object.entries(b).map(([key, value]) => [key, String(value)]));
};

function describe(filter: ShownFilter, value: unknown): string {
  const { filter: spec, choices } = filter;
  if (spec.kind === 'dateRange') {
    const range = value as DateRangeValue;
    return [
      range.from && `${LIST_SCREEN_MESSAGES.dateFrom} ${formatDisplayDate(range.from)}`,
      range.to && `${LIST_SCREEN_MESSAGES.dateTo} ${formatDisplayDate(range.to)}`,
    ]
      .filter(Boolean)
      .join(' ');
  }
  const values = spec.kind === 'boolean' ? [value ? 1 : 0] : (value as EnumValue[]);
  return values.map((id) => choices?.find((choice) => choice.id === id)?.label ?? String(id)).join(', ');
}

/**
 * The list a URL asks for: its page, size, sort, search and the shown filters' values; a filter
 * with a storage key and no value in the URL takes the stored one. Malformed values are left out.
 * Pure (but for reading the storage), so the route can ask for the rows before the page is drawn.
 */
export function readListQuery(
  contract: ResourceContract,
  filters: readonly Pick<ShownFilter, 'name' | 'filter'>[],
  searchParams: URLSearchParams,
): ListQuery {
  const raw: Record<string, string> = {};
  for (const { name, filter } of filters) {
    if (filter.kind === 'dateRange' || !filter.storageKey || searchParams.has(name)) continue;
    const stored = storedParam(readSelection(filter.storageKey, contract.key));
    if (stored !== undefined) raw[name] = stored;
  }
  Object.assign(raw, Object.fromEntries(searchParams));
  const shown = {
    ...contract,
    filters: Object.fromEntries(filters.map(({ name, filter }) => [name, filter])) as FilterMap,
  };
  return parseListQuery(shown, raw).query;
}

/** The list request a URL asks for, every filter of the contract read (the route's early request). */
export const listParamsFor = (contract: ResourceContract, searchParams: URLSearchParams): ListParams =>
  toListParams(
    contract,
    readListQuery(
      contract,
      Object.entries(contract.filters).map(([name, filter]) => ({ name, filter })),
      searchParams,
    ),
    { explicit: true },
  );

/** The filters this user sees (an ids filter needs the right to read its options), with their choices. */
function useShownFilters(contract: ResourceContract): ShownFilter[] {
  const idSources = useMemo(
    () =>
      Object.values(contract.filters).flatMap((filter): OptionsSource[] =>
        filter.kind === 'ids' ? [filter.source] : [],
      ),
    [contract],
  );
  const sourceOptions = useOptionsOf(idSources);

  return useMemo<ShownFilter[]>(
    () =>
      Object.entries(contract.filters).flatMap(([name, filter]): ShownFilter[] => {
        switch (filter.kind) {
          case 'ids': {
            if (!sourceOptions.allowed(filter.source)) return [];
            const options = sourceOptions.options(filter.source);
            return [
              { name, filter, choices: options?.map((option) => ({ id: option.id, label: option.name })) },
            ];
          }
          case 'enum':
            return [
              {
                name,
                filter,
                choices: filter.options.map((option) => ({ id: optionKey(option), label: option.label })),
              },
            ];
          case 'boolean':
            return [{ name, filter, choices: BOOLEAN_CHOICES }];
          default:
            return [{ name, filter }];
        }
      }),
    [contract, sourceOptions],
  );
}

/** The list's changes, each one `apply` of the current state (a filter or search change: page 1). */
function useListSetters(
  contract: ResourceContract,
  apply: (change: (current: ListQuery) => ListQuery) => void,
) {
  const setPage = useCallback(
    (index: number) => apply((current) => ({ ...current, page: index + 1 })),
    [apply],
  );

  const setPageSize = useCallback(
    (pageSize: number) => apply((current) => ({ ...current, page: 1, per_page: pageSize })),
    [apply],
  );

  const setSortModel = useCallback(
    (model: GridSortModel) =>
      apply((current) => {
        const [first] = model;
        const sort = first?.field ?? contract.defaultSort.sort;
        const order = first ? (first.sort === 'asc' ? 'asc' : 'desc') : contract.defaultSort.order;
        if (sort === current.sort && order === current.order) return current;
        return { ...current, sort, order, page: 1 };
      }),
    [apply, contract],
  );

  const setSearch = useCallback(
    (search: string) =>
      apply((current) => {
        if ((current.search ?? '') === search) return current;
        const { search: _previous, ...rest } = current;
        return { ...rest, ...(search ? { search } : {}), page: 1 };
      }),
    [apply],
  );

  const setFilter = useCallback(
    (name: string, value: unknown) =>
      apply((current) => {
        const { [name]: _previous, ...others } = current.filters;
        const empty = value === undefined || (Array.isArray(value) && value.length === 0);
        const filters = (empty ? others : { ...others, [name]: value }) as ListQuery['filters'];
        return { ...current, filters, page: 1 };
      }),
    [apply],
  );

  const reset = useCallback(
    () =>
      apply((current) => ({
        page: 1,
        per_page: current.per_page,
        sort: current.sort,
        order: current.order,
        filters: {},
      })),
    [apply],
  );
  return { setPage, setPageSize, setSortModel, setSearch, setFilter, reset };
}

/** What the list is narrowed by, as the empty list's lines say it ("Search for …", "<filter> is …"). */
function activeFilters(query: ListQuery, filters: ShownFilter[]): ActiveFilter[] {
  return [
    ...(query.search
      ? [{ name: 'search', text: format(EMPTY_LIST_MESSAGES.searchFor, { search: query.search }) }]
      : []),
    ...filters.flatMap((shown) => {
      const value = query.filters[shown.name];
      return value === undefined
        ? []
        : [
            {
              name: shown.name,
              text: format(EMPTY_LIST_MESSAGES.filterIs, {
                label: shown.filter.label,
                value: describe(shown, value),
              }),
            },
          ];
    }),
  ];
}

/**
 * A list page's state, kept where a user keeps it: page, page size, sort, search and filters live
 * in the URL (shareable, restored by Back and the browser's back); each filter with a storage key
 * is also kept in localStorage under it (spec §2) and applies when the URL does not say otherwise
 * (the URL wins, and is then brought in line). Changes replace the URL entry; a filter or search
 * change goes back to page 1. An id the options no longer offer is dropped.
 */
export function useListState(contract: ResourceContract): ListState {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useShownFilters(contract);

  const urlText = searchParams.toString();
  const query = useMemo<ListQuery>(() => {
    const parsed = readListQuery(contract, filters, searchParams);
    const values: Record<string, unknown> = { ...parsed.filters };
    // Ids the options no longer offer are dropped once the options are known.
    for (const { name, filter, choices } of filters) {
      const value = values[name];
      if (filter.kind !== 'ids' || value === undefined || !choices) continue;
      const kept = fitSelection(
        value as number[],
        choices.map((choice) => choice.id as number),
      );
      if (kept.length) values[name] = kept;
      else delete values[name];
    }
    return { ...parsed, filters: values as ListQuery['filters'] };
    // `urlText` stands for `searchParams`, whose identity changes on every navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlText, filters, contract]);

  // The latest state, so two changes in one event (a sort that also resets the page) compose.
  const latest = useRef(query);
  useLayoutEffect(() => {
    latest.current = query;
  }, [query]);

  const store = useCallback(
    (next: ListQuery) => {
      for (const { name, filter } of filters)
        if (filter.kind !== 'dateRange' && filter.storageKey)
          writeSelection(filter.storageKey, contract.key, toStored(filter, next.filters[name]));
    },
    [filters, contract.key],
  );

  const apply = useCallback(
    (change: (current: ListQuery) => ListQuery) => {
      const next = change(latest.current);
      latest.current = next;
      store(next);
      setSearchParams(toListParams(contract, next) as Record<string, string>, { replace: true });
    },
    [contract, store, setSearchParams],
  );

  // The URL and the storage follow what is shown: a stored filter appears in the URL, a URL filter
  // is stored, and a malformed or stale value leaves both.
  useEffect(() => {
    store(query);
    const wanted = toListParams(contract, query);
    if (!sameParams(searchParams, wanted))
      setSearchParams(wanted as Record<string, string>, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  const { setPage, setPageSize, setSortModel, setSearch, setFilter, reset } = useListSetters(contract, apply);

  const active = useMemo(() => activeFilters(query, filters), [query, filters]);

  return {
    query,
    params: useMemo(() => toListParams(contract, query, { explicit: true }), [contract, query]),
    filters,
    paginationModel: useMemo(
      () => ({ page: query.page - 1, pageSize: query.per_page }),
      [query.page, query.per_page],
    ),
    setPage,
    setPageSize,
    // Stable while the sort stays: the grid takes a new sort model as a new sort (and redraws).
    sortModel: useMemo(() => [{ field: query.sort, sort: query.order }], [query.sort, query.order]),
    setSortModel,
    setSearch,
    setFilter,
    filtered: active.length > 0,
    active,
    reset,
  };
}
