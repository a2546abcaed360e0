import * as yup from 'yup';
// First: the product's messages must be Yup's locale before the schemas below are built.
import '../yupLocale';
import type { Status } from '../contracts/account';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../limits';
import { en, validation } from '../messages';
import type { PermissionAction, PermissionGroup } from '../permissions';
import { hasAnyPermission, PERMISSION_GROUPS, permissionKey } from '../permissions';

/**
 * What both halves know of a resource (API contract: Resources, List query). Every spelling of a
 * resource comes from its key: `apiPath` `/api/<group>`, permission group `<group>`, tag `<tag>`.
 */
export interface ResourceContract<Sort extends string = string, Filter extends string = string> {
  /** camelCase key: `productArticles`. */
  key: string;
  /** Permission group and URL segment: `product-articles`. */
  group: PermissionGroup;
  /** RTK Query tag: `ProductArticle`. */
  tag: string;
  /** The item's display name in messages: 'Product Article has been successfully created'. */
  item: string;
  /** The list's columns the server may sort by; anything else is refused. */
  sortable: readonly Sort[];
  defaultSort: { sort: Sort; order: SortOrder };
  /** Whether the list filters by status and by a date range (on `dateField`). */
  statusFilter: boolean;
  dateFilter: boolean;
  /** The resource's own list filters (comma-separated id lists: `brand_ids`). */
  filters: readonly Filter[];
  /** Spreadsheet columns (export and import), in order; `import` false for read-only columns. */
  sheet?: readonly SheetColumn[];
  exportable: boolean;
  importable: boolean;
  /**
   * Served as select/filter options (`GET /api/<group>/options`, every row as an `OptionItem`) to
   * the holders of the group's index key and of any key of the `readers` groups: a product's form
   * picks its brand with `products.store` alone.
   */
  options?: { readers: readonly PermissionGroup[] };
}

export interface SheetColumn {
  key: string;
  label: string;
  import: boolean;
}

export type SortOrder = 'asc' | 'desc';

export function defineResource<const Sort extends string, const Filter extends string = never>(
  contract: ResourceContract<Sort, Filter>,
): ResourceContract<Sort, Filter> {
  return contract;
}

export const apiPath = (contract: Pick<ResourceContract, 'group'>): string => `/api/${contract.group}`;
export const can = (contract: Pick<ResourceContract, 'group'>, action: PermissionAction): string =>
  permissionKey(contract.group, action);

/** One row of `GET /api/<group>/options`; `status` where the resource has one (to mark inactive ones). */
export interface OptionItem {
  id: number;
  name: string;
  status?: Status;
}

/** The answer of `GET /api/<group>/options`: every row, by name (at most `OPTIONS_MAX`). */
export interface OptionsResponse {
  data: OptionItem[];
}

export const optionsPath = (contract: Pick<ResourceContract, 'group'>): string =>
  `${apiPath(contract)}/options`;

/**
 * The keys that open a resource's options: its own index key, and every key of its reader groups.
 * The server's guard and the SPA's check both read this list, so they cannot disagree.
 */
export const optionReaderKeys = (contract: Pick<ResourceContract, 'group' | 'options'>): string[] => [
  can(contract, 'index'),
  ...(contract.options?.readers ?? []).flatMap((group) =>
    (PERMISSION_GROUPS[group] as readonly PermissionAction[]).map((action) => permissionKey(group, action)),
  ),
];

/** Whether a user holding `held` may read the options of `contract`. */
export const canReadOptions = (
  held: readonly string[] | undefined,
  contract: Pick<ResourceContract, 'group' | 'options'>,
): boolean => hasAnyPermission(held, optionReaderKeys(contract));

/** A list answer (API contract: List query). */
export interface ListResponse<T> {
  data: T[];
  meta: { current_page: number; per_page: number; total: number; last_page: number };
}

/** A write answer: the item and the spec's success text. */
export interface WriteResponse<T> {
  data: T;
  message: string;
}

/** The list query both halves speak. Filters are comma-separated ids (`1,0`, `3,7`). */
export interface ListParams {
  page?: number;
  per_page?: number;
  sort?: string;
  order?: SortOrder;
  search?: string;
  status?: string;
  date_from?: string;
  date_to?: string;
  [filter: string]: string | number | undefined;
}

/** A required, trimmed text field with the product's templates ('Name is required', 'Name max 255 character'). */
export const requiredText = (label: string, max: number) =>
  yup.string().trim().required(validation.required(label)).max(max, validation.max(label, max));

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const idList = /^\d+(,\d+)*$/;

/** The server's parser of the list query; unknown sorts and malformed filters are a 422. */
export function listQuerySchema(contract: ResourceContract) {
  const filters = Object.fromEntries(
    contract.filters.map((name) => [
      name,
      yup.string().trim().matches(idList, `${name} is invalid`).optional(),
    ]),
  );
  return yup.object({
    page: yup.number().integer().min(1).default(1),
    per_page: yup
      .number()
      .integer()
      .oneOf([...PAGE_SIZES], 'per_page is invalid')
      .default(DEFAULT_PAGE_SIZE),
    sort: yup
      .string()
      .oneOf([...contract.sortable], 'sort is invalid')
      .default(contract.defaultSort.sort),
    order: yup
      .string()
      .oneOf(['asc', 'desc'] as const, 'order is invalid')
      .default(contract.defaultSort.order),
    search: yup.string().trim().max(200).optional(),
    status: yup
      .string()
      .trim()
      .matches(/^[01](,[01])?$/, 'status is invalid')
      .optional(),
    date_from: yup.string().matches(isoDate, 'date_from is invalid').optional(),
    date_to: yup.string().matches(isoDate, 'date_to is invalid').optional(),
    ...filters,
  });
}

/** Drops empty values so the query string and the cache key carry only what filters. */
export function compactParams(params: ListParams): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Record<string, string | number>;
}

/** Status options of every status filter (spec §2): id 1 Active, id 0 Not Active. */
export const STATUS_OPTIONS = [
  { id: 1, label: en.active },
  { id: 0, label: en.notActive },
] as const;
