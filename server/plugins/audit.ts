import fp from 'fastify-plugin';
import type { Config } from '../config';
import { auditRequestHook, purgeAuditLogs } from '../security/audit';

const DAY_MS = 86_400_000;

/**
 * The audit log's request context (every request's address, for the entries it writes) and its
 * retention: entries older than AUDIT_RETENTION_DAYS are purged on start and then once a day, by a
 * timer that never keeps the process alive and stops with the app.
 */
export const auditPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.addHook('onRequest', auditRequestHook);

    const purge = async () => {
      try {
        const count = await purgeAuditLogs(app.db, config.auditRetentionDays);
        if (count) app.log.info({ count }, 'audit log entries past retention purged');
      } catch (error) {
        app.log.error({ err: error }, 'audit log purge failed');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await purge();
      timer = setInterval(() => void purge(), DAY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'audit', dependencies: ['db'] },
);
