import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { success } from '../../src/shared/messages';
import { can } from '../../src/shared/resources/resource';
import { writeAnswer } from '../../src/shared/resources/wire';
import type { Db } from '../db/client';
import { currentUser } from '../plugins/auth';
import type { WriteContext } from './define';
import { bearer, errorResponses, idParams } from './openapi';
import { idOf, loadItem, notFound, type AnyResource } from './resource';
import { deleteRecords } from './write';

/** Deletes one record in one transaction: locks it, runs `beforeDelete` (which may refuse), deletes. */
export async function deleteRecord(
  db: Db,
  resource: AnyResource,
  id: number,
  ctx: WriteContext,
): Promise<void> {
  const { table } = resource;
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
    if (!current) throw notFound();
    await resource.beforeDelete?.(tx, id, ctx);
    await deleteRecords(tx, resource, [id], ctx);
  });
}

/** `DELETE /api/<group>/:id` (destroy permission): answers the deleted item. */
export function deleteRoute(app: FastifyInstance, resource: AnyResource, base: string): void {
  const { contract } = resource;
  app.delete(
    `${base}/:id`,
    {
      preValidation: app.requirePermission(can(contract, 'destroy')),
      schema: {
        tags: [contract.group],
        summary: `Delete a ${contract.item.toLowerCase()}`,
        security: bearer,
        params: idParams,
        response: { 200: writeAnswer(contract.wire), ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const id = idOf(request);
      const data = await loadItem(resource, app.db, id);
      await deleteRecord(app.db, resource, id, { user: currentUser(request), id });
      return { data, message: success.deleted(contract.item) };
    },
  );
}
