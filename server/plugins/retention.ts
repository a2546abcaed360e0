import fp from 'fastify-plugin';
import type { Config } from '../config';
import { purgeTrash } from '../crud/revisions';

const DAY_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** TRASH_RETENTION_DAYS: how long a deleted record stays restorable (0 keeps it until restored). */
    trashRetentionDays: number;
  }
}

/**
 * Purges the trash past TRASH_RETENTION_DAYS (crud/revisions.ts `purgeTrash`) once the app is ready
 * and then daily, on an unref'd timer: it never keeps the process (or a test) alive, and a purge
 * still running is waited for before the database closes. 0 keeps deleted records until restored
 * (as AUDIT_RETENTION_DAYS 0 keeps every entry). The trash list tells the SPA the retention.
 */
export const retentionPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('trashRetentionDays', config.trashRetentionDays);
    if (config.trashRetentionDays <= 0) return;
    let running: Promise<unknown> = Promise.resolve();
    const purge = () => {
      running = purgeTrash(app.db, config.trashRetentionDays)
        .then((records) => {
          if (records) app.log.info({ records }, 'trash purged');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'trash purge failed'));
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      purge();
      timer = setInterval(purge, DAY_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'retention', dependencies: ['db'] },
);
