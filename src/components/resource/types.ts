import type { StorageKey } from '../../shared/storageKeys';
import type { ReactNode } from 'react';
import type { FormikProps } from 'formik';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { AnyObjectSchema } from 'yup';
import type { ItemColumn } from './listColumns';
import type { ImportRequest, ImportResponse, UpdateArg } from '../../../store/resourceApi';
import type {
  ListParams,
  ListResponse,
  ResourceContract,
  WriteResponse,
} from '../../shared/resources/resource';

/** A row of the list: anything with a numeric id. */
export type ResourceRow = GridValidRowModel & { id: number };

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
  /** The page heading and the last breadcrumb (default: the contract's item name). */
  title?: string;
  /** A disabled breadcrumb between Dashboard and the title (default: the menu group of the contract's route). */
  section?: string;
  useList: (params: ListParams) => ListQueryResult<T>;
  /** The grid's columns (`listColumns(contract, …)`); the first one links to the row's detail page. */
  columns: ItemColumn<T>[];
  /** Add New (with the store permission) links here (default: the contract's add page, when its group can store); null: none. */
  addPath?: string | null;
  /** A row opens this page (default: the contract's detail page, when its group can update); null: rows open nothing. */
  rowPath?: ((row: T) => string) | null;
  /** Shows Import (when the contract is importable and the user may store). */
  importMutation?: MutationHook<ImportRequest, ImportResponse>;
  /**
   * On a phone each row is a card: its title (the first column) and these columns' fields
   * (default: the next three columns, `status` and the contract's date field, where present).
   */
  cardFields?: readonly string[];
  /** Render every row and column (jsdom has no layout); passed to the DataGrid. */
  disableVirtualization?: boolean;
  /**
   * Rows get checkboxes, and these buttons show above the grid while some are selected (bulk
   * actions): given the selected ids and a function that clears the selection.
   */
  selectionActions?: (ids: number[], clear: () => void) => ReactNode;
  /**
   * The rows can also be shown as a grid of pictures (a Table / Grid choice above the list, kept in
   * this browser under `storageKey`): each tile is a card with this picture over its title and fields.
   */
  gallery?: { picture: (row: T) => ReactNode; storageKey: StorageKey };
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

/** What the confirmation before a save says. */
export interface SaveConfirmation {
  title: string;
  text: string;
}

export interface ResourceFormPageProps<
  T extends { id: number; updated_at?: string | null },
  Values extends FormValues,
  Body extends object,
> {
  contract: ResourceContract;
  /** The page heading (default: the last breadcrumb: "Add brand" on add, the record's name on a detail). */
  title?: string;
  /** Cancel, Back and a delete lead here; also the middle breadcrumb (default: the contract's route). */
  listPath?: string;
  /** The list's breadcrumb label (default: `contract.item`). */
  listTitle?: string;
  /** The item's id (default: the route's `:id`; none on the add page). */
  id?: number;
  useGet?: (id: number, options: { skip: boolean }) => ItemQueryResult<T>;
  /** Absent for a resource that cannot be added (pages). */
  useCreate?: MutationHook<Body, WriteResponse<T>>;
  useUpdate: MutationHook<UpdateArg<Body & { updated_at: string }>, WriteResponse<T>>;
  useDelete?: MutationHook<number, WriteResponse<T>>;
  /** Default: the contract's input schemas (`create` on add, `update` on a detail page). */
  schema?: FormSchema;
  initialValues: (item?: T) => Values;
  /** The request body from the form's values (the page adds `updated_at` on update). */
  toBody: (values: Values) => Body;
  /** False: the children lay out their own cards (a page's sections, a preview beside them). Default true. */
  card?: boolean;
  /** Shown above the form of a loaded item (the website's "Preview on site"). */
  beside?: (item: T) => ReactNode;
  /** The resource's own fields. */
  children: (formik: FormikProps<Values>, context: ResourceFormContext<T>) => ReactNode;
  /** Overrides the update-permission check (e.g. a super role that cannot be edited). */
  canEdit?: boolean;
  /** A disabled breadcrumb between Dashboard and the list (default: the menu group of the contract's route). */
  section?: string;
  /** A detail page's last breadcrumb (default: the item's title field); an add page's is `addTitle`. */
  crumb?: (item?: T) => string;
  /**
   * Asked before a save that a user would not expect to go through unasked (a role without
   * permissions): the dialog's title and text, or null to save at once.
   */
  confirmSave?: (values: Values) => SaveConfirmation | null;
  /** Whether the loaded item may be deleted at all (e.g. not the super role); default yes. */
  canDelete?: (item: T) => boolean;
}
