import * as yup from 'yup';
// First: the product's messages must be Yup's locale before the schemas below are built.
import '../yupLocale';
import type { Static, TObject } from '@sinclair/typebox';
import { LABELS, validation } from '../messages';
import type { PermissionAction, PermissionGroup } from '../permissions';
import { hasAnyPermission, PERMISSION_GROUPS, permissionKey } from '../permissions';
import type { FilterMap, OptionsSource, SortOrder } from './filters';
import type { OptionItem } from './wire';

export * from './filters';
export type { OptionItem } from './wire';

/** The actions a permission group has (`PERMISSION_GROUPS`): which routes and buttons exist. */
export type GroupActions<G extends PermissionGroup> = (typeof PERMISSION_GROUPS)[G][number];

/**
 * The Yup input schemas of a resource, one per write its permission group has: `create` with
 * `store`, `update` (carrying `updated_at`) with `update`. A group without the action has none, and
 * the server registers no route for it (pages: no create; subscribers: neither).
 */
export type InputSchemas<G extends PermissionGroup> = ('store' extends GroupActions<G>
  ? { create: yup.AnyObjectSchema }
  : { create?: never }) &
  ('update' extends GroupActions<G> ? { update: yup.AnyObjectSchema } : { update?: never });

export interface SheetColumn<Key extends string = string> {
  key: Key;
  label: string;
  /** False for read-only columns (exported, not imported). */
  import: boolean;
}

/**
 * What both halves know of a resource (API contract: Resources, List query), in one plain module
 * per resource (`src/shared/resources/<key>.ts`). Every spelling comes from the key: `apiPath`
 * `/api/<group>`, permission group `<group>`, tag `<tag>`; the list and form pages take their title,
 * paths and breadcrumbs from it, the server its routes, validation, serialiser and OpenAPI schema.
 */
export interface ResourceContract<G extends PermissionGroup = PermissionGroup> {
  /** camelCase key: `productArticles`. */
  key: string;
  /** Permission group and URL segment: `product-articles`. Its actions decide which routes exist. */
  group: G;
  /** RTK Query tag: `ProductArticle`. */
  tag: string;
  /** The item's display name in messages: 'Product Article has been successfully created'. */
  item: string;
  /** The SPA's list route (`ROUTES.productArticles`); the add and detail pages sit under it. */
  route: string;
  /** The item's name or title: the detail page's last breadcrumb, the options' label. */
  titleField: string;
  /** The list's columns the server may sort by; anything else is refused. */
  sortable: readonly string[];
  defaultSort: { sort: string; order: SortOrder };
  /** The column a `dateRange` filter filters on (`created_at`, a news item's `date`). */
  dateField?: string;
  /** The list's filters by query parameter, each of a kind (filters.ts). */
  filters: FilterMap;
  /** Spreadsheet columns (export and import), in order. */
  sheet?: readonly SheetColumn[];
  exportable: boolean;
  importable: boolean;
  /**
   * Offers `POST /api/<group>/bulk-delete` (`{ids}`, the group's destroy key) and row selection
   * with a bulk Delete on the list.
   */
  bulkDelete?: boolean;
  /**
   * False: deleted records are not kept for restoring (no Deleted button, no trash route); the
   * media library's files. Default: the group's destroy action has a trash.
   */
  trash?: false;
  /**
   * The fields a list's selection (or every row matching its filters) may set at once, by update
   * input field (`POST /api/<group>/bulk-edit`, the group's update key; bulkEdit.ts): the kind
   * tells the dialog which input to draw.
   */
  bulkEdit?: Readonly<Record<string, BulkEditField>>;
  /**
   * Served as select/filter options (`GET /api/<group>/options`, every row as an `OptionItem`) to
   * the holders of the group's index key and of any key of the `readers` groups: a product's form
   * picks its brand with `products.store` alone.
   */
  options?: { readers: readonly PermissionGroup[] };
  /** The item as the API answers it (TypeBox): its type, serialiser and OpenAPI schema. */
  wire: TObject;
  /** The Yup schemas the form and the server validate writes with (`InputSchemas`: one per write action). */
  input: { create?: yup.AnyObjectSchema; update?: yup.AnyObjectSchema };
}

/**
 * One bulk-editable field: its label and the input the dialog draws for it: the status choice,
 * one of another resource's options (a brand), or a day (`YYYY-MM-DD`, empty: none).
 */
export type BulkEditField = { label: string } & (
  { kind: 'status' } | { kind: 'options'; source: OptionsSource } | { kind: 'date' }
);

/** The bulk edit of a resource with a status: its status alone (more fields spread beside it). */
export const STATUS_BULK_EDIT = {
  status: { kind: 'status', label: LABELS.status },
} as const satisfies Record<string, BulkEditField>;

/** The item type of a contract: exactly its wire schema. */
export type ItemOf<C extends Pick<ResourceContract, 'wire'>> = Static<C['wire']>;
export type SortOf<C extends Pick<ResourceContract, 'sortable'>> = C['sortable'][number];
export type FiltersOf<C extends Pick<ResourceContract, 'filters'>> = C['filters'];
export type SheetKeyOf<C extends Pick<ResourceContract, 'sheet'>> = NonNullable<C['sheet']>[number]['key'];
export type CreateOf<C extends { input: object }> = C['input'] extends { create: infer S }
  ? S extends yup.AnyObjectSchema
    ? yup.InferType<S>
    : never
  : never;
export type UpdateOf<C extends { input: object }> = C['input'] extends { update: infer S }
  ? S extends yup.AnyObjectSchema
    ? yup.InferType<S>
    : never
  : never;

/** What `defineResource` checks beyond the shape: names that must be the item's fields. */
type ContractChecks<C extends ResourceContract> = {
  input: InputSchemas<C['group']>;
  titleField: keyof ItemOf<C> & string;
  sortable: readonly (keyof ItemOf<C> & string)[];
  defaultSort: { sort: C['sortable'][number]; order: SortOrder };
  dateField?: keyof ItemOf<C> & string;
  /** Only update input fields are bulk-editable. */
  bulkEdit?: { [K in keyof C['bulkEdit']]: K extends keyof UpdateOf<C> ? BulkEditField : never };
};

/**
 * Keeps a contract's literal types (its sort names, filter names, sheet keys) for the server
 * declaration and the pages, and checks that its titled, sorted and dated fields are the item's.
 */
export function defineResource<const C extends ResourceContract>(contract: C & ContractChecks<C>): C {
  const needsDate = Object.values(contract.filters).some((filter) => filter.kind === 'dateRange');
  if (needsDate && !contract.dateField)
    throw new Error(`${contract.group}: a dateRange filter needs the contract's dateField`);
  return contract;
}

export const apiPath = (contract: Pick<ResourceContract, 'group'>): string => `/api/${contract.group}`;
export const can = (contract: Pick<ResourceContract, 'group'>, action: PermissionAction): string =>
  permissionKey(contract.group, action);

/** Whether the contract's permission group has `action` (and so its route and its button). */
export const hasAction = (contract: Pick<ResourceContract, 'group'>, action: PermissionAction): boolean =>
  (PERMISSION_GROUPS[contract.group] as readonly PermissionAction[]).includes(action);

/** Whether a user holding `held` may read the records of `contract` (its list, search, dashboard counts). */
export const canIndex = (
  held: readonly string[] | undefined,
  contract: Pick<ResourceContract, 'group'>,
): boolean => hasAction(contract, 'index') && hasAnyPermission(held, [can(contract, 'index')]);

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
  meta: {
    current_page: number;
    per_page: number;
    total: number;
    last_page: number;
    /** True when `total` is an estimate (more than 10 000 rows matched); absent when it is exact. */
    total_estimated?: boolean;
  };
}

/** A write answer: the item and the spec's success text. */
export interface WriteResponse<T> {
  data: T;
  message: string;
}

/** A required, trimmed text field with the product's templates ('Name is required', 'Name max 255 character'). */
export const requiredText = (label: string, max: number) =>
  yup.string().trim().required(validation.required(label)).max(max, validation.max(label, max));

/** Most rows one bulk action takes (`POST /api/<group>/bulk-delete`, bulk state changes). */
export const BULK_MAX = 500;

/** One selected row's id: a positive int4 (a larger one would be a database error, not a 422). */
export const rowIdSchema = () =>
  yup
    .number()
    .integer()
    .positive()
    .max(2 ** 31 - 1)
    .required();

/** The body of a bulk action: the selected rows' ids. */
export const bulkIdsSchema = yup.object({
  ids: yup.array(rowIdSchema()).required().min(1).max(BULK_MAX),
});
export type BulkIds = yup.InferType<typeof bulkIdsSchema>;

export const bulkDeletePath = (contract: Pick<ResourceContract, 'group'>): string =>
  `${apiPath(contract)}/bulk-delete`;
