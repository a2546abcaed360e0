import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pgliteRawQuery, poolRawQuery, type RawQuery } from '../db/client';
import { defineJob, JobQueue, type JobRun, type QueueSettings } from '../jobs/queue';
import { auditPurgeJob } from '../plugins/audit';
import { buildTestApp, type TestApp } from './helper';

/** Quick polling and maintenance, so a test sees retries and expiries in seconds. */
const FAST: QueueSettings = { pollingSeconds: 0.5, maintenanceSeconds: 1, stopTimeoutMs: 2_000 };

/** Retried three times, 1 s doubled; a run longer than 2 s counts as failed. */
const echoJob = defineJob<{ n: number }>('test.echo', {
  retryLimit: 3,
  retryDelaySeconds: 1,
  retryBackoff: true,
  expireInSeconds: 2,
});
const crashJob = defineJob<{ n: number }>('test.crash', {
  retryLimit: 2,
  retryDelaySeconds: 1,
  retryBackoff: false,
  expireInSeconds: 2,
});

/** The app's database connections as the queue uses them (pg.Pool or PGlite). */
function rawOf(app: FastifyInstance): RawQuery {
  const client = (app.db as unknown as { $client: pg.Pool | PGlite }).$client;
  return client instanceof pg.Pool ? poolRawQuery(client) : pgliteRawQuery(client as PGlite);
}

interface JobRow {
  state: string;
  retry_count: number;
  wait: number;
  singleton_key: string | null;
}

async function jobsOf(app: FastifyInstance, name: string): Promise<JobRow[]> {
  const result = (await app.db.execute(
    sql`select state::text as state, retry_count, singleton_key,
          extract(epoch from start_after - now())::float8 as wait
        from pgboss.job where name = ${name} order by created_on`,
  )) as unknown as { rows: JobRow[] };
  return result.rows.map((row) => ({ ...row, retry_count: Number(row.retry_count), wait: Number(row.wait) }));
}

async function until<T>(check: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not reached in ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const isRollback = (error: unknown) => error instanceof Error && /rollback/i.test(error.message);

describe('job queue', () => {
  let t: TestApp;
  /** Each run of test.echo: its data and retry count. */
  const runs: { n: number; retryCount: number }[] = [];
  /** How many more times a test.echo of that n fails before it succeeds. */
  const failures = new Map<number, number>();

  beforeAll(async () => {
    t = await buildTestApp(
      { jobs: FAST },
      {
        extend: (app) => {
          app.jobs.work(echoJob, async ({ n }, run: JobRun) => {
            runs.push({ n, retryCount: run.retryCount });
            const left = failures.get(n) ?? 0;
            if (left > 0) {
              failures.set(n, left - 1);
              throw new Error(`echo ${n} fails`);
            }
          });
        },
      },
    );
  });
  afterAll(() => t.close());

  const ran = (n: number) => runs.filter((run) => run.n === n);

  it('runs a job enqueued in a transaction only if the transaction commits', async () => {
    await t.app.db
      .transaction(async (tx) => {
        await t.app.jobs.enqueue(echoJob, { n: 1 }, { tx });
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!isRollback(error)) throw error;
      });
    await t.app.db.transaction(async (tx) => {
      await t.app.jobs.enqueue(echoJob, { n: 2 }, { tx });
    });
    await t.app.jobs.settle();
    expect(ran(1)).toEqual([]);
    expect(ran(2)).toEqual([{ n: 2, retryCount: 0 }]);
  });

  it('retries a failing job with a doubling backoff until it succeeds', async () => {
    failures.set(3, 2);
    await t.app.jobs.enqueue(echoJob, { n: 3 });
    const byRetry = (retries: number) =>
      until(async () =>
        (await jobsOf(t.app, echoJob.name)).find(
          (job) => job.state === 'retry' && job.retry_count === retries,
        ),
      );
    // 1 s doubled with jitter: the first retry waits 1–2 s, the second 2–4 s.
    const first = await byRetry(0);
    expect(first.wait).toBeGreaterThan(0);
    expect(first.wait).toBeLessThanOrEqual(2);
    await t.app.jobs.retryNow(echoJob);
    const second = await byRetry(1);
    expect(second.wait).toBeGreaterThan(1);
    expect(second.wait).toBeLessThanOrEqual(4);
    await t.app.jobs.retryNow(echoJob);
    await t.app.jobs.settle();
    expect(ran(3).map((run) => run.retryCount)).toEqual([0, 1, 2]);
    expect((await jobsOf(t.app, echoJob.name)).filter((job) => job.state !== 'completed')).toEqual([]);
  });

  it('gives a job up after its retries and keeps it as failed', async () => {
    failures.set(4, 99);
    await t.app.jobs.enqueue(echoJob, { n: 4 });
    for (let retries = 0; retries < echoJob.options.retryLimit; retries++) {
      await until(async () =>
        (await jobsOf(t.app, echoJob.name)).find(
          (job) => job.state === 'retry' && job.retry_count === retries,
        ),
      );
      await t.app.jobs.retryNow(echoJob);
    }
    const failed = await until(async () =>
      (await jobsOf(t.app, echoJob.name)).find((job) => job.state === 'failed'),
    );
    expect(failed.retry_count).toBe(echoJob.options.retryLimit);
    expect(ran(4)).toHaveLength(echoJob.options.retryLimit + 1);
  });

  it('keeps one pending run per key: scheduling again moves it, unscheduling removes it', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000);
    const inTwoHours = new Date(Date.now() + 7_200_000);
    await t.app.jobs.schedule(echoJob, 'page-7-publish', inAnHour, { n: 5 });
    await t.app.jobs.schedule(echoJob, 'page-7-publish', inTwoHours, { n: 6 });
    const pending = (await jobsOf(t.app, echoJob.name)).filter(
      (job) => job.singleton_key === 'page-7-publish',
    );
    expect(pending).toHaveLength(1);
    expect((await t.app.jobs.scheduledAt(echoJob, 'page-7-publish'))?.getTime()).toBe(inTwoHours.getTime());

    // A move inside a transaction that rolls back leaves the schedule as it was.
    await t.app.db
      .transaction(async (tx) => {
        await t.app.jobs.schedule(echoJob, 'page-7-publish', inAnHour, { n: 5 }, { tx });
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!isRollback(error)) throw error;
      });
    expect((await t.app.jobs.scheduledAt(echoJob, 'page-7-publish'))?.getTime()).toBe(inTwoHours.getTime());

    expect(await t.app.jobs.unschedule(echoJob, 'page-7-publish')).toBe(true);
    expect(await t.app.jobs.scheduledAt(echoJob, 'page-7-publish')).toBeNull();
    expect(await t.app.jobs.unschedule(echoJob, 'page-7-publish')).toBe(false);
    expect(ran(5)).toEqual([]);
    expect(ran(6)).toEqual([]);
  });

  it('runs a scheduled job once it is due, not before', async () => {
    const at = new Date(Date.now() + 1_500);
    await t.app.jobs.schedule(echoJob, 'soon', at, { n: 7 });
    await t.app.jobs.settle();
    expect(ran(7)).toEqual([]);
    await until(() => (ran(7).length ? true : undefined));
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    expect(ran(7)).toHaveLength(1);
  });

  it('runs a recurring job once per cluster: one run at the first start, the next one pending a day on', async () => {
    const purges = async () => jobsOf(t.app, auditPurgeJob.name);
    await until(async () => ((await purges()).some((job) => job.state === 'completed') ? true : undefined));
    const pending = (await purges()).filter((job) => job.state === 'created');
    expect(pending).toHaveLength(1);
    expect(pending[0].singleton_key).toBe('recurring');
    expect(pending[0].wait).toBeGreaterThan(86_400 - 120);

    // A second instance on the same database neither runs it again nor adds a second pending run.
    const other = new JobQueue(t.app.db, rawOf(t.app), t.app.log, FAST);
    other.work(auditPurgeJob, async () => undefined);
    other.every(auditPurgeJob, 86_400_000, {});
    await other.start();
    try {
      expect((await purges()).filter((job) => job.state === 'completed')).toHaveLength(1);
      expect((await purges()).filter((job) => job.state === 'created')).toHaveLength(1);
    } finally {
      await other.stop();
    }
  });

  it('completes on another instance a job whose instance died during the run', async () => {
    const raw = rawOf(t.app);
    // The instance that dies: once cut off, every statement it sends fails (its process is gone).
    let dead = false;
    const started: number[] = [];
    const dying = new JobQueue(
      t.app.db,
      (text, values) => (dead ? Promise.reject(new Error('instance gone')) : raw(text, values)),
      t.app.log,
      FAST,
    );
    dying.work(crashJob, async ({ n }) => {
      started.push(n);
      await new Promise(() => undefined);
    });
    const survivorRuns: { n: number; retryCount: number }[] = [];
    const survivor = new JobQueue(t.app.db, raw, t.app.log, FAST);
    survivor.work(crashJob, async ({ n }, run) => {
      survivorRuns.push({ n, retryCount: run.retryCount });
    });
    await dying.start();
    try {
      await dying.enqueue(crashJob, { n: 8 });
      await until(() => (started.includes(8) ? true : undefined));
      dead = true;
      await survivor.start();
      // The run expires after 2 s; maintenance hands it back and the survivor runs it as a retry.
      await until(() => (survivorRuns.length ? true : undefined));
      expect(survivorRuns).toEqual([{ n: 8, retryCount: 1 }]);
      const [job] = await until(async () => {
        const rows = await jobsOf(t.app, crashJob.name);
        return rows[0]?.state === 'completed' ? rows : undefined;
      });
      expect(job.retry_count).toBe(1);
    } finally {
      await survivor.stop();
      await dying.stop();
    }
  });
});
