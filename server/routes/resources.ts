import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { can } from '../../src/shared/resources/resource';
import { permissionWire, rolesResource } from '../../src/shared/resources/roles';
import { API_PATHS } from '../../src/shared/routes';
import { bearer, errorResponses } from '../crud/openapi';
import { registerResource } from '../crud/register';
import { permissionCatalogue } from '../repositories/roles';
import { RESOURCES } from '../resources';
import { mediaRoutes } from './media';

/**
 * Every declared resource's routes (server/resources/), the media library's (its list through the
 * same machinery), and the permission catalogue.
 */
export async function resourceRoutes(app: FastifyInstance): Promise<void> {
  for (const resource of RESOURCES) registerResource(app, resource);
  await mediaRoutes(app);

  app.get(
    API_PATHS.permissions,
    {
      preValidation: app.requirePermission(can(rolesResource, 'index')),
      schema: {
        tags: ['roles'],
        summary: 'The permission catalogue',
        description: 'Every permission, by id: what the role matrix is drawn from.',
        security: bearer,
        response: { 200: Type.Object({ data: Type.Array(permissionWire) }), ...errorResponses() },
      },
    },
    async () => ({ data: await permissionCatalogue(app.db) }),
  );
}
