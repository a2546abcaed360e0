import type { FastifyInstance } from 'fastify';
import { can } from '../../src/shared/resources/resource';
import { rolesResource } from '../../src/shared/resources/roles';
import { API_PATHS } from '../../src/shared/routes';
import { permissionCatalogue } from '../repositories/roles';
import { registerResource } from '../resources/routes';
import { brandsServer } from '../resources/brands';
import { categoriesServer } from '../resources/categories';
import { productsServer } from '../resources/products';
import { rolesServer } from '../resources/roles';
import { usersServer } from '../resources/users';
import {
  authErrors,
  bearer,
  brandSchema,
  categorySchema,
  permissionSchema,
  productSchema,
  roleSchema,
  userSchema,
} from './schemas';

/** Every declared resource's routes (server/resources/), and the permission catalogue. */
export async function resourceRoutes(app: FastifyInstance): Promise<void> {
  registerResource(app, usersServer, userSchema);
  registerResource(app, rolesServer, roleSchema);
  registerResource(app, brandsServer, brandSchema);
  registerResource(app, categoriesServer, categorySchema);
  registerResource(app, productsServer, productSchema);

  app.get(
    API_PATHS.permissions,
    {
      preValidation: app.requirePermission(can(rolesResource, 'index')),
      schema: {
        tags: ['roles'],
        summary: 'The permission catalogue',
        description: 'Every permission, by id: what the role matrix is drawn from.',
        security: bearer,
        response: {
          200: { type: 'object', properties: { data: { type: 'array', items: permissionSchema } } },
          ...authErrors,
        },
      },
    },
    async () => ({ data: await permissionCatalogue(app.db) }),
  );
}
