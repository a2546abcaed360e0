import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../src/shared/routes';

const readyAnswer = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ready', 'not-ready', 'draining'] },
    checks: { type: 'object', additionalProperties: { type: 'string', enum: ['ok', 'error'] } },
  },
} as const;

/**
 * `/api/health`: liveness (the process answers, with a database round trip). `/api/ready`: whether
 * this instance can serve, for a load balancer: every readiness check (database, migrations, the job
 * queue, Redis when configured, ...) within 2 s, and not shutting down; 503 otherwise, naming the
 * failing checks (the reasons go to the log only).
 */
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

  app.get(
    API_PATHS.ready,
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: can this instance serve (database, migrations, jobs, Redis when configured)?',
        response: { 200: readyAnswer, 503: readyAnswer },
      },
    },
    async (_request, reply) => {
      const { ready, draining, checks } = await app.readiness.report();
      const status = ready ? 'ready' : draining ? 'draining' : 'not-ready';
      return reply.code(ready ? 200 : 503).send({ status, checks });
    },
  );
}
