// PostgreSQL only (the api:pglite project leaves out *.postgres.test.ts): PGlite is one process.
import { spawn } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { openDatabase, type Database } from '../db/client';
import { defineJob, JobQueue } from '../jobs/queue';
import { throwawayDatabase } from './helper';
import { KILL_SETTINGS, killJob } from './jobWorker';

const root = path.resolve(__dirname, '../..');

describe('a job whose instance is killed with -9', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let survivorDb: Database;
  beforeAll(async () => {
    database = await throwawayDatabase();
    survivorDb = await openDatabase({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await survivorDb.close();
    await database.drop();
  });

  it('is completed by another instance', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/test/jobWorker.ts', database.url, '9'],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('started 9')) resolve();
        });
        child.once('exit', (code) =>
          reject(new Error(`the worker exited (${String(code)}) before its run began`)),
        );
      });
    } finally {
      child.kill('SIGKILL');
      await exited;
    }

    const runs: { n: number; retryCount: number }[] = [];
    const survivor = new JobQueue(survivorDb.db, survivorDb.raw, pino({ level: 'silent' }), KILL_SETTINGS);
    survivor.work(killJob, async ({ n }, run) => {
      runs.push({ n, retryCount: run.retryCount });
    });
    await survivor.start();
    try {
      const deadline = Date.now() + 60_000;
      while (!runs.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      // The killed run expired (2 s), maintenance handed it back, the survivor ran it as its retry.
      expect(runs).toEqual([{ n: 9, retryCount: 1 }]);
      await survivor.settle();
      const { rows } = await survivorDb.raw(`select state::text as state from pgboss.job where name = $1`, [
        killJob.name,
      ]);
      expect(rows).toEqual([{ state: 'completed' }]);
    } finally {
      await survivor.stop();
    }
  });
});

describe('instances started together on a new database', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    database = await throwawayDatabase();
    first = await openDatabase({ databaseUrl: database.url });
    second = await openDatabase({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.drop();
  });

  it('both start, one creating the queues and the other finding them made', async () => {
    // Twelve kinds of job, as the app has: two instances creating their partitions at the same moment
    // deadlocked on pg-boss's queue table until the set-up ran under the start-up lock.
    const kinds = Array.from({ length: 12 }, (_, n) =>
      defineJob<{ n: number }>(`test.race-${n}`, {
        retryLimit: 1,
        retryDelaySeconds: 1,
        retryBackoff: false,
        expireInSeconds: 60,
      }),
    );
    const queues = [first, second].map((db) => {
      const queue = new JobQueue(db.db, db.raw, pino({ level: 'silent' }), KILL_SETTINGS, db.exclusive);
      for (const kind of kinds) queue.work(kind, async () => undefined);
      return queue;
    });
    try {
      await Promise.all(queues.map((queue) => queue.start()));
      expect(queues.map((queue) => queue.started)).toEqual([true, true]);
      const { rows } = await first.raw(
        `select count(*)::int as n from pgboss.queue where name like 'test.race-%'`,
      );
      expect(rows).toEqual([{ n: 12 }]);
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
    }
  });
});
