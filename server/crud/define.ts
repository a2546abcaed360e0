import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Schema } from 'yup';
import type {
  CreateOf,
  DateRangeFilter,
  FilterMap,
  FilterValue,
  ItemOf,
  ListQuery,
  ResourceContract,
  SheetKeyOf,
  SortOf,
  UpdateOf,
} from '../../src/shared/resources/resource';
import type { Executor, Tx } from '../db/client';
import type { AuthUser } from '../repositories/tokens';
import type { PublicRead } from './publicRead';

/** The columns the machinery reads and writes on every resource table (`id()`, `auditColumns()`). */
export type ResourceTable = PgTable & {
  id: PgColumn;
  created_at: PgColumn;
  updated_at: PgColumn;
  created_by: PgColumn;
  updated_by: PgColumn;
};

/** Column values of a row, by the table's property names. */
export type Values<T extends ResourceTable = ResourceTable> = Partial<T['$inferInsert']>;

/** Who writes, and which row (undefined on create). */
export interface WriteContext {
  user: AuthUser;
  id?: number;
  /** The import the write belongs to: its revisions carry it (action `import`), so it can be undone as a batch. */
  importId?: string;
  /**
   * A restore (of a version, from the trash, an import's undo): its revisions read `restore`. An
   * update (a bulk edit): its revisions read `update` though they carry a batch id (`importId`).
   */
  action?: 'restore' | 'update';
  /**
   * An update leaves the rows that already hold its values as they are: no new row version, no new
   * `updated_at` or `updated_by` (an import re-reading an export where a few rows were edited).
   */
  skipUnchanged?: boolean;
  /**
   * The write's work beyond the rows (link tables: `afterWrite`), run by write.ts after the rows are
   * written and before their revisions are taken, so that the revisions see it.
   */
  linked?: (ids: readonly number[]) => Promise<void>;
}

/** One column set by a field writer: the column and its value. */
export type Assignment = readonly [PgColumn, unknown];

export interface FieldContext<Input> extends WriteContext {
  tx: Tx;
  /** The whole validated input (a slug is made from its title). */
  input: Input;
  /** The field being written, for its 422 (`fieldError(ctx.field, …)`). */
  field: string;
  table: ResourceTable;
}

/**
 * How one validated input field is stored: the columns it sets. A writer may check the value
 * against the database and refuse it with `fieldError(ctx.field, …)`; the machinery runs every
 * writer and answers all their refusals in one 422. server/crud/fields.ts has the common ones.
 */
export type FieldWriter<V, Input = unknown> = (
  value: V,
  ctx: FieldContext<Input>,
) => Assignment[] | Promise<Assignment[]>;

/** Keys of every member of a union (`keyof (A | B)` keeps only the common ones). */
type KeysOfUnion<U> = U extends unknown ? keyof U : never;
type ValueIn<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? U[K] : undefined) : never;

/** What a write carries: the create input, the update input, or either. */
export type WriteInput<C extends ResourceContract> = CreateOf<C> | UpdateOf<C>;
/** The fields a write stores: every field of the create and update schemas but the version. */
export type WritableKey<C extends ResourceContract> = Exclude<KeysOfUnion<WriteInput<C>>, 'updated_at'>;

/** One writer per writable field, no more, no fewer: a field cannot be validated and then dropped. */
export type WriteMap<C extends ResourceContract> = {
  [K in WritableKey<C>]-?: FieldWriter<ValueIn<WriteInput<C>, K>, WriteInput<C>>;
};

/** The contract's filters other than the date range (which filters the `dateField` column). */
type ColumnFilterKey<F extends FilterMap> = {
  [K in keyof F]: F[K] extends DateRangeFilter ? never : K;
}[keyof F];

/**
 * A filter's condition on this resource's own table, from its parsed value (typed by its kind) and
 * the whole query (its `viewer`: a "mine" filter).
 */
export type FilterMapImpl<F extends FilterMap> = {
  [K in ColumnFilterKey<F>]-?: (value: FilterValue<F[K]>, query: ListQuery) => SQL | undefined;
};

/** A spreadsheet cell. */
export type Cell = string | number | null;

/** One spreadsheet row mapped for storing, or what is wrong with it. */
export type RowResult<T extends ResourceTable> = { values: Values<T> } | { errors: string[] };

export interface ResourceImport<T extends ResourceTable, Row> {
  /** The shared Yup schema of one row (after the header labels are mapped to sheet keys). */
  schema: Schema<Row>;
  /** The natural key an exported file is matched back by, so a re-import updates instead of duplicating. */
  key: PgColumn;
  keyOf: (row: Row) => string;
  /**
   * Runs once per import inside its transaction; loads what rows refer to (e.g. roles by name) and
   * returns the row mapper (`existingId` is the matched row, or null for a new one), an optional
   * `existing` called with the ids of the rows each batch updates before its rows are mapped (e.g. to
   * refuse users the importer may not change), and an optional check after every row is written
   * (throwing rolls the whole import back). The rows arrive in batches as the file is read.
   */
  prepare: (
    tx: Tx,
    ctx: WriteContext,
  ) => Promise<{
    row: (row: Row, existingId: number | null) => RowResult<T>;
    existing?: (ids: readonly number[]) => Promise<void>;
    after?: (written: { created: number[]; updated: number[] }) => Promise<void>;
  }>;
}

/** `cells` and `import` exist exactly when the contract exports and imports. */
type SheetParts<C extends ResourceContract, T extends ResourceTable, Row> = (C['exportable'] extends true
  ? {
      /** The spreadsheet cells of an item: exactly the contract's sheet columns. */
      cells: (item: ItemOf<C>) => { [K in SheetKeyOf<C>]: Cell };
      /**
       * The same cells as SQL over the declaration's select (`sheetSql.ts`), when every one can be
       * written so: a CSV export on PostgreSQL is then one `COPY … TO STDOUT` the database writes
       * itself, byte for byte the file `cells` makes (a test per declaration proves it).
       */
      cellsSql?: { [K in SheetKeyOf<C>]: SQLWrapper };
    }
  : { cells?: never; cellsSql?: never }) &
  (C['importable'] extends true ? { import: ResourceImport<T, Row> } : { import?: never });

/**
 * The server half of one resource: the shared contract plus what only the server knows, each as
 * plain data or a small function, typed against the contract so that a sort, filter, writable field
 * or sheet column it lacks (or has too many of) fails `tsc`. `registerResource` turns it into the
 * routes its permission group allows.
 */
export type ServerResource<
  C extends ResourceContract,
  T extends ResourceTable,
  Q extends PgSelect,
  Row = never,
> = {
  contract: C;
  table: T;
  /** The list and show query: explicit columns and joins (`$dynamic()`), no where/order. */
  select: (db: Executor) => Q;
  /** A page of `select` rows → exactly the contract's wire items (relations loaded for the whole page at once). */
  toItems: (db: Executor, rows: Awaited<Q>) => Promise<ItemOf<C>[]>;
  /** Text columns `search` matches (ILIKE, any of them). Filters use this table's columns only. */
  search: readonly PgColumn[];
  /** Every sortable name of the contract → its expression (joined columns allowed). */
  sort: { [K in SortOf<C>]-?: SQLWrapper };
  filters: FilterMapImpl<C['filters']>;
  /** How each field of the create/update input is stored. */
  write: WriteMap<C>;
  /** Refusals that depend on the stored row (throw `HttpError`/`fieldError`); run before the writers. */
  beforeUpdate?: (tx: Tx, id: number, input: UpdateOf<C>, ctx: WriteContext) => Promise<void>;
  beforeDelete?: (tx: Tx, id: number, ctx: WriteContext) => Promise<void>;
  /** Writes beyond the row itself (e.g. a role's permissions, revoking tokens), same transaction. */
  afterWrite?: (tx: Tx, id: number, input: WriteInput<C>, ctx: WriteContext) => Promise<void>;
  /**
   * Restore from the trash: the columns a snapshot never keeps (secrets) that the row needs again,
   * made anew (a user's password hash: they set a new one through Forgot password).
   */
  restoreColumns?: () => Promise<Record<string, unknown>>;
  /** Served to the website under `/public/v1/<group>` (crud/publicRead.ts): published rows, public fields. */
  publicRead?: PublicRead;
  /**
   * Signed-in sessions depend on these records (users: status and role; roles: permissions): every
   * update, delete or restore of one tells the other instances to drop the sign-ins it affects.
   */
  sessions?: 'users' | 'roles';
} & SheetParts<C, T, Row>;

/** Columns the contract names that the table must have: its title (options), its date (date range). */
type TableChecks<C extends ResourceContract> = {
  table: Record<C['titleField'], PgColumn> &
    (C['dateField'] extends string ? Record<C['dateField'], PgColumn> : unknown);
};

/**
 * Keeps the declaration's types checked against its contract and table; returns it unchanged. A
 * sort, filter, writer or sheet cell the contract has and the declaration lacks fails `tsc`; one
 * the declaration has beyond its contract fails `tsc` when written in the literal, and the start
 * (`checkDeclaration`) when it came in through a spread.
 */
export function defineServerResource<
  const C extends ResourceContract,
  T extends ResourceTable,
  Q extends PgSelect,
  Row = never,
>(declaration: ServerResource<C, T, Q, Row> & TableChecks<C>): ServerResource<C, T, Q, Row> {
  return declaration;
}
