import fp from 'fastify-plugin';
import type { Config } from '../config';
import { defineJob } from '../jobs/queue';
import { auditRequestHook, purgeAuditLogs } from '../security/audit';

const DAY_MS = 86_400_000;

/** Deletes the audit log entries past AUDIT_RETENTION_DAYS; a recurring job, once a day per cluster. */
export const auditPurgeJob = defineJob<Record<string, never>>('audit.purge', {
  retryLimit: 5,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 3600,
});

/**
 * The audit log's request context (every request's address, for the entries it writes) and its
 * retention: entries older than AUDIT_RETENTION_DAYS are purged by a recurring job, run once a day
 * by one instance of the cluster (the first run at the first start).
 */
export const auditPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.addHook('onRequest', auditRequestHook);
    if (config.auditRetentionDays <= 0) return;
    app.jobs.work(auditPurgeJob, async () => {
      const count = await purgeAuditLogs(app.db, config.auditRetentionDays);
      if (count) app.log.info({ count }, 'audit log entries past retention purged');
    });
    app.jobs.every(auditPurgeJob, DAY_MS, {});
  },
  { name: 'audit', dependencies: ['db', 'jobs'] },
);
