import { createHash, randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { and, asc, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import { format } from '../../src/shared/messages';
import { BULK_EDIT_MESSAGES } from '../../src/shared/messages/bulkEdit';
import {
  BULK_EDIT_MAX,
  bulkEditAppliedWire,
  bulkEditPath,
  bulkEditPreviewPath,
  bulkEditPreviewWire,
  bulkEditUndoneWire,
  type BulkEditApplied,
  type BulkEditPreview,
} from '../../src/shared/resources/bulkEdit';
import {
  apiPath,
  can,
  rowIdSchema,
  STATUS_OPTIONS,
  type BulkEditField,
} from '../../src/shared/resources/resource';
import type { Executor, Tx } from '../db/client';
import { startBulkWrite } from '../db/bulkWrite';
import { mergePendingLists } from '../db/ginPending';
import { HttpError } from '../lib/httpError';
import { parseBody } from '../lib/validation';
import { currentUser } from '../plugins/auth';
import { actorOf, recordAudit } from '../security/audit';
import type { WriteContext } from './define';
import { batchRevisions, lockUnchanged, putBack } from './history';
import { listWhere, parseListQuery } from './list';
import { bearer, errorResponses } from './openapi';
import { notFound, type AnyResource } from './resource';
import { inputOf, loadStates, type RecordState } from './revisions';
import { inputValues, updateRecords, type RecordUpdate } from './write';

/**
 * Bulk edit (issue 39): the contract's `bulkEdit` fields set on the selected rows (`{ids}`) or on
 * every row the list's query matches (`{query}`, read by keyset on id, never OFFSET, at most
 * `BULK_EDIT_MAX`). Each row goes the way an import's undo puts one back: its state → the update
 * input with the set values over it → the update schema (cross-field rules) → `beforeUpdate` →
 * the set fields' writers. A row whose check refuses (an `HttpError`) is refused by name; a row
 * already holding the values is unchanged. The preview runs the checks in a transaction it rolls
 * back and answers a token of the rows' versions; the apply locks the rows, answers 409 when the
 * token differs (nothing written), writes every change in one `updateRecords` (one revision per
 * record, carrying the batch id `bulk-<uuid>`) and one audit entry. Undo puts the old values back
 * as the import's undo does (409 when a record changed since, or undone already).
 */

const BATCH = 5000;
const BULK_PREFIX = 'bulk-';

const isObject = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const bodySchema = yup.object({
  ids: yup.array(rowIdSchema()).min(1).optional().default(undefined),
  // Plain objects, kept whole (the body's `stripUnknown` would empty a shapeless object).
  query: yup
    .mixed<Record<string, unknown>>()
    .test('object', BULK_EDIT_MESSAGES.noRows, (v) => v === undefined || isObject(v)),
  set: yup
    .mixed<Record<string, unknown>>()
    .required(BULK_EDIT_MESSAGES.nothingToSet)
    .test('object', BULK_EDIT_MESSAGES.nothingToSet, isObject),
  token: yup.string().trim().max(200),
});

interface Target {
  where: SQL | undefined;
  set: Record<string, unknown>;
  fields: string[];
  token?: string;
}

/** A body → which rows (as a where clause) and the validated values to set; 422 otherwise. */
async function readTarget(resource: AnyResource, request: FastifyRequest): Promise<Target> {
  const { contract, table } = resource;
  const body = await parseBody(bodySchema, request.body ?? {});
  if (!body.ids === !body.query)
    throw new HttpError(422, BULK_EDIT_MESSAGES.noRows, { ids: [BULK_EDIT_MESSAGES.noRows] });
  if (body.ids && body.ids.length > BULK_EDIT_MAX) throw tooMany(body.ids.length);
  const fields = Object.keys(body.set).sort();
  const editable = contract.bulkEdit ?? {};
  if (!fields.length)
    throw new HttpError(422, BULK_EDIT_MESSAGES.nothingToSet, { set: [BULK_EDIT_MESSAGES.nothingToSet] });
  const unknown = fields.filter((field) => !Object.hasOwn(editable, field));
  if (unknown.length) {
    const errors = Object.fromEntries(
      unknown.map((field) => [field, [format(BULK_EDIT_MESSAGES.notEditable, { field })]]),
    );
    throw new HttpError(422, errors[unknown[0]][0], errors);
  }
  const parsed = await parseBody<Record<string, unknown>>(contract.input.update!.pick(fields), body.set);
  const set = Object.fromEntries(fields.map((field) => [field, parsed[field] ?? null]));
  const where = body.ids
    ? inArray(table.id, [...new Set(body.ids)])
    : listWhere(resource, parseListQuery(resource, body.query, currentUser(request).id));
  return { where, set, fields, token: body.token };
}

const tooMany = (count: number) => {
  const message = format(BULK_EDIT_MESSAGES.tooMany, { max: BULK_EDIT_MAX.toLocaleString('en'), count });
  return new HttpError(422, message, { ids: [message] });
};

interface Matched {
  id: number;
  version: string;
}

/**
 * The matched rows' ids and versions, by keyset on id (`id > last order by id limit n`), locked
 * for the apply; more than `BULK_EDIT_MAX` → 422 naming the limit.
 */
async function matchedRows(tx: Executor, resource: AnyResource, where: SQL | undefined, lock: boolean) {
  const { table } = resource;
  const rows: Matched[] = [];
  let last = 0;
  for (;;) {
    const want = Math.min(BATCH, BULK_EDIT_MAX + 1 - rows.length);
    const query = tx
      .select({ id: table.id, version: sql<string>`${table.updated_at}::text` })
      .from(table)
      .where(and(where, gt(table.id, last)))
      .orderBy(asc(table.id))
      .limit(want);
    const batch = (await (lock ? query.for('update') : query)) as { id: unknown; version: string }[];
    for (const row of batch) rows.push({ id: Number(row.id), version: row.version });
    if (rows.length > BULK_EDIT_MAX) throw tooMany(rows.length);
    if (batch.length < want) return rows;
    last = rows[rows.length - 1].id;
  }
}

/** What the apply must send back: the values and every matched row's version, hashed. */
const tokenOf = (set: Record<string, unknown>, rows: readonly Matched[]): string =>
  createHash('sha256')
    .update(JSON.stringify([set, rows.map((row) => [row.id, row.version])]))
    .digest('base64url');

/** A value as a preview names it: a status's word, a brand's name, a day; none. */
function labelOf(field: string, kind: BulkEditField, value: unknown, state: RecordState): string {
  if (value === null || value === undefined || value === '') return BULK_EDIT_MESSAGES.none;
  if (kind.kind === 'status')
    return STATUS_OPTIONS.find((o) => o.id === Number(value))?.label ?? String(value);
  if (kind.kind === 'options') {
    const ref = state[field.replace(/_id$/, '')] as { name?: string; title?: string } | null | undefined;
    return String(ref?.name ?? ref?.title ?? value);
  }
  return String(value);
}

/** A row's refusal in words: the first message of a check's 422 (`HttpError` or Yup's), 403 or 409. */
function refusalOf(error: unknown): string | undefined {
  if (error instanceof yup.ValidationError) return error.errors[0] ?? error.message;
  if (error instanceof HttpError)
    return (error.errors && Object.values(error.errors).flat()[0]) || error.message;
  return undefined;
}

interface Evaluation {
  updates: RecordUpdate[];
  inputs: Map<number, Record<string, unknown>>;
  unchanged: number;
  refused: { id: number; title: string; message: string }[];
  from: Record<string, Map<string, { value: unknown; label: string; count: number }>>;
}

/** Each matched row checked and written to values as an update would be (nothing stored yet). */
async function evaluate(
  tx: Tx,
  resource: AnyResource,
  rows: readonly Matched[],
  target: Target,
  ctx: WriteContext,
): Promise<Evaluation> {
  const ids = rows.map((row) => row.id);
  const { contract } = resource;
  const schema = contract.input.update!;
  const editable = contract.bulkEdit!;
  // Only the set fields' writers run: the other columns keep what they hold.
  const writers = {
    ...resource,
    write: Object.fromEntries(target.fields.map((f) => [f, resource.write[f]])),
  };
  const result: Evaluation = { updates: [], inputs: new Map(), unchanged: 0, refused: [], from: {} };
  for (const field of target.fields) result.from[field] = new Map();
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    const states = await loadStates(tx, resource, batch);
    for (const id of batch) {
      const state = states.get(id);
      if (!state) continue;
      const { input } = inputOf(state, schema);
      const changing = target.fields.filter(
        (f) => JSON.stringify(input[f] ?? null) !== JSON.stringify(target.set[f]),
      );
      if (!changing.length) {
        result.unchanged += 1;
        continue;
      }
      const rowCtx = { ...ctx, id };
      try {
        const parsed = await parseBody<Record<string, unknown>>(schema, {
          ...input,
          ...target.set,
          updated_at: new Date().toISOString(),
        });
        await resource.beforeUpdate?.(tx, id, parsed, rowCtx);
        const values = await inputValues(tx, writers as AnyResource, parsed, rowCtx);
        result.updates.push({ id, values });
        result.inputs.set(id, parsed);
      } catch (error) {
        const message = refusalOf(error);
        if (message === undefined) throw error;
        result.refused.push({ id, title: String(state[contract.titleField] ?? id), message });
        continue;
      }
      for (const field of changing) {
        const key = JSON.stringify(input[field] ?? null);
        const seen = result.from[field].get(key);
        if (seen) seen.count += 1;
        else
          result.from[field].set(key, {
            value: input[field] ?? null,
            label: labelOf(field, editable[field], input[field], state),
            count: 1,
          });
      }
    }
  }
  return result;
}

/** Thrown to roll the preview's transaction back, carrying its answer. */
class PreviewDone {
  constructor(readonly answer: BulkEditPreview) {}
}

async function preview(app: FastifyInstance, resource: AnyResource, request: FastifyRequest) {
  const target = await readTarget(resource, request);
  const ctx: WriteContext = { user: currentUser(request), action: 'update' };
  // Read (not locked) before the checks' transaction: the apply's token is what holds them to it.
  const rows = await matchedRows(app.db, resource, target.where, false);
  try {
    await app.db.transaction(async (tx) => {
      const result = await evaluate(tx, resource, rows, target, ctx);
      // The checks' side effects (hooks may write) are rolled back.
      throw new PreviewDone({
        matched: rows.length,
        changing: result.updates.length,
        unchanged: result.unchanged,
        refused: result.refused,
        fields: Object.fromEntries(
          target.fields.map((field) => [
            field,
            {
              to: target.set[field],
              from: [...result.from[field].values()].sort((a, b) => b.count - a.count),
            },
          ]),
        ),
        token: tokenOf(target.set, rows),
      });
    });
  } catch (done) {
    if (done instanceof PreviewDone) return done.answer;
    throw done;
  }
  throw new Error('unreachable: the preview always rolls back');
}

async function apply(app: FastifyInstance, resource: AnyResource, request: FastifyRequest) {
  const { contract, table } = resource;
  const target = await readTarget(resource, request);
  const user = currentUser(request);
  const uuid = randomUUID();
  const ctx: WriteContext = { user, importId: `${BULK_PREFIX}${uuid}`, action: 'update' };
  return app.db.transaction(async (tx): Promise<BulkEditApplied> => {
    const rows = await matchedRows(tx, resource, target.where, true);
    if (!target.token || target.token !== tokenOf(target.set, rows))
      throw new HttpError(409, BULK_EDIT_MESSAGES.stale);
    await startBulkWrite(tx);
    const result = await evaluate(tx, resource, rows, target, ctx);
    await updateRecords(tx, resource, result.updates, {
      ...ctx,
      linked: async (ids) => {
        for (const id of ids) await resource.afterWrite?.(tx, id, result.inputs.get(id), { ...ctx, id });
      },
    });
    await mergePendingLists(tx, table);
    const answer = {
      updated: result.updates.length,
      unchanged: result.unchanged,
      refused: result.refused,
      bulk_id: uuid,
    };
    await recordAudit(tx, {
      kind: 'bulk-edit',
      actor: actorOf(user),
      resource: contract.group,
      summary: format(BULK_EDIT_MESSAGES.auditSummary, {
        updated: answer.updated,
        group: contract.group,
        fields: target.fields.join(', '),
        refused: answer.refused.length,
      }),
      details: {
        bulk_id: uuid,
        fields: target.fields,
        values: JSON.stringify(target.set),
        matched: rows.length,
        updated: answer.updated,
        unchanged: answer.unchanged,
        refused_ids: answer.refused.map((row) => String(row.id)),
      },
    });
    return answer;
  });
}

async function undo(app: FastifyInstance, resource: AnyResource, request: FastifyRequest) {
  const { contract } = resource;
  const { bulkId } = request.params as { bulkId: string };
  if (!/^[0-9a-f-]{36}$/.test(bulkId)) throw notFound();
  const user = currentUser(request);
  const batch = `${BULK_PREFIX}${bulkId}`;
  return app.db.transaction(async (tx) => {
    const rows = await batchRevisions(tx, resource, batch);
    if (!rows.length) throw notFound();
    if (rows.some((row) => row.action !== 'update'))
      throw new HttpError(409, BULK_EDIT_MESSAGES.alreadyUndone);
    await lockUnchanged(tx, resource, rows, BULK_EDIT_MESSAGES.changedSince);
    await startBulkWrite(tx);
    await putBack(tx, resource, rows, { user, importId: batch, action: 'restore' });
    await recordAudit(tx, {
      kind: 'bulk-edit.undone',
      actor: actorOf(user),
      resource: contract.group,
      summary: format(BULK_EDIT_MESSAGES.auditUndoneSummary, {
        group: contract.group,
        restored: rows.length,
      }),
      details: { bulk_id: bulkId, restored: rows.length },
    });
    return { restored: rows.length };
  });
}

const bodyDoc = {
  description:
    '`{ids}` (the selected rows) or `{query}` (the list’s query parameters: every row they match), ' +
    '`set` `{field: value}` of the contract’s bulk-editable fields, and on apply the preview’s `token`',
};

/** The bulk edit's routes of a resource whose contract declares `bulkEdit` (update permission). */
export function bulkEditRoutes(app: FastifyInstance, resource: AnyResource): void {
  const { contract } = resource;
  const common = {
    preValidation: app.requirePermission(can(contract, 'update')),
    bodyLimit: 256 * 1024,
  };
  const tags = [contract.group];
  app.post(
    bulkEditPreviewPath(contract),
    {
      ...common,
      schema: {
        tags,
        summary: `Preview a bulk edit of ${contract.group}`,
        description: `How many rows would change and from what, the refused rows by name, and the token the apply sends back. At most ${BULK_EDIT_MAX} rows (more → 422).`,
        security: bearer,
        body: bodyDoc,
        response: { 200: Type.Object({ data: bulkEditPreviewWire }), ...errorResponses(422) },
      },
    },
    async (request) => ({ data: await preview(app, resource, request) }),
  );
  app.post(
    bulkEditPath(contract),
    {
      ...common,
      schema: {
        tags,
        summary: `Bulk edit ${contract.group}`,
        description:
          'Sets the fields on every matched row in one transaction (one revision per record, one audit entry). ' +
          'A token other than the preview’s (a row changed, appeared or went since) → 409 and nothing written.',
        security: bearer,
        body: bodyDoc,
        response: {
          200: Type.Object({ data: bulkEditAppliedWire, message: Type.String() }),
          ...errorResponses(409, 422),
        },
      },
    },
    async (request) => {
      const data = await apply(app, resource, request);
      const message = format(BULK_EDIT_MESSAGES.applied, {
        updated: data.updated,
        item: contract.group,
        unchanged: data.unchanged,
        refused: data.refused.length,
      });
      return { data, message };
    },
  );
  app.post(
    `${apiPath(contract)}/bulk-edits/:bulkId/undo`,
    {
      preValidation: app.requirePermission(can(contract, 'update')),
      schema: {
        tags,
        summary: `Undo a bulk edit of ${contract.group}`,
        description:
          'Puts back the values the bulk edit changed, as revisions (restore). 409 (nothing done) when any ' +
          'of its records changed after it, or it was undone already.',
        security: bearer,
        params: Type.Object({ bulkId: Type.String({ description: 'The bulk_id of the apply answer' }) }),
        response: {
          200: Type.Object({ data: bulkEditUndoneWire, message: Type.String() }),
          ...errorResponses(404, 409),
        },
      },
    },
    async (request) => {
      const data = await undo(app, resource, request);
      return { data, message: format(BULK_EDIT_MESSAGES.undone, data) };
    },
  );
}
