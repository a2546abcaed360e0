/**
 * An instance of the job queue in a process of its own, to be killed with -9 in the middle of a
 * run (jobs.postgres.test.ts): `node --import tsx server/test/jobWorker.ts <DATABASE_URL> <n>`
 * enqueues `killJob` { n }, prints `started <n>` once its run has begun, and never finishes it.
 */
import pino from 'pino';
import { openDatabase } from '../db/client';
import { defineJob, JobQueue, type QueueSettings } from '../jobs/queue';

/** Quick polling and maintenance: a run expired after 2 s is handed back within a second. */
export const KILL_SETTINGS: QueueSettings = {
  pollingSeconds: 0.5,
  maintenanceSeconds: 1,
  stopTimeoutMs: 2_000,
};

export const killJob = defineJob<{ n: number }>('test.kill', {
  retryLimit: 2,
  retryDelaySeconds: 1,
  retryBackoff: false,
  expireInSeconds: 2,
});

async function main(): Promise<void> {
  const [databaseUrl, n] = process.argv.slice(2);
  const database = await openDatabase({ databaseUrl });
  const queue = new JobQueue(database.db, database.raw, pino({ level: 'silent' }), KILL_SETTINGS);
  queue.work(killJob, async (data) => {
    process.stdout.write(`started ${data.n}\n`);
    await new Promise(() => undefined);
  });
  await queue.start();
  await queue.enqueue(killJob, { n: Number(n) });
}

if (require.main === module) void main();
