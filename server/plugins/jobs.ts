import fp from 'fastify-plugin';
import type { Database, RawQuery } from '../db/client';
import { JobQueue, type QueueSettings } from '../jobs/queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (server/jobs/queue.ts): enqueue in a request's transaction, register handlers. */
    jobs: JobQueue;
  }
}

export interface JobsPluginOptions {
  /** The prepared database's own connections (pg-boss's statements run outside Drizzle). */
  raw: RawQuery;
  settings: QueueSettings;
  /**
   * The database's start-up lock: the queue's tables and queues are created under it, so instances
   * started together do not create pg-boss's partitions at the same moment (which PostgreSQL answers
   * with a deadlock, each holding the queue table the other's foreign key needs).
   */
  exclusive?: Database['exclusive'];
}

/**
 * The app's job queue. Plugins registered after this one declare their kinds of jobs and register
 * handlers (`app.jobs.work`, `app.jobs.every`); the queue starts once the app is ready (pg-boss's
 * tables created when missing, one polling loop per handler) and stops first on close: runs under
 * way may finish, the rest are handed back for another instance, before the database closes.
 */
export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, { raw, settings, exclusive }) => {
    const queue = new JobQueue(app.db, raw, app.log.child({ component: 'jobs' }), settings, exclusive);
    app.decorate('jobs', queue);
    app.addHook('onReady', async () => queue.start());
    app.readiness.add('jobs', async () => {
      if (!queue.started) throw new Error('the job queue is not running');
    });
    app.addHook('preClose', async () => queue.stop());
  },
  { name: 'jobs', dependencies: ['db'] },
);
