import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { success } from '../../src/shared/messages';
import { can } from '../../src/shared/resources/resource';
import { writeAnswer } from '../../src/shared/resources/wire';
import type { Db, Tx } from '../db/client';
import { assertFresh } from '../lib/concurrency';
import { parseBody } from '../lib/validation';
import { currentUser } from '../plugins/auth';
import type { WriteContext } from './define';
import { bearer, errorResponses, idParams } from './openapi';
import { idOf, loadItem, notFound, type AnyResource } from './resource';
import { inputValues, updateRecords } from './write';

/** Locks one record for an update in the transaction and answers its `updated_at`; 404 when there is none. */
export async function lockRecord(tx: Tx, resource: AnyResource, id: number): Promise<Date> {
  const { table } = resource;
  const [current] = await tx
    .select({ updated_at: table.updated_at })
    .from(table)
    .where(eq(table.id, id))
    .for('update');
  if (!current) throw notFound();
  return current.updated_at as Date;
}

/**
 * The update of a locked record: `beforeUpdate`, the writers, the row, `afterWrite` (an edit's, a
 * restored version's and an undone import's). Answers the record's wire item as its revision read
 * it after the write (undefined when history is off), so a save need not read it once more.
 */
export async function writeUpdate(
  tx: Tx,
  resource: AnyResource,
  id: number,
  input: Record<string, unknown>,
  ctx: WriteContext,
): Promise<unknown> {
  await resource.beforeUpdate?.(tx, id, input, ctx);
  const values = await inputValues(tx, resource, input, ctx);
  const loaded = new Map<number, unknown>();
  // `afterWrite` (link tables) runs inside the write, before its revision is taken.
  await updateRecords(
    tx,
    resource,
    [{ id, values }],
    { ...ctx, linked: async () => resource.afterWrite?.(tx, id, input, ctx) },
    loaded,
  );
  return loaded.get(id);
}

/**
 * Updates one record in one transaction: locks it, refuses a stale `updated_at` (409), runs
 * `beforeUpdate`, the writers, the update and `afterWrite`. Answers the record's wire item after
 * the write (read once, for its revision and the answer), or undefined when history is off.
 */
export async function updateRecord(
  db: Db,
  resource: AnyResource,
  id: number,
  input: Record<string, unknown> & { updated_at: string },
  ctx: WriteContext,
): Promise<unknown> {
  return db.transaction(async (tx) => {
    assertFresh(await lockRecord(tx, resource, id), input.updated_at, resource.contract.item);
    return writeUpdate(tx, resource, id, input, ctx);
  });
}

/** `PUT /api/<group>/:id`: the contract's update schema, with the `updated_at` the edit started from (update permission). */
export function updateRoute(app: FastifyInstance, resource: AnyResource, base: string): void {
  const { contract } = resource;
  const schema = contract.input.update;
  if (!schema) throw new Error(`${contract.group}: an update route needs the contract's input.update`);
  app.put(
    `${base}/:id`,
    {
      preValidation: app.requirePermission(can(contract, 'update')),
      schema: {
        tags: [contract.group],
        summary: `Update a ${contract.item.toLowerCase()}`,
        description: 'The body carries the `updated_at` the edit started from; a stale one → 409.',
        security: bearer,
        params: idParams,
        body: {
          description: `The ${contract.item.toLowerCase()}'s fields and the updated_at the edit started from`,
        },
        response: { 200: writeAnswer(contract.wire), ...errorResponses(404, 409, 422) },
      },
    },
    async (request) => {
      const id = idOf(request);
      const input = await parseBody<Record<string, unknown> & { updated_at: string }>(schema, request.body);
      const item = await updateRecord(app.db, resource, id, input, { user: currentUser(request), id });
      return {
        data: item ?? (await loadItem(resource, app.db, id)),
        message: success.updated(contract.item),
      };
    },
  );
}
