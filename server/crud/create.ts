import type { FastifyInstance } from 'fastify';
import { success } from '../../src/shared/messages';
import { can } from '../../src/shared/resources/resource';
import { writeAnswer } from '../../src/shared/resources/wire';
import type { Db } from '../db/client';
import { parseBody } from '../lib/validation';
import { currentUser } from '../plugins/auth';
import type { WriteContext } from './define';
import { bearer, errorResponses } from './openapi';
import { loadItem, type AnyResource } from './resource';
import { inputValues, insertRecords } from './write';

/**
 * Creates one record from a validated input in one transaction (writers, insert, `afterWrite`);
 * answers its id and, when history read it for its revision, its wire item (else undefined).
 */
export async function createRecord(
  db: Db,
  resource: AnyResource,
  input: Record<string, unknown>,
  ctx: WriteContext,
): Promise<{ id: number; item: unknown }> {
  return db.transaction(async (tx) => {
    const values = await inputValues(tx, resource, input, ctx);
    const loaded = new Map<number, unknown>();
    // `afterWrite` (link tables) runs inside the write, before its revision is taken.
    const [id] = await insertRecords(
      tx,
      resource,
      [values],
      {
        ...ctx,
        linked: async ([created]) => resource.afterWrite?.(tx, created, input, { ...ctx, id: created }),
      },
      loaded,
    );
    return { id, item: loaded.get(id) };
  });
}

/** `POST /api/<group>`: validates with the contract's create schema (store permission); 201 with the item. */
export function createRoute(app: FastifyInstance, resource: AnyResource, base: string): void {
  const { contract } = resource;
  const schema = contract.input.create;
  if (!schema) throw new Error(`${contract.group}: a create route needs the contract's input.create`);
  app.post(
    base,
    {
      preValidation: app.requirePermission(can(contract, 'store')),
      schema: {
        tags: [contract.group],
        summary: `Create a ${contract.item.toLowerCase()}`,
        security: bearer,
        // No `type`: the shared Yup schema is the one validator (it runs in the handler).
        body: {
          description: `The ${contract.item.toLowerCase()}'s fields, validated with the shared Yup schema`,
        },
        response: { 201: writeAnswer(contract.wire), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const input = await parseBody<Record<string, unknown>>(schema, request.body);
      const { id, item } = await createRecord(app.db, resource, input, { user: currentUser(request) });
      return reply.code(201).send({
        data: item ?? (await loadItem(resource, app.db, id)),
        message: success.created(contract.item),
      });
    },
  );
}
