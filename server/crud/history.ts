import { Type, type TSchema } from '@sinclair/typebox';
import { and, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import { format, validation } from '../../src/shared/messages';
import { HISTORY_MESSAGES } from '../../src/shared/messages/history';
import { REFUSAL_MESSAGES } from '../../src/shared/messages/refusals';
import { hasPermission } from '../../src/shared/permissions';
import {
  HISTORY_PER_PAGE,
  historyMeta,
  trashMeta,
  revisionWire,
  trashWire,
  undoImportWire,
  type FieldChange,
  type HistoryMeta,
  type RevisionChanges,
} from '../../src/shared/resources/history';
import { can, hasAction } from '../../src/shared/resources/resource';
import { writeAnswer } from '../../src/shared/resources/wire';
import type { Executor, Tx } from '../db/client';
import { startBulkWrite } from '../db/bulkWrite';
import { mergePendingLists } from '../db/ginPending';
import { users } from '../db/schema';
import { revisions } from '../db/schema/revisions';
import { assertFresh } from '../lib/concurrency';
import { HttpError } from '../lib/httpError';
import { parseBody } from '../lib/validation';
import { currentUser } from '../plugins/auth';
import type { WriteContext } from './define';
import { bearer, errorResponses, idParams } from './openapi';
import { idOf, loadItem, notFound, type AnyResource } from './resource';
import { inputOf, latestRevision, loadStates, stateAfter, stateBefore, type References } from './revisions';
import { lockRecord, writeUpdate } from './update';
import { deleteRecords, inputValues, reinsertRecord, updateRecords, type RecordUpdate } from './write';

/**
 * The history routes every resource gets (README: History), as far as its permission group goes:
 * a record's revisions (index), restoring one of its versions (update), the trash and restoring from
 * it (destroy), undoing an import (store and destroy, and update when the import updated rows).
 */

const pagingSchema = yup.object({
  page: yup.number().integer().min(1).max(1_000_000).default(1),
  per_page: yup.number().integer().min(1).max(HISTORY_PER_PAGE.max).default(HISTORY_PER_PAGE.default),
  search: yup.string().trim().max(255).default(''),
});

const pagingDoc = (search: boolean) =>
  Type.Object({
    page: Type.Optional(Type.String({ description: 'Page number, from 1 (default 1)' })),
    per_page: Type.Optional(
      Type.String({ description: `1 to ${HISTORY_PER_PAGE.max} (default ${HISTORY_PER_PAGE.default})` }),
    ),
    ...(search
      ? { search: Type.Optional(Type.String({ description: 'Part of the title (case-insensitive)' })) }
      : {}),
  });

const listDoc = (item: Parameters<typeof Type.Array>[0], metaDoc: TSchema = historyMeta) =>
  Type.Object({ data: Type.Array(item), meta: metaDoc });

async function paging(request: FastifyRequest) {
  return parseBody(pagingSchema, request.query);
}

const meta = (page: number, perPage: number, total: number): HistoryMeta => ({
  page,
  current_page: page,
  per_page: perPage,
  total,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});

/** A page of revisions, newest first, with their user's name, and how many match. */
async function revisionPage<F extends SelectedFields>(
  db: Executor,
  where: SQL | undefined,
  page: number,
  perPage: number,
  fields: F,
) {
  const [{ total }] = await db.select({ total: count() }).from(revisions).where(where);
  const rows = await db
    .select({ ...fields, user_id: revisions.user_id, user_name: users.name })
    .from(revisions)
    .leftJoin(users, eq(users.id, revisions.user_id))
    .where(where)
    .orderBy(desc(revisions.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total };
}

const ofResource = (resource: AnyResource) => eq(revisions.resource, resource.contract.group);
const userRef = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

/** `{field: label}` of a field name: `brand_id` → Brand, `mobile_image` → Mobile image. */
const labelOf = (field: string): string => {
  const words = field.replace(/_id$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The label a `validation.invalid(label)` message was made with. */
const labelOfMessage = (message: string): string => {
  const suffix = validation.invalid('').trimStart();
  return message.endsWith(suffix) ? message.slice(0, -suffix.length).trimEnd() : '';
};

/**
 * A writer's 422 on a field that names another record (a brand, a file, products) in a restored
 * version: that record is gone. Said so, by name, instead of '… is invalid'.
 */
function referencesGone(error: unknown, references: References): never {
  if (error instanceof HttpError && error.statusCode === 422 && error.errors) {
    // The writers' '… is invalid' of an id (a grant rule's refusal on the same field is kept as it is).
    const invalid = (field: string) =>
      error.errors![field].some((message) => message === validation.invalid(labelOfMessage(message)));
    const gone = Object.keys(error.errors).filter((field) => field in references && invalid(field));
    if (gone.length) {
      const errors = { ...error.errors };
      for (const field of gone)
        errors[field] = [
          format(HISTORY_MESSAGES.referenceGoneField, { field: labelOf(field), name: references[field] }),
        ];
      throw new HttpError(
        422,
        format(HISTORY_MESSAGES.referenceGone, { field: gone.map(labelOf).join(', ') }),
        errors,
      );
    }
  }
  throw error;
}

/** A version's input through the contract's update schema (the version check is the caller's). */
async function updateInput(
  resource: AnyResource,
  input: Record<string, unknown>,
  updatedAt: Date,
): Promise<Record<string, unknown>> {
  const schema = resource.contract.input.update!;
  return parseBody<Record<string, unknown>>(schema, { ...input, updated_at: updatedAt.toISOString() });
}

const versionSchema = yup.object({ updated_at: yup.string().trim(), version: yup.string().trim() });

/** What every history route of a resource names: its contract, its OpenAPI tags, its item in words. */
function routeParts(resource: AnyResource) {
  const { contract } = resource;
  return { contract, tags: [contract.group], item: contract.item.toLowerCase() };
}

/** `GET <base>/:id/revisions`: a record's history, newest first. */
function revisionsRoute(app: FastifyInstance, resource: AnyResource, base: string): void {
  const { contract, tags, item } = routeParts(resource);
  app.get(
    `${base}/:id/revisions`,
    {
      preValidation: app.requirePermission(can(contract, 'index')),
      schema: {
        tags,
        summary: `The history of a ${item}`,
        description:
          'Every create, update, delete, import and restore of the record, newest first, with the changed ' +
          'fields ({field: {old, new}}). Also for a deleted record; 404 when it never existed.',
        security: bearer,
        params: idParams,
        querystring: pagingDoc(false),
        response: { 200: listDoc(revisionWire), ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const id = idOf(request);
      const { page, per_page: perPage } = await paging(request);
      const where = and(ofResource(resource), eq(revisions.record_id, id));
      const { rows, total } = await revisionPage(app.db, where, page, perPage, {
        id: revisions.id,
        action: revisions.action,
        created_at: revisions.created_at,
        changes: revisions.changes,
        import_id: revisions.import_id,
      });
      // A record from before history was kept has none yet; one that never was is a 404.
      if (!total) await loadItem(resource, app.db, id);
      return {
        data: rows.map((row) => ({
          id: row.id,
          action: row.action,
          user: userRef(row.user_id, row.user_name),
          created_at: row.created_at.toISOString(),
          changes: row.changes,
          import_id: row.import_id,
        })),
        meta: meta(page, perPage, total),
      };
    },
  );
}

/** `POST <base>/:id/revisions/:revisionId/restore`: a version written back as an update. */
function restoreRevisionRoute(app: FastifyInstance, resource: AnyResource, base: string): void {
  const { contract, tags, item } = routeParts(resource);
  app.post(
    `${base}/:id/revisions/:revisionId/restore`,
    {
      preValidation: app.requirePermission(can(contract, 'update')),
      schema: {
        tags,
        summary: `Restore a version of a ${item}`,
        description:
          'Writes the values the record had right after that revision back, as a new revision (restore), ' +
          'through the same validation, rules and permission as an update. An optional `updated_at` ' +
          '(or `version`) is checked like an update’s (stale → 409). A version naming a record that is ' +
          'gone (a deleted brand or file) → 422 naming the field.',
        security: bearer,
        params: Type.Object({
          id: Type.String({ description: 'The item id' }),
          revisionId: Type.String({ description: 'The revision id' }),
        }),
        // No `type`: the body is optional (checked by a Yup schema in the handler).
        body: {
          description:
            'Optional: `{updated_at}` (or `{version}`), the updated_at the restore started from; a stale one → 409',
        },
        response: { 200: writeAnswer(contract.wire), ...errorResponses(404, 409, 422) },
      },
    },
    async (request) => {
      const id = idOf(request);
      const revisionId = positiveId((request.params as { revisionId: string }).revisionId);
      const body = await parseBody(versionSchema, request.body ?? {});
      const sent = body.updated_at || body.version;
      const ctx: WriteContext = { user: currentUser(request), id, action: 'restore' };
      await app.db.transaction(async (tx) => {
        const [revision] = await tx
          .select({ id: revisions.id })
          .from(revisions)
          .where(and(ofResource(resource), eq(revisions.record_id, id), eq(revisions.id, revisionId)));
        if (!revision) throw notFound();
        const updatedAt = await lockRecord(tx, resource, id);
        if (sent) assertFresh(updatedAt, sent, contract.item);
        const current = (await loadStates(tx, resource, [id])).get(id);
        if (!current) throw notFound();
        const state = await stateAfter(tx, resource, id, revisionId, current);
        const { input, references } = inputOf(state, contract.input.update!);
        const parsed = await updateInput(resource, input, updatedAt);
        await writeUpdate(tx, resource, id, parsed, ctx).catch((error: unknown) =>
          referencesGone(error, references),
        );
      });
      return {
        data: await loadItem(resource, app.db, id),
        message: format(HISTORY_MESSAGES.revisionRestored, { item: contract.item }),
      };
    },
  );
}

/** `GET <base>/trash`: the deleted records not yet restored or purged. */
function trashRoute(app: FastifyInstance, resource: AnyResource, base: string): void {
  const { contract, tags } = routeParts(resource);
  app.get(
    `${base}/trash`,
    {
      preValidation: app.requirePermission(can(contract, 'destroy')),
      schema: {
        tags,
        summary: `Deleted ${contract.group}`,
        description:
          'Deleted records not yet restored or purged, newest first; `meta.retention_days` is how long ' +
          'they are kept (TRASH_RETENTION_DAYS; 0: until restored).',
        security: bearer,
        querystring: pagingDoc(true),
        response: { 200: listDoc(trashWire, trashMeta), ...errorResponses(422) },
      },
    },
    async (request) => {
      const { page, per_page: perPage, search } = await paging(request);
      const title = sql<string>`coalesce(${revisions.changes} -> ${contract.titleField} ->> 'old', '')`;
      const conditions: SQL[] = [ofResource(resource), sql`${revisions.action} = 'delete'`, notLater()];
      if (search) conditions.push(sql`${title} ilike ${`%${search.replace(/[\\%_]/g, '\\$&')}%`}`);
      const where = and(...conditions);
      const { rows, total } = await revisionPage(app.db, where, page, perPage, {
        id: revisions.record_id,
        title,
        deleted_at: revisions.created_at,
      });
      return {
        data: rows.map((row) => ({
          id: row.id,
          title: row.title,
          deleted_at: row.deleted_at.toISOString(),
          deleted_by: userRef(row.user_id, row.user_name),
        })),
        meta: { ...meta(page, perPage, total), retention_days: app.trashRetentionDays },
      };
    },
  );
}

/** `POST <base>/:id/restore`: a deleted record re-created from the trash. */
function restoreRecordRoute(app: FastifyInstance, resource: AnyResource, base: string): void {
  const { contract, tags, item } = routeParts(resource);
  app.post(
    `${base}/:id/restore`,
    {
      preValidation: app.requirePermission(can(contract, 'destroy')),
      schema: {
        tags,
        summary: `Restore a deleted ${item}`,
        description:
          'Re-creates the record from the trash with its own id, as a revision (restore). 404 when it is ' +
          'not in the trash; 409 when its id or a unique value (slug, e-mail, name) is taken meanwhile; ' +
          '422 when a record it names (a brand, a file) is gone. Secrets are never kept: a restored user ' +
          'sets a new password through Forgot password.',
        security: bearer,
        params: idParams,
        response: { 200: writeAnswer(contract.wire), ...errorResponses(404, 409, 422) },
      },
    },
    async (request) => {
      const id = idOf(request);
      const user = currentUser(request);
      await app.db.transaction(async (tx) => {
        const latest = await latestRevision(tx, resource, id);
        if (!latest || latest.action !== 'delete' || !latest.snapshot) throw notFound();
        await assertRestorable(tx, resource, latest.snapshot);
        const state = stateBefore({}, latest.changes);
        const schema = contract.input.update ?? contract.input.create;
        let input: Record<string, unknown> = {};
        let references: References = {};
        if (schema) {
          ({ input, references } = inputOf(state, schema));
          input = await parseBody<Record<string, unknown>>(schema, {
            ...input,
            updated_at: new Date().toISOString(),
          });
        }
        const ctx: WriteContext = { user, action: 'restore' };
        // The writers check what the version names (422 when gone) and the grant rules (users, roles);
        // a name now another record's in another case (`uniqueName`) is a clash like a unique column's.
        await inputValues(tx, resource, input, ctx).catch((error: unknown) => {
          uniqueClash(error, resource, input);
          referencesGone(error, references);
        });
        await reinsertRecord(tx, resource, latest.snapshot, {
          ...ctx,
          linked: async ([restored]) => resource.afterWrite?.(tx, restored, input, { ...ctx, id: restored }),
        });
      });
      return {
        data: await loadItem(resource, app.db, id),
        message: format(HISTORY_MESSAGES.recordRestored, { item: contract.item }),
      };
    },
  );
}

/** `POST <base>/imports/:importId/undo`: an import's creations deleted and its updates put back. */
function undoImportRoute(app: FastifyInstance, resource: AnyResource, base: string): void {
  const { contract, tags } = routeParts(resource);
  app.post(
    `${base}/imports/:importId/undo`,
    {
      preValidation: app.requirePermission(can(contract, 'store')),
      schema: {
        tags,
        summary: `Undo an import of ${contract.group}`,
        description:
          `Deletes the ${contract.group} the import created and puts back the old values of those it ` +
          `updated, as revisions, in one transaction. Needs ${can(contract, 'store')} and ` +
          `${can(contract, 'destroy')} (and ${can(contract, 'update')} when the import updated rows): 403 ` +
          'otherwise. 409 (and nothing done) when any of its records changed after it, or it was undone already.',
        security: bearer,
        params: Type.Object({
          importId: Type.String({ description: 'The import_id of the import answer' }),
        }),
        response: {
          200: Type.Object({ data: undoImportWire, message: Type.String() }),
          ...errorResponses(404, 409, 422),
        },
      },
    },
    async (request) => {
      const { importId } = request.params as { importId: string };
      if (!/^[0-9a-f-]{36}$/.test(importId)) throw notFound();
      const user = currentUser(request);
      const data = await app.db.transaction((tx) => undoImport(tx, resource, importId, user));
      return { data, message: format(HISTORY_MESSAGES.importUndone, data) };
    },
  );
}

/** A revision id of a route: a positive integer, else 404. */
function positiveId(text: string): number {
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2 ** 31 - 1) throw notFound();
  return Number(text);
}

/** No later revision of the same record (so this delete is the record's last word: it is in the trash). */
export const notLater = (): SQL => sql`not exists (
select 1 from ${revisions} later
where later.resource = ${revisions.resource} and later.record_id = ${revisions.record_id}
  and later.id > ${revisions.id})`;

/** 409 when the snapshot's id, or a value of a unique column of it, is taken meanwhile. */
async function assertRestorable(tx: Tx, resource: AnyResource, snapshot: Record<string, unknown>) {
  const { table, contract } = resource;
  const [taken] = await tx
    .select({ id: table.id })
    .from(table)
    .where(eq(table.id, Number(snapshot.id)));
  if (taken)
    throw new HttpError(409, format(HISTORY_MESSAGES.idTaken, { item: contract.item.toLowerCase() }));
  const unique = Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(
    ([, col]) => col.isUnique && snapshot[col.name] !== null && snapshot[col.name] !== undefined,
  );
  for (const [key, col] of unique) {
    const [other] = await tx.select({ id: table.id }).from(table).where(eq(col, snapshot[col.name]));
    if (other)
      throw new HttpError(
        409,
        format(HISTORY_MESSAGES.uniqueTaken, {
          item: contract.item.toLowerCase(),
          field: labelOf(key).toLowerCase(),
          value: String(snapshot[col.name]),
        }),
      );
  }
}

/** A writer's '{field} has already been taken' during a restore: the 409 of `assertRestorable`. */
function uniqueClash(error: unknown, resource: AnyResource, input: Record<string, unknown>): void {
  if (!(error instanceof HttpError) || error.statusCode !== 422 || !error.errors) return;
  const field = Object.keys(error.errors).find((key) =>
    error.errors![key].includes(format(REFUSAL_MESSAGES.taken, { item: labelOf(key) })),
  );
  if (field === undefined) return;
  throw new HttpError(
    409,
    format(HISTORY_MESSAGES.uniqueTaken, {
      item: resource.contract.item.toLowerCase(),
      field: labelOf(field).toLowerCase(),
      value: String(input[field]),
    }),
  );
}

/**
 * Locks an import's records and refuses (409) when any changed after it: each record's newest
 * revision must still be the import's own.
 */
export async function lockUnchanged(
  tx: Tx,
  resource: AnyResource,
  rows: { id: number; record_id: number }[],
  message: string = HISTORY_MESSAGES.importChanged,
) {
  const { contract, table } = resource;
  const ids = rows.map((row) => row.record_id);
  for (let start = 0; start < ids.length; start += 5000)
    await tx
      .select({ id: table.id })
      .from(table)
      .where(inArray(table.id, ids.slice(start, start + 5000)))
      .for('update');
  const latest = (await tx.execute(sql`
  select distinct on (record_id) record_id, id from ${revisions}
  where resource = ${contract.group} and record_id = any(${sql.param(ids)}::integer[])
  order by record_id, id desc`)) as unknown as { rows: { record_id: number; id: number }[] };
  const own = new Map(rows.map((row) => [row.record_id, row.id]));
  const changed = latest.rows.filter((row) => own.get(Number(row.record_id)) !== Number(row.id)).length;
  if (changed) throw new HttpError(409, format(message, { count: changed }));
}

/**
 * Puts back the values a batch's updates changed (an import's, a bulk edit's), in the caller's
 * transaction: each record's state before its revision, through the update schema,
 * `beforeUpdate` and the writers, written as revisions of `ctx` (a restore carrying the batch id).
 * The records are locked and unchanged since (`lockUnchanged`).
 */
export async function putBack(
  tx: Tx,
  resource: AnyResource,
  updated: readonly { record_id: number; changes: RevisionChanges }[],
  ctx: WriteContext,
): Promise<void> {
  const { contract, table } = resource;
  const schema = contract.input.update!;
  const states = await loadStates(
    tx,
    resource,
    updated.map((row) => row.record_id),
  );
  const updates: RecordUpdate[] = [];
  const inputs = new Map<number, Record<string, unknown>>();
  for (const row of updated) {
    const current = states.get(row.record_id);
    if (!current) throw notFound();
    const { input, references } = inputOf(stateBefore(current, row.changes), schema);
    const parsed = await parseBody<Record<string, unknown>>(schema, {
      ...input,
      updated_at: new Date().toISOString(),
    });
    const rowCtx = { ...ctx, id: row.record_id };
    await resource.beforeUpdate?.(tx, row.record_id, parsed, rowCtx);
    const values = await inputValues(tx, resource, parsed, rowCtx).catch((error: unknown) =>
      referencesGone(error, references),
    );
    updates.push({ id: row.record_id, values });
    inputs.set(row.record_id, parsed);
  }
  await updateRecords(tx, resource, updates, {
    ...ctx,
    linked: async (updatedIds) => {
      for (const id of updatedIds) await resource.afterWrite?.(tx, id, inputs.get(id), { ...ctx, id });
    },
  });
  await mergePendingLists(tx, table);
}

/** The revisions of a batch (an import's, a bulk edit's: their `import_id`), oldest first. */
export const batchRevisions = (tx: Tx, resource: AnyResource, batchId: string) =>
  tx
    .select({
      id: revisions.id,
      record_id: revisions.record_id,
      action: revisions.action,
      changes: revisions.changes,
    })
    .from(revisions)
    .where(and(ofResource(resource), eq(revisions.import_id, batchId)))
    .orderBy(revisions.id);

/**
 * Undoes an import in the caller's transaction: every row it created is deleted and every row it
 * updated gets its old values back (through the update schema, `beforeUpdate`, the writers), as
 * revisions carrying the import's id. Refused (409, nothing done) when a record changed after it.
 */
async function undoImport(
  tx: Tx,
  resource: AnyResource,
  importId: string,
  user: WriteContext['user'],
): Promise<{ deleted: number; restored: number }> {
  const { contract } = resource;
  const rows = await batchRevisions(tx, resource, importId);
  if (!rows.length) throw notFound();
  if (rows.some((row) => row.action !== 'import'))
    throw new HttpError(409, HISTORY_MESSAGES.importAlreadyUndone);
  const isCreate = (changes: RevisionChanges) => (changes.id as FieldChange | undefined)?.old === null;
  const created = rows.filter((row) => isCreate(row.changes));
  const updated = rows.filter((row) => !isCreate(row.changes));
  if (created.length && !hasPermission(user.permissions, can(contract, 'destroy')))
    throw new HttpError(403, HISTORY_MESSAGES.importNeedsDestroy);
  if (updated.length && !hasPermission(user.permissions, can(contract, 'update')))
    throw new HttpError(403, HISTORY_MESSAGES.importNeedsUpdate);

  await lockUnchanged(tx, resource, rows);

  // As the import did: the search entries its old values bring back merged in large runs, and the
  // foreign keys of the deletes' and updates' rows checked with their kept plans (db/bulkWrite.ts).
  await startBulkWrite(tx);
  const ctx: WriteContext = { user, importId, action: 'restore' };
  const createdIds = created.map((row) => row.record_id);
  for (const id of createdIds) await resource.beforeDelete?.(tx, id, { ...ctx, id });
  await deleteRecords(tx, resource, createdIds, ctx);

  if (updated.length) await putBack(tx, resource, updated, ctx);
  return { deleted: createdIds.length, restored: updated.length };
}

/** A resource's history routes, as its permission group's actions allow. */
export function historyRoutes(app: FastifyInstance, resource: AnyResource, base: string): void {
  const { contract } = resource;
  const may = (action: 'index' | 'store' | 'update' | 'destroy') =>
    hasAction(contract, action) && (action !== 'update' || !!contract.input.update);
  if (may('index')) revisionsRoute(app, resource, base);
  if (may('update')) restoreRevisionRoute(app, resource, base);
  if (may('destroy')) {
    trashRoute(app, resource, base);
    restoreRecordRoute(app, resource, base);
  }
  if (contract.importable && may('store') && may('destroy')) undoImportRoute(app, resource, base);
}
