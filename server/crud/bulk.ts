import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { success } from '../../src/shared/messages';
import { bulkDeletePath, bulkIdsSchema, can } from '../../src/shared/resources/resource';
import { startBulkWrite } from '../db/bulkWrite';
import { parseBody } from '../lib/validation';
import { currentUser } from '../plugins/auth';
import { bearer, errorResponses } from './openapi';
import type { AnyResource } from './resource';
import { deleteRecords } from './write';

/**
 * `POST /api/<group>/bulk-delete` `{ids}` (destroy permission; contracts with `bulkDelete`): deletes
 * the selected rows that still exist in one transaction, each through `beforeDelete` (which may
 * refuse the whole batch), and answers how many went. The transaction has a bulk write's settings
 * (db/bulkWrite.ts): the foreign-key checks of its rows and revisions keep their plans instead of
 * planning each row anew.
 */
export function bulkDeleteRoute(app: FastifyInstance, resource: AnyResource): void {
  const { contract, table } = resource;
  app.post(
    bulkDeletePath(contract),
    {
      preValidation: app.requirePermission(can(contract, 'destroy')),
      bodyLimit: 64 * 1024,
      schema: {
        tags: [contract.group],
        summary: `Delete several ${contract.group}`,
        security: bearer,
        body: Type.Object({ ids: Type.Array(Type.Integer()) }),
        response: {
          200: Type.Object({ data: Type.Object({ count: Type.Integer() }), message: Type.String() }),
          ...errorResponses(409, 422),
        },
      },
    },
    async (request) => {
      const { ids } = await parseBody(bulkIdsSchema, request.body);
      const ctx = { user: currentUser(request) };
      const count = await app.db.transaction(async (tx) => {
        await startBulkWrite(tx);
        const found = await tx
          .select({ id: table.id })
          .from(table)
          .where(inArray(table.id, [...new Set(ids)]))
          .for('update');
        const existing = found.map((row) => Number(row.id));
        for (const id of existing) await resource.beforeDelete?.(tx, id, { ...ctx, id });
        await deleteRecords(tx, resource, existing, ctx);
        return existing.length;
      });
      return { data: { count }, message: success.deleted(contract.item) };
    },
  );
}
