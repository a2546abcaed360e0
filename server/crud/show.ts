import type { FastifyInstance } from 'fastify';
import { can } from '../../src/shared/resources/resource';
import { dataAnswer } from '../../src/shared/resources/wire';
import { bearer, errorResponses, idParams } from './openapi';
import { idOf, loadItem, type AnyResource } from './resource';

/** `GET /api/<group>/:id`: one item (index permission), 404 when there is none. */
export function showRoute(app: FastifyInstance, resource: AnyResource, base: string): void {
  const { contract } = resource;
  app.get(
    `${base}/:id`,
    {
      preValidation: app.requirePermission(can(contract, 'index')),
      schema: {
        tags: [contract.group],
        summary: `Show one ${contract.item.toLowerCase()}`,
        security: bearer,
        params: idParams,
        response: { 200: dataAnswer(contract.wire), ...errorResponses(404) },
      },
    },
    async (request) => ({ data: await loadItem(resource, app.db, idOf(request)) }),
  );
}
