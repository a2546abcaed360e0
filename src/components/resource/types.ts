import type { ReactNode } from 'react';
import type { FormikProps } from 'formik';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { AnyObjectSchema } from 'yup';
import type { ImportResponse, UpdateArg } from '../../../store/resourceApi';
import type {
  ListParams,
  ListResponse,
  ResourceContract,
  WriteResponse,
} from '../../shared/resources/resource';
import type { StorageKey } from '../../shared/storageKeys';

/** A row of the list: anything with a numeric id. */
export type ResourceRow = GridValidRowModel & { id: number };

/** One option of a list filter; the spec's options carry an `id` or a `value`. */
export interface FilterOption {
  id?: number | string;
  value?: number | string;
  label: string;
}

/** One of a resource's own list filters: a multi-select sent as comma-separated ids. */
export interface ListFilterConfig {
  /** The list query parameter, e.g. 'role_ids'. */
  param: string;
  label: string;
  /** Where the selection is kept (per list, under the list's contract key). */
  storageKey: StorageKey;
  /** The options, fetched from the API; undefined while they load. */
  options: readonly FilterOption[] | undefined;
}

/** What a list page needs of an RTK Query list hook (`useListUsersQuery` fits). */
export interface ListQueryResult<T> {
  data?: ListResponse<T>;
  isFetching: boolean;
  isError?: boolean;
  refetch?: () => void;
}

/** A mutation trigger as RTK Query hooks return it: call, then `unwrap()`. */
export type MutationTrigger<Arg, Result> = (arg: Arg) => { unwrap: () => Promise<Result> };

/** An RTK Query mutation hook (`useImportUsersMutation`, `useCreateUserMutation` fit). */
export type MutationHook<Arg, Result> = () => readonly [MutationTrigger<Arg, Result>, { isLoading: boolean }];

export interface ResourceListPageProps<T extends ResourceRow> {
  contract: ResourceContract;
  /** The page heading and the last breadcrumb. */
  title: string;
  useList: (params: ListParams) => ListQueryResult<T>;
  columns: GridColDef<T>[];
  /** The resource's own filters, in order. */
  filters?: ListFilterConfig[];
  /** Shows Add New (with the store permission) linking here. */
  addPath?: string;
  /** Row click navigates here. */
  rowPath?: (row: T) => string;
  /** Shows Import (when the contract is importable and the user may store). */
  importMutation?: MutationHook<File, ImportResponse>;
  /** Render every row and column (jsdom has no layout); passed to the DataGrid. */
  disableVirtualization?: boolean;
  /** A disabled breadcrumb between Dashboard and the title: the menu group (e.g. 'Setting'). */
  section?: string;
}

/** Formik values of a resource form. */
export type FormValues = Record<string, unknown>;

/** What a form page needs of an RTK Query item hook (`useGetUserQuery` fits). */
export interface ItemQueryResult<T> {
  data?: T;
  isLoading: boolean;
  isFetching?: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** One schema for both, or one for create and one for update. */
export type FormSchema = AnyObjectSchema | { create: AnyObjectSchema; update: AnyObjectSchema };

export interface ResourceFormContext<T> {
  /** The loaded item (detail), undefined on add. */
  item?: T;
  /** True when the user lacks the update permission on a detail page. */
  readOnly: boolean;
  /** True on the add page. */
  isNew: boolean;
}

export interface ResourceFormPageProps<
  T extends { id: number; updated_at?: string | null },
  Values extends FormValues,
  Body extends object,
> {
  contract: ResourceContract;
  /** The page heading and the last breadcrumb. */
  title: string;
  /** Cancel, Back and a delete lead here; also the middle breadcrumb. */
  listPath: string;
  /** The list's breadcrumb label (default: `contract.item`). */
  listTitle?: string;
  /** The item's id on a detail page; undefined on the add page. */
  id?: number;
  useGet?: (id: number, options: { skip: boolean }) => ItemQueryResult<T>;
  useCreate: MutationHook<Body, WriteResponse<T>>;
  useUpdate: MutationHook<UpdateArg<Body & { updated_at: string }>, WriteResponse<T>>;
  useDelete?: MutationHook<number, WriteResponse<T>>;
  schema: FormSchema;
  initialValues: (item?: T) => Values;
  /** The request body from the form's values (the page adds `updated_at` on update). */
  toBody: (values: Values) => Body;
  /** The resource's own fields. */
  children: (formik: FormikProps<Values>, context: ResourceFormContext<T>) => ReactNode;
  /** Overrides the update-permission check (e.g. a super role that cannot be edited). */
  canEdit?: boolean;
  /** A disabled breadcrumb between Dashboard and the list: the menu group (e.g. 'Setting'). */
  section?: string;
  /** The last breadcrumb: 'Add' or the item's name (default: `title`). */
  crumb?: (item?: T) => string;
  /** Whether the loaded item may be deleted at all (e.g. not the super role); default yes. */
  canDelete?: (item: T) => boolean;
}
