import { eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { HttpError } from '../lib/httpError';
import { noteSessionChange } from '../security/sessionChanges';
import { watchChanges } from '../webhooks/changes';
import type { ResourceTable, Values, WriteContext } from './define';
import type { AnyResource } from './resource';
import {
  createdChanges,
  diffStates,
  loadItems,
  loadStates,
  recordRevisions,
  revisionRecording,
  rowSnapshots,
  stateOf,
  statesOf,
  type RevisionEntry,
} from './revisions';

/**
 * Every write of a resource record passes through one of three functions here, whoever asks (a
 * form's create or update, a delete, an import's batch): `insertRecords`, `updateRecords`,
 * `deleteRecords`. They set the audit columns; they are where a write's history is recorded and
 * where bulk writes get faster, without touching the routes.
 *
 * History (server/crud/revisions.ts): each of them stores one revision per record in the same
 * transaction, after the write and its `ctx.linked` work: the changed wire fields (old values read
 * in the transaction before an update or delete), a deleted row's columns, the import id. A
 * failed write rolls its revisions back with it.
 */

// Rows per statement: 500 rows of a wide table stay far below PostgreSQL's 65 535 parameters.
const CHUNK = 500;

// Rows per batched INSERT or UPDATE: its parameters are one array per column, so the count is free of the
// 65 535-parameter bound; a batch is a unit of work the database does at once.
const BULK_CHUNK = 5000;

/** The records' signed-in users are to be dropped on every instance (the declaration's `sessions`). */
function noteSessions(resource: AnyResource, ids: readonly number[]): void {
  if (resource.sessions && ids.length) noteSessionChange({ [resource.sessions]: [...ids] });
}

const chunks = <T>(items: readonly T[], size = CHUNK): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );

/** The keys a row of values sets (undefined is not set), sorted and joined: rows sharing them share a statement. */
const setKeys = (values: Values): string =>
  Object.keys(values)
    .filter((key) => (values as Record<string, unknown>)[key] !== undefined)
    .sort()
    .join(',');

/** One array parameter of a column's values (through its driver mapping), cast to an array of its type. */
function columnArray(col: PgColumn, values: readonly unknown[]): SQL {
  const cells = values.map((value) =>
    value === null || value === undefined ? null : col.mapToDriverValue(value),
  );
  return sql`${sql.param(cells)}::${sql.raw(col.getSQLType())}[]`;
}

/**
 * Inserts new records (by the table's property names); answers their ids in order. One record is a
 * plain INSERT; many go in `INSERT … SELECT … FROM unnest(…) WITH ORDINALITY` statements, one array
 * parameter per column, grouped by the columns the rows set (the others take their defaults).
 */
export async function insertRecords(
  tx: Tx,
  resource: AnyResource,
  rows: readonly Values[],
  ctx: WriteContext,
  /** Filled with the created records' wire items when history read them (a create answers it). */
  loaded?: Map<number, unknown>,
): Promise<number[]> {
  const watch = await watchChanges(tx, resource);
  const ids = await insertRows(tx, resource, rows, ctx);
  await ctx.linked?.(ids);
  await watch?.done('created', ids);
  if (revisionRecording.enabled && ids.length) {
    // The after-states: one read of the resource's query per 5 000 rows, never one per row.
    const items = await loadItems(tx, resource, ids);
    const action = ctx.action ?? (ctx.importId ? 'import' : 'create');
    await recordRevisions(
      tx,
      resource,
      ids.map((id) => {
        const item = items.get(id);
        loaded?.set(id, item);
        return { id, action, changes: createdChanges(id, item === undefined ? null : stateOf(item)) };
      }),
      ctx,
    );
  }
  return ids;
}

async function insertRows(
  tx: Tx,
  resource: AnyResource,
  rows: readonly Values[],
  ctx: WriteContext,
): Promise<number[]> {
  const { table } = resource;
  const audit = { created_by: ctx.user.id, updated_by: ctx.user.id };
  if (rows.length === 1) {
    const [row] = await tx
      .insert(table)
      .values({ ...rows[0], ...audit })
      .returning({ id: table.id });
    return [Number(row.id)];
  }
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const ids: number[] = new Array<number>(rows.length);
  const groups = new Map<string, number[]>();
  rows.forEach((values, index) => {
    const keys = setKeys(values);
    const group = groups.get(keys);
    if (group) group.push(index);
    else groups.set(keys, [index]);
  });
  for (const [joined, indexes] of groups) {
    const own = joined ? joined.split(',').filter((key) => !(key in audit)) : [];
    const keys = [...own, 'created_by', 'updated_by'];
    const names = sql.join(
      keys.map((key) => sql.identifier(columns[key].name)),
      sql`, `,
    );
    for (const batch of chunks(indexes, BULK_CHUNK)) {
      const arrays = keys.map((key) =>
        columnArray(
          columns[key],
          key in audit
            ? batch.map(() => audit[key as keyof typeof audit])
            : batch.map((index) => (rows[index] as Record<string, unknown>)[key]),
        ),
      );
      const result = (await tx.execute(
        sql`insert into ${table} (${names})
            select ${names} from unnest(${sql.join(arrays, sql`, `)}) with ordinality as v(${names}, n)
            order by n
            returning ${table.id}`,
      )) as unknown as { rows: { id: number }[] };
      result.rows.forEach((row, position) => (ids[batch[position]] = Number(row.id)));
    }
  }
  return ids;
}

export interface RecordUpdate {
  id: number;
  values: Values;
}

/**
 * Updates records by id and answers the ids written (with `ctx.skipUnchanged`, those that differed).
 * Many rows (an import re-reading an exported file) go in a few `UPDATE … FROM unnest(…)` statements
 * instead of one per row: rows are grouped by the columns they set; each column's values go through
 * its driver mapping into one array parameter, cast to an array of the column's type.
 */
export async function updateRecords(
  tx: Tx,
  resource: AnyResource,
  updates: readonly RecordUpdate[],
  ctx: WriteContext,
  /** Filled with the updated records' wire items when history read them (a save answers it). */
  loaded?: Map<number, unknown>,
): Promise<number[]> {
  // With `skipUnchanged`, the rows already holding their values are neither written nor read.
  const writes = ctx.skipUnchanged && updates.length ? await changingUpdates(tx, resource, updates) : updates;
  const ids = writes.map((update) => update.id);
  const record = revisionRecording.enabled && ids.length > 0;
  // The before- and after-states: one read of the resource's query per 5 000 rows each, diffed in memory.
  const before = record ? await loadStates(tx, resource, ids) : undefined;
  const watch = await watchChanges(tx, resource, ids);
  await updateRows(tx, resource, writes, ctx);
  await ctx.linked?.(ids);
  await watch?.done('updated', ids);
  noteSessions(resource, ids);
  if (!before) return ids;
  const items = await loadItems(tx, resource, ids);
  if (loaded) for (const [id, item] of items) loaded.set(id, item);
  const after = statesOf(items);
  const action = ctx.action ?? (ctx.importId ? 'import' : 'update');
  const entries: RevisionEntry[] = [];
  for (const id of ids) {
    const changes = diffStates(before.get(id) ?? null, after.get(id) ?? null);
    // A save that changed nothing is no revision (but a restore always is one).
    if (Object.keys(changes).length || action === 'restore') entries.push({ id, action, changes });
  }
  await recordRevisions(tx, resource, entries, ctx);
  return ids;
}

/**
 * The updates as rows of values, grouped by the columns they set, 5 000 rows a group's batch: each
 * batch `unnest`s one array parameter per column (through the column's driver mapping) as
 * `v(id, …columns)`, so a statement's size does not grow with its rows.
 */
function* valueRows(
  resource: AnyResource,
  updates: readonly RecordUpdate[],
): Generator<{ keys: string[]; columns: PgColumn[]; source: SQL }> {
  const all = getTableColumns(resource.table) as Record<string, PgColumn>;
  const groups = new Map<string, RecordUpdate[]>();
  for (const update of updates) {
    const keys = setKeys(update.values);
    const group = groups.get(keys);
    if (group) group.push(update);
    else groups.set(keys, [update]);
  }
  for (const [joined, rows] of groups) {
    const keys = joined ? joined.split(',') : [];
    const columns = keys.map((key) => all[key]);
    const aliases = sql.join(
      [sql.identifier('id'), ...columns.map((column) => sql.identifier(column.name))],
      sql`, `,
    );
    for (const batch of chunks(rows, BULK_CHUNK)) {
      const arrays = keys.map((key, index) =>
        columnArray(
          columns[index],
          batch.map(({ values }) => (values as Record<string, unknown>)[key]),
        ),
      );
      const ids = sql`${sql.param(batch.map(({ id }) => id))}::integer[]`;
      yield { keys, columns, source: sql`unnest(${sql.join([ids, ...arrays], sql`, `)}) as v(${aliases})` };
    }
  }
}

/**
 * The updates that would change their row: those whose values differ from the row's columns
 * (compared whole, `is distinct from`, one statement per batch of `valueRows`).
 */
async function changingUpdates(
  tx: Tx,
  resource: AnyResource,
  updates: readonly RecordUpdate[],
): Promise<RecordUpdate[]> {
  const { table } = resource;
  const changing = new Set<number>();
  for (const { columns, source } of valueRows(resource, updates)) {
    // Nothing set: nothing differs.
    if (!columns.length) continue;
    const row = (of: string) =>
      sql.join(
        columns.map((column) => sql`${sql.identifier(of)}.${sql.identifier(column.name)}`),
        sql`, `,
      );
    const result = (await tx.execute(
      sql`select t.id from ${table} t join ${source} on t.id = v.id
          where (${row('t')}) is distinct from (${row('v')})`,
    )) as unknown as { rows: { id: number }[] };
    for (const { id } of result.rows) changing.add(Number(id));
  }
  return updates.filter((update) => changing.has(update.id));
}

async function updateRows(
  tx: Tx,
  resource: AnyResource,
  updates: readonly RecordUpdate[],
  ctx: WriteContext,
): Promise<void> {
  const { table } = resource;
  if (updates.length === 1) {
    const [{ id, values }] = updates;
    await tx
      .update(table)
      .set({ ...values, updated_by: ctx.user.id })
      .where(eq(table.id, id));
    return;
  }
  for (const { keys, columns, source } of valueRows(resource, updates)) {
    const assignments: SQL[] = columns.map(
      (column) => sql`${sql.identifier(column.name)} = v.${sql.identifier(column.name)}`,
    );
    assignments.push(sql`${sql.identifier(table.updated_by.name)} = ${ctx.user.id}`);
    if (!keys.includes('updated_at')) assignments.push(sql`${sql.identifier(table.updated_at.name)} = now()`);
    await tx.execute(
      sql`update ${table} set ${sql.join(assignments, sql`, `)} from ${source} where ${table.id} = v.id`,
    );
  }
}

/** Deletes records by id; each one's revision keeps its last state and its columns (for the trash). */
export async function deleteRecords(
  tx: Tx,
  resource: AnyResource,
  ids: readonly number[],
  ctx: WriteContext,
): Promise<void> {
  const record = revisionRecording.enabled && ids.length > 0;
  const before = record ? await loadStates(tx, resource, ids) : undefined;
  const snapshots = record ? await rowSnapshots(tx, resource, ids) : undefined;
  const watch = await watchChanges(tx, resource, ids);
  for (const batch of chunks(ids)) await tx.delete(resource.table).where(inArray(resource.table.id, batch));
  await watch?.done('deleted', ids);
  noteSessions(resource, ids);
  if (!before || !snapshots) return;
  await recordRevisions(
    tx,
    resource,
    ids
      .filter((id) => snapshots.has(id))
      .map((id) => ({
        id,
        action: 'delete' as const,
        changes: diffStates(before.get(id) ?? null, null),
        snapshot: snapshots.get(id),
      })),
    ctx,
  );
}

/**
 * Puts a deleted row back with its own id (a restore from the trash): its snapshot's columns, the
 * `restoreColumns` secrets made anew, `updated_by` the restorer; then `ctx.linked`, then a revision
 * `restore` with every field from null.
 */
export async function reinsertRecord(
  tx: Tx,
  resource: AnyResource,
  snapshot: Record<string, unknown>,
  ctx: WriteContext,
): Promise<number> {
  const { table } = resource;
  const id = Number(snapshot.id);
  const row = {
    ...snapshot,
    ...(await resource.restoreColumns?.()),
    [table.updated_by.name]: ctx.user.id,
    [table.updated_at.name]: new Date().toISOString(),
  };
  await tx.execute(
    sql`insert into ${table} overriding system value
        select * from jsonb_populate_record(null::${table}, ${JSON.stringify(row)}::jsonb)`,
  );
  await ctx.linked?.([id]);
  await (await watchChanges(tx, resource))?.done('created', [id]);
  noteSessions(resource, [id]);
  if (revisionRecording.enabled) {
    const [after] = (await loadStates(tx, resource, [id])).values();
    await recordRevisions(
      tx,
      resource,
      [{ id, action: 'restore', changes: createdChanges(id, after ?? null) }],
      ctx,
    );
  }
  return id;
}

/** The table's property name of each of its columns (a writer names columns, a row is keyed by property). */
const propertyNames = new WeakMap<ResourceTable, Map<PgColumn, string>>();

function propertyOf(table: ResourceTable, col: PgColumn, group: string): string {
  let names = propertyNames.get(table);
  if (!names) {
    names = new Map(Object.entries(getTableColumns(table)).map(([key, value]) => [value as PgColumn, key]));
    propertyNames.set(table, names);
  }
  const key = names.get(col);
  if (key === undefined) throw new Error(`${group}: a writer sets ${col.name}, a column of another table`);
  return key;
}

/**
 * A validated input → the row's column values, through the declaration's writer of each field.
 * Every writer runs; the 422s they throw are answered together (every field's refusal at once).
 */
export async function inputValues(
  tx: Tx,
  resource: AnyResource,
  input: Record<string, unknown>,
  ctx: WriteContext,
): Promise<Values> {
  const values: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  let message: string | undefined;
  for (const [field, writer] of Object.entries(resource.write)) {
    try {
      const assignments = await writer(input[field], { ...ctx, tx, input, field, table: resource.table });
      for (const [col, value] of assignments)
        values[propertyOf(resource.table, col, resource.contract.group)] = value;
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 422 && error.errors)) throw error;
      message ??= error.message;
      for (const [key, messages] of Object.entries(error.errors)) (errors[key] ??= []).push(...messages);
    }
  }
  if (message) throw new HttpError(422, message, errors);
  return values as Values;
}
