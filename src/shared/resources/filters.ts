import { DEFAULT_PAGE_SIZE, MAX_ID, PAGE_SIZES } from '../limits';
import { LABELS, en } from '../messages';
import { SETTINGS_MESSAGES } from '../messages/settings';
import type { PermissionGroup } from '../permissions';
import { STORAGE_KEYS, type StorageKey } from '../storageKeys';

/**
 * A list's filters, by kind (API contract: List query). A contract declares each filter once under
 * its query parameter; the server's list-query parser and the SPA's filter row both read the kind:
 * - `ids`: comma-separated ids of another resource (`brand_ids=3,7`), whose options come from that
 *   resource's `GET /api/<group>/options`;
 * - `enum`: comma-separated fixed values with labels (`status=1,0`, `sources=contact-page`);
 * - `boolean`: `1` or `0`;
 * - `dateRange`: `<name>_from` / `<name>_to` as `YYYY-MM-DD`, on the contract's `dateField`.
 * A filter with a `storageKey` keeps its selection in localStorage under that key (spec §2).
 */

/** What an `ids` filter needs of the resource its options come from (a contract with `options`). */
export interface OptionsSource {
  group: PermissionGroup;
  /** Its RTK Query tag: a write of that resource refreshes the options. */
  tag: string;
  options?: { readers: readonly PermissionGroup[] };
}

export type EnumValue = string | number;

/** A fixed choice; the spec's filter options carry an `id` or a `value`. */
export type EnumOption<V extends EnumValue = EnumValue> =
  { id: V; value?: never; label: string } | { value: V; id?: never; label: string };

export interface IdsFilter {
  kind: 'ids';
  label: string;
  source: OptionsSource;
  storageKey?: StorageKey;
}

export interface EnumFilter<V extends EnumValue = EnumValue> {
  kind: 'enum';
  label: string;
  options: readonly EnumOption<V>[];
  storageKey?: StorageKey;
  /**
   * The values a list keeps while the filter is not set (its default view); any selection replaces
   * them. The inbox leaves Spam out this way (issue #41). Unset: every row.
   */
  whenUnset?: readonly V[];
}

export interface BooleanFilter {
  kind: 'boolean';
  label: string;
  storageKey?: StorageKey;
}

export interface DateRangeFilter {
  kind: 'dateRange';
  label: string;
}

export type FilterSpec = IdsFilter | EnumFilter | BooleanFilter | DateRangeFilter;
export type FilterMap = Readonly<Record<string, FilterSpec>>;

/** A date range as the list query carries it: inclusive `YYYY-MM-DD` days, either end open. */
export interface DateRangeValue {
  from?: string;
  to?: string;
}

/** What a filter's query parameter parses to, by kind. */
export type FilterValue<F extends FilterSpec> = F extends IdsFilter
  ? number[]
  : F extends EnumFilter<infer V>
    ? V[]
    : F extends BooleanFilter
      ? boolean
      : F extends DateRangeFilter
        ? DateRangeValue
        : never;

export const idsFilter = (label: string, source: OptionsSource, storageKey?: StorageKey): IdsFilter => ({
  kind: 'ids',
  label,
  source,
  ...(storageKey ? { storageKey } : {}),
});

export const enumFilter = <const V extends EnumValue>(spec: Omit<EnumFilter<V>, 'kind'>): EnumFilter<V> => ({
  kind: 'enum',
  ...spec,
});

export const booleanFilter = (label: string, storageKey?: StorageKey): BooleanFilter => ({
  kind: 'boolean',
  label,
  ...(storageKey ? { storageKey } : {}),
});

export const dateRangeFilter = (label: string): DateRangeFilter => ({ kind: 'dateRange', label });

/** Status options of every status filter and select (spec §2): id 1 Active, id 0 Not Active. */
export const STATUS_OPTIONS = [
  { id: 1, label: en.active },
  { id: 0, label: en.notActive },
] as const;

/** The status filter every list with a status has, kept under the spec's `filter:status`. */
export const STATUS_FILTER = enumFilter({
  label: LABELS.status,
  options: STATUS_OPTIONS,
  storageKey: STORAGE_KEYS.filterStatus,
});

/** The date range (with the spec's presets) of a list whose `dateField` is `created_at`. */
export const CREATED_DATE_FILTER = dateRangeFilter(SETTINGS_MESSAGES.createdDate);

export const optionKey = <V extends EnumValue>(option: EnumOption<V>): V => (option.id ?? option.value) as V;

/** The query parameters one filter reads: its name, or `<name>_from` and `<name>_to` for a date range. */
export const filterParams = (name: string, filter: FilterSpec): string[] =>
  filter.kind === 'dateRange' ? [`${name}_from`, `${name}_to`] : [name];

export type SortOrder = 'asc' | 'desc';

/** The list query both halves speak, as sent: every value a string or number. */
export interface ListParams {
  page?: number;
  per_page?: number;
  sort?: string;
  order?: SortOrder;
  search?: string;
  [filter: string]: string | number | undefined;
}

/** The list query parsed: paging, sort, search and each filter's typed value (absent when not set). */
export interface ListQuery<Sort extends string = string, Filters extends FilterMap = FilterMap> {
  page: number;
  per_page: number;
  sort: Sort;
  order: SortOrder;
  search?: string;
  filters: { [K in keyof Filters]?: FilterValue<Filters[K]> };
  /** Who asks (the server sets it from the sign-in): a filter on "mine" reads it. */
  viewer?: number;
}

/** What the list-query parser needs of a contract. */
export interface ListQueryContract<Sort extends string = string, Filters extends FilterMap = FilterMap> {
  sortable: readonly Sort[];
  defaultSort: { sort: Sort; order: SortOrder };
  filters: Filters;
}

export interface ParsedListQuery<Sort extends string, Filters extends FilterMap> {
  query: ListQuery<Sort, Filters>;
  /** What was malformed, by parameter (`{sort: ['sort is invalid']}`); such values read as unset. */
  errors: Record<string, string[]>;
}

export const SEARCH_MAX = 200;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID_LIST = /^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/;

/** A real calendar day from year 1 on (PostgreSQL has no year 0), as `YYYY-MM-DD`. */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return (
    !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && date.getUTCFullYear() >= 1
  );
}

type Raw = Record<string, unknown>;

const text = (raw: Raw, key: string): string | undefined => {
  const value = raw[key];
  if (value === undefined || value === null) return undefined;
  const trimmed = (Array.isArray(value) ? String(value[value.length - 1]) : String(value)).trim();
  return trimmed === '' ? undefined : trimmed;
};

function parseFilter(
  name: string,
  filter: FilterSpec,
  raw: Raw,
  invalid: (param: string) => undefined,
): FilterValue<FilterSpec> | undefined {
  switch (filter.kind) {
    case 'ids': {
      const value = text(raw, name);
      if (value === undefined) return undefined;
      const ids = ID_LIST.test(value) ? value.split(',').map(Number) : [];
      if (!ids.length || ids.some((id) => id > MAX_ID)) return invalid(name);
      return [...new Set(ids)];
    }
    case 'enum': {
      const value = text(raw, name);
      if (value === undefined) return undefined;
      const byText = new Map(filter.options.map((option) => [String(optionKey(option)), optionKey(option)]));
      const parts = value.split(',').map((part) => part.trim());
      if (parts.some((part) => !byText.has(part))) return invalid(name);
      return [...new Set(parts.map((part) => byText.get(part) as EnumValue))];
    }
    case 'boolean': {
      const value = text(raw, name);
      if (value === undefined) return undefined;
      if (value === '1' || value === 'true') return true;
      if (value === '0' || value === 'false') return false;
      return invalid(name);
    }
    case 'dateRange': {
      const range: DateRangeValue = {};
      for (const end of ['from', 'to'] as const) {
        const param = `${name}_${end}`;
        const value = text(raw, param);
        if (value === undefined) continue;
        if (isIsoDay(value)) range[end] = value;
        else invalid(param);
      }
      return range.from || range.to ? range : undefined;
    }
  }
}

/**
 * Reads a list query (the server's querystring, or the SPA's URL) against a contract: page, page
 * size, sort (one of `sortable`), order, search and each declared filter by its kind. Anything
 * malformed is reported in `errors` (the server answers 422 with them; the SPA ignores them) and
 * reads as its default. Unknown parameters are ignored.
 */
export function parseListQuery<Sort extends string, Filters extends FilterMap>(
  contract: ListQueryContract<Sort, Filters>,
  raw: Raw,
): ParsedListQuery<Sort, Filters> {
  const errors: Record<string, string[]> = {};
  const invalid = (param: string): undefined => {
    errors[param] = [`${param} is invalid`];
    return undefined;
  };

  const number = (param: string, fallback: number, ok: (value: number) => boolean): number => {
    const value = text(raw, param);
    if (value === undefined) return fallback;
    const parsed = /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
    if (ok(parsed)) return parsed;
    invalid(param);
    return fallback;
  };
  const perPage = number('per_page', DEFAULT_PAGE_SIZE, (value) =>
    (PAGE_SIZES as readonly number[]).includes(value),
  );
  // The offset must stay an exact integer for the database.
  const page = number('page', 1, (value) => value >= 1 && Number.isSafeInteger(value * perPage));

  const sortText = text(raw, 'sort');
  const sort = (contract.sortable as readonly string[]).includes(sortText ?? '')
    ? (sortText as Sort)
    : (sortText !== undefined && invalid('sort'), contract.defaultSort.sort);
  const orderText = text(raw, 'order');
  const order: SortOrder =
    orderText === 'asc' || orderText === 'desc'
      ? orderText
      : (orderText !== undefined && invalid('order'), contract.defaultSort.order);

  const searchText = text(raw, 'search');
  const search = searchText !== undefined && searchText.length > SEARCH_MAX ? invalid('search') : searchText;

  const filters: Record<string, unknown> = {};
  for (const [name, filter] of Object.entries(contract.filters)) {
    const value = parseFilter(name, filter, raw, invalid);
    if (value !== undefined) filters[name] = value;
  }
  return {
    query: {
      page,
      per_page: perPage,
      sort,
      order,
      ...(search ? { search } : {}),
      filters: filters as ListQuery<Sort, Filters>['filters'],
    },
    errors,
  };
}

/** A filter's value as its query parameter(s) carry it (the inverse of the parser). */
export function filterToParams(name: string, filter: FilterSpec, value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  switch (filter.kind) {
    case 'dateRange': {
      const range = value as DateRangeValue;
      return {
        ...(range.from ? { [`${name}_from`]: range.from } : {}),
        ...(range.to ? { [`${name}_to`]: range.to } : {}),
      };
    }
    case 'boolean':
      return { [name]: value ? '1' : '0' };
    default: {
      const values = value as readonly EnumValue[];
      return values.length ? { [name]: values.join(',') } : {};
    }
  }
}

/**
 * The list query as parameters. `explicit` (the API request) spells out page, size and sort;
 * otherwise (the page's URL) values at their default are left out, so a shared link stays short.
 */
export function toListParams<Sort extends string, Filters extends FilterMap>(
  contract: ListQueryContract<Sort, Filters>,
  query: ListQuery<Sort, Filters>,
  { explicit = false }: { explicit?: boolean } = {},
): ListParams {
  const isDefaultSort =
    query.sort === contract.defaultSort.sort && query.order === contract.defaultSort.order;
  const params: ListParams = {
    ...(explicit || query.page !== 1 ? { page: query.page } : {}),
    ...(explicit || query.per_page !== DEFAULT_PAGE_SIZE ? { per_page: query.per_page } : {}),
    ...(explicit || !isDefaultSort ? { sort: query.sort, order: query.order } : {}),
    ...(query.search ? { search: query.search } : {}),
  };
  for (const [name, filter] of Object.entries(contract.filters))
    Object.assign(params, filterToParams(name, filter, (query.filters as Record<string, unknown>)[name]));
  return params;
}

/** Drops empty values so the query string and the cache key carry only what filters. */
export function compactParams(params: ListParams): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Record<string, string | number>;
}
