import fp from 'fastify-plugin';
import type { Config } from '../config';
import { purgeTrash } from '../crud/revisions';
import { defineJob } from '../jobs/queue';

const DAY_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** TRASH_RETENTION_DAYS: how long a deleted record stays restorable (0 keeps it until restored). */
    trashRetentionDays: number;
  }
}

/** Purges the trash past TRASH_RETENTION_DAYS; a recurring job, once a day per cluster. */
export const trashPurgeJob = defineJob<Record<string, never>>('trash.purge', {
  retryLimit: 5,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 3600,
});

/**
 * Purges the trash past TRASH_RETENTION_DAYS (crud/revisions.ts `purgeTrash`) by a recurring job,
 * run once a day by one instance of the cluster (the first run at the first start). 0 keeps deleted
 * records until restored (as AUDIT_RETENTION_DAYS 0 keeps every entry). The trash list tells the
 * SPA the retention.
 */
export const retentionPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('trashRetentionDays', config.trashRetentionDays);
    if (config.trashRetentionDays <= 0) return;
    app.jobs.work(trashPurgeJob, async () => {
      const records = await purgeTrash(app.db, config.trashRetentionDays);
      if (records) app.log.info({ records }, 'trash purged');
    });
    app.jobs.every(trashPurgeJob, DAY_MS, {});
  },
  { name: 'retention', dependencies: ['db', 'jobs'] },
);
