import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../src/shared/routes';

/**
 * The id of the SPA build this server serves, for open tabs to compare with their own (the SPA's
 * version check). No sign-in: the guest screens check too. Never cached.
 */
export async function versionRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    API_PATHS.version,
    {
      schema: {
        tags: ['system'],
        summary: 'The id of the web app build being served',
        description:
          "`id` is the build's webpack hash (null when no build is served); a tab whose own id differs " +
          'runs an older version and offers a reload. The same id is in the `x-build-id` header of every answer.',
        response: {
          200: {
            type: 'object',
            properties: {
              data: { type: 'object', properties: { id: { type: 'string', nullable: true } } },
            },
          },
        },
      },
    },
    async (_request, reply) =>
      reply.header('Cache-Control', 'no-store').send({ data: { id: app.spaBuildId(true) } }),
  );
}
