import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { API_PATHS } from '../../src/shared/routes';

/** OpenAPI document built from the route schemas, with Swagger UI at /api/docs (JSON at /api/docs/json). */
export const swaggerPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: `${config.appName} API`, version: '1.0.0' },
        servers: [{ url: config.publicUrl }],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
        tags: [
          { name: 'auth', description: 'Sign-in and tokens' },
          { name: 'account', description: 'The signed-in user' },
          { name: 'password', description: 'Forgotten password' },
          { name: 'uploads', description: 'Files' },
          { name: 'users', description: 'Users (list, CRUD, export, import)' },
          { name: 'roles', description: 'Roles and the permission catalogue' },
          { name: 'settings', description: 'Company settings' },
          { name: 'system', description: 'Health and runtime configuration' },
        ],
      },
    });
    // Swagger UI ships its own CSP with the hashes of its inline code; it applies to /api/docs only.
    await app.register(swaggerUi, { routePrefix: API_PATHS.docs, staticCSP: true });
  },
  { name: 'swagger' },
);
