import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Schema } from 'yup';
import type { ResourceContract } from '../../src/shared/resources/resource';
import type { Executor, Tx } from '../db/client';
import type { AuthUser } from '../repositories/tokens';

/** The columns the machinery reads and writes on every resource table (`id()`, `audit`, `timestamps`). */
export type ResourceTable = PgTable & {
  id: PgColumn;
  created_at: PgColumn;
  updated_at: PgColumn;
  created_by: PgColumn;
  updated_by: PgColumn;
};

/** Column values a resource writes (never id, audit or timestamps: the machinery sets those). */
export type Values<T extends ResourceTable> = Partial<T['$inferInsert']>;

/** Who writes, and which row (undefined on create). */
export interface WriteContext {
  user: AuthUser;
  id?: number;
}

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
   * returns the row mapper (`existingId` is the matched row, or null for a new one) and an optional
   * check after every row is written (throwing rolls the whole import back). `existingIds` are the
   * rows the file updates (e.g. to refuse users the importer may not change).
   */
  prepare: (
    tx: Tx,
    ctx: WriteContext,
    existingIds: readonly number[],
  ) => Promise<{
    row: (row: Row, existingId: number | null) => RowResult<T>;
    after?: (written: { created: number[]; updated: number[] }) => Promise<void>;
  }>;
}

/**
 * The server half of one resource: the shared contract plus what only this resource knows, each as
 * plain data or a small function. `registerResource` turns it into the routes of the API contract.
 */
export interface ResourceServer<
  T extends ResourceTable,
  Q extends PgSelect,
  Item,
  Create,
  Update extends { updated_at: string },
  Row = never,
> {
  contract: ResourceContract;
  table: T;
  /** The list and show query: explicit columns and joins (`$dynamic()`), no where/order. */
  select: (db: Executor) => Q;
  /** A page of `select` rows → the contract's items (relations loaded for the whole page at once). */
  toItems: (db: Executor, rows: Awaited<Q>) => Promise<Item[]>;
  /** Text columns `search` matches (ILIKE, any of them). Filters use this table's columns only. */
  search: readonly PgColumn[];
  /** Every sortable name of the contract → its expression (joined columns allowed). */
  sort: Record<string, SQLWrapper>;
  /** The status column, when the contract has a status filter (options carry it too). */
  status?: PgColumn;
  /** The name column `GET /options` answers and orders by; needed when the contract has `options`. */
  optionLabel?: PgColumn;
  /** The contract's own filters: comma-separated ids → a condition on this table. */
  filters?: Record<string, (ids: number[]) => SQL>;
  schemas: { create: Schema<Create>; update: Schema<Update> };
  /** Validated input → column values; checks references (throw `fieldError`). `ctx.id` is set on update. */
  values: (tx: Tx, input: Create | Update, ctx: WriteContext) => Promise<Values<T>>;
  /** Refusals that depend on the stored row (throw `HttpError`/`fieldError`); run before `values`. */
  beforeUpdate?: (tx: Tx, id: number, input: Update, ctx: WriteContext) => Promise<void>;
  beforeDelete?: (tx: Tx, id: number, ctx: WriteContext) => Promise<void>;
  /** Writes beyond the row itself (e.g. a role's permissions, revoking tokens), same transaction. */
  afterWrite?: (tx: Tx, id: number, input: Create | Update, ctx: WriteContext) => Promise<void>;
  /** Spreadsheet cells of an item, keyed by the contract's sheet keys (export). */
  cells?: (item: Item) => Record<string, string | number | null>;
  import?: ResourceImport<T, Row>;
}

/** Keeps the declaration's types checked against each other; returns it unchanged. */
export function defineServerResource<
  T extends ResourceTable,
  Q extends PgSelect,
  Item,
  Create,
  Update extends { updated_at: string },
  Row = never,
>(
  declaration: ResourceServer<T, Q, Item, Create, Update, Row>,
): ResourceServer<T, Q, Item, Create, Update, Row> {
  return declaration;
}
