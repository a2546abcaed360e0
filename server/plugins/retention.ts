import fp from 'fastify-plugin';
import type { Config } from '../config';
import { purgeTrash } from '../crud/revisions';
import { purgeOldMessages } from '../inbox/privacy';
import { defineJob } from '../jobs/queue';
import { now } from '../lib/clock';
import { recordAudit } from '../security/audit';

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

/** Deletes the contact messages past INBOX_RETENTION_DAYS; a recurring job, once a day per cluster. */
export const inboxPurgeJob = defineJob<Record<string, never>>('inbox.purge', {
  retryLimit: 5,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 3600,
});

/** One run of the inbox's purge: the messages past retention go; an audit entry says how many. */
export async function runInboxPurge(
  app: { db: Parameters<typeof purgeOldMessages>[0] },
  retentionDays: number,
): Promise<number> {
  const count = await purgeOldMessages(app.db, retentionDays, now());
  if (count)
    await recordAudit(app.db, {
      kind: 'contact.purged',
      resource: 'contact-forms',
      summary: `${count} contact messages older than ${retentionDays} days purged`,
      details: { count, retention_days: retentionDays },
    });
  return count;
}

/**
 * Purges the trash past TRASH_RETENTION_DAYS (crud/revisions.ts `purgeTrash`) by a recurring job,
 * run once a day by one instance of the cluster (the first run at the first start). 0 keeps deleted
 * records until restored (as AUDIT_RETENTION_DAYS 0 keeps every entry). The trash list tells the
 * SPA the retention.
 */
export const retentionPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('trashRetentionDays', config.trashRetentionDays);
    // INBOX_RETENTION_DAYS (default 0, off): contact messages older than that are purged daily.
    if (config.inboxRetentionDays > 0) {
      app.jobs.work(inboxPurgeJob, async () => {
        const count = await runInboxPurge(app, config.inboxRetentionDays);
        if (count) app.log.info({ count }, 'contact messages past retention purged');
      });
      app.jobs.every(inboxPurgeJob, DAY_MS, {});
    }
    if (config.trashRetentionDays <= 0) return;
    app.jobs.work(trashPurgeJob, async () => {
      const records = await purgeTrash(app.db, config.trashRetentionDays);
      if (records) app.log.info({ records }, 'trash purged');
    });
    app.jobs.every(trashPurgeJob, DAY_MS, {});
  },
  { name: 'retention', dependencies: ['db', 'jobs'] },
);
