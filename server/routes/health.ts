import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../src/shared/routes';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    API_PATHS.health,
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness with a database round trip',
        response: {
          200: { type: 'object', properties: { status: { type: 'string' }, db: { type: 'string' } } },
          503: { type: 'object', properties: { status: { type: 'string' }, db: { type: 'string' } } },
        },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok', db: 'ok' };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', db: 'error' });
      }
    },
  );
}
