import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Db, Executor, RawQuery, RawResult } from '../db/client';

/**
 * The job queue: everything that runs outside a request (mails, purges; later webhook deliveries,
 * link checks, scheduled publishing) is a job in pg-boss's tables in the app's own database, on
 * PostgreSQL and on PGlite alike (docs/decisions/2026-12-01-job-queue-pg-boss.md). A job enqueued
 * in a transaction exists only if that transaction commits; a job whose instance dies mid-run is
 * taken back when its run expires and is retried by whichever instance polls next.
 */

/** The pg-boss schema: its tables live beside the app's, never in `public`. */
export const JOB_SCHEMA = 'pgboss';

/** How a kind of job is run: its retries, their backoff and how long one run may take. */
export interface JobOptions {
  /** Runs after the first that a failing job gets (0: one run only). */
  retryLimit: number;
  /** Seconds before the first retry; with `retryBackoff` doubled (with jitter) at every retry. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /**
   * Seconds one run may take. A run still unfinished then counts as failed and is retried: that is
   * how a job whose instance died (or hung) is completed by another one.
   */
  expireInSeconds: number;
  /** Runs of this kind at once per instance (default 1). */
  concurrency?: number;
  /** Deleted as soon as it succeeds, data and all (a mail: its text leaves the database with it). */
  deleteOnSuccess?: boolean;
}

/** A kind of job: its queue name, how it runs, and (as a type only) the data it carries. */
export interface JobType<Data extends object> {
  readonly name: string;
  readonly options: JobOptions;
  /** Never set: carries `Data` so that `enqueue` and `work` agree on it. */
  readonly data?: Data;
}

/** Declares a kind of job; its name is its queue's (letters, digits, `.`, `-`, `_`). */
export function defineJob<Data extends object>(name: string, options: JobOptions): JobType<Data> {
  if (!/^[\w.-]+$/.test(name)) throw new Error(`job name ${name}: letters, digits, '.', '-' and '_' only`);
  return { name, options };
}

/** What a handler learns of the run besides the data. */
export interface JobRun {
  id: string;
  /** Retries before this run (0 on the first). */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<Data extends object> = (data: Data, run: JobRun) => Promise<void>;

export interface EnqueueOptions {
  /** The transaction that causes the job: it exists only if that commits (same database). */
  tx?: Executor;
  /** Not run before this time. */
  startAt?: Date;
}

export interface QueueSettings {
  /** How often an idle worker asks for work, in seconds (pg-boss's floor is 0.5). */
  pollingSeconds: number;
  /** How often expired runs are taken back (and old jobs archived), once per cluster; seconds. */
  maintenanceSeconds: number;
  /** On stop, how long runs under way may take to finish before they are handed back for a retry. */
  stopTimeoutMs: number;
}

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = {
  pollingSeconds: 2,
  maintenanceSeconds: 30,
  stopTimeoutMs: 10_000,
};

/** A recurring job: one pending run per cluster under its key, the next one enqueued by each run. */
interface Recurring {
  job: JobType<object>;
  data: object;
  everyMs: number;
}

interface Worker {
  job: JobType<object>;
  handler: JobHandler<object>;
}

type FetchedJob = PgBoss.JobWithMetadata<object>;

/** `$1`-style SQL with its values, as a Drizzle query (the driver of a transaction then runs it). */
function drizzleQuery(text: string, values: readonly unknown[]): SQL {
  const chunks = text
    .split(/(\$\d+)/)
    .map((part) => (/^\$\d+$/.test(part) ? sql.param(values[Number(part.slice(1)) - 1]) : sql.raw(part)));
  return sql.join(chunks);
}

/** pg-boss's database adapter over a Drizzle executor: a transaction's own connection. */
function executorAdapter(executor: Executor): PgBoss.Db {
  return {
    executeSql: async (text, values = []) => {
      const result = (await executor.execute(drizzleQuery(text, values))) as unknown as RawResult;
      return { rows: result.rows };
    },
  };
}

const RECURRING_KEY = 'recurring';

/**
 * One queue per app instance over pg-boss. Kinds of jobs are declared with `defineJob` beside the
 * code they run; a plugin registers each one's handler with `work` (and `every` for a recurring
 * one) before the app is ready; `start` creates pg-boss's tables when missing and the queues, then
 * starts one polling loop per handler; `stop` ends them.
 *
 * The polling loop is ours (pg-boss's `fetch`, `complete`, `fail`), not pg-boss's `work`: its
 * worker records a run's outcome without awaiting it, so a database outage at that moment would be
 * an unhandled rejection, which ends the process. pg-boss's cron is not used for the same reason
 * (its timekeeper runs on that worker); recurring jobs are delayed jobs under a singleton key.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly workers = new Map<string, Worker>();
  private readonly recurring: Recurring[] = [];
  private readonly loops: Promise<void>[] = [];
  private readonly wakers = new Set<() => void>();
  /** Runs under way on this instance, by job id. */
  private readonly running = new Map<string, { name: string; done: Promise<void> }>();
  private stopping: AbortController | undefined;
  private state: 'new' | 'starting' | 'started' | 'stopped' = 'new';
  private inflight = 0;

  constructor(
    private readonly db: Db,
    private readonly raw: RawQuery,
    private readonly log: FastifyBaseLogger,
    private readonly settings: QueueSettings = DEFAULT_QUEUE_SETTINGS,
    /** Runs the set-up (tables, queues, the first recurring runs) one instance at a time. */
    private readonly exclusive: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
  ) {
    this.boss = new PgBoss({
      db: {
        executeSql: async (text, values) => {
          // Counted, so `stop` waits for what pg-boss has under way before the database closes.
          this.inflight++;
          try {
            return await this.raw(text, values);
          } finally {
            this.inflight--;
          }
        },
      },
      schema: JOB_SCHEMA,
      migrate: true,
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: settings.maintenanceSeconds,
      // A finished job is kept a day for whoever looks into it, then archived for a week.
      archiveCompletedAfterSeconds: 24 * 3600,
      archiveFailedAfterSeconds: 7 * 24 * 3600,
      deleteAfterDays: 7,
    });
    // Maintenance failures (the database away for a while) are reported here, never thrown.
    this.boss.on('error', (error) => this.log.warn({ err: error }, 'job queue maintenance failed'));
  }

  /** Registers the handler of a kind of job (before `start`): one polling loop per kind and instance. */
  work<Data extends object>(job: JobType<Data>, handler: JobHandler<Data>): void {
    if (this.state !== 'new') throw new Error(`job ${job.name}: register handlers before the queue starts`);
    if (this.workers.has(job.name)) throw new Error(`job ${job.name} has a handler already`);
    this.workers.set(job.name, { job, handler: handler as JobHandler<object> });
  }

  /**
   * Runs a registered job every `everyMs`, once per cluster: one pending run exists under the key
   * `recurring` (the first at start when none is pending), and each run enqueues the next before it
   * does its work, so a run retried after its instance died does not enqueue a second one.
   */
  every<Data extends object>(job: JobType<Data>, everyMs: number, data: Data): void {
    if (!this.workers.has(job.name)) throw new Error(`job ${job.name}: register its handler first`);
    this.recurring.push({ job: job as JobType<object>, data, everyMs });
  }

  get started(): boolean {
    return this.state === 'started';
  }

  async start(): Promise<void> {
    if (this.state !== 'new') return;
    this.state = 'starting';
    this.stopping = new AbortController();
    await this.exclusive(() => this.setUp());
    for (const worker of this.workers.values())
      for (let slot = 0; slot < (worker.job.options.concurrency ?? 1); slot++)
        this.loops.push(this.poll(worker));
    this.state = 'started';
  }

  /** pg-boss's tables, this build's queues with their settings, and the first recurring runs. */
  private async setUp(): Promise<void> {
    await this.boss.start();
    for (const { job } of this.workers.values()) {
      const { retryLimit, retryDelaySeconds, retryBackoff, expireInSeconds } = job.options;
      // createQueue keeps an existing queue; updateQueue then brings its settings to this build's.
      const settings = {
        name: job.name,
        retryLimit,
        retryDelay: retryDelaySeconds,
        retryBackoff,
        expireInSeconds,
      };
      await this.boss.createQueue(job.name, settings);
      await this.boss.updateQueue(job.name, settings);
    }
    for (const { job, data } of this.recurring) await this.ensurePending(job, data);
  }

  /**
   * Stops polling, lets runs under way finish for `stopTimeoutMs`, hands the rest back (failed, so
   * they are retried at once by another instance) and waits for pg-boss's own queries to end.
   */
  async stop(): Promise<void> {
    if (this.state === 'new' || this.state === 'stopped') {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopped';
    this.stopping?.abort();
    for (const wake of [...this.wakers]) wake();
    await within(Promise.allSettled(this.loops), this.settings.stopTimeoutMs);
    // Every step is bounded: a database that stops answering while we stop must not hold the
    // process (a SIGTERM that never exits) or a test's teardown.
    for (const [id, { name }] of this.running) {
      this.log.warn({ job: name, jobId: id }, 'job handed back at shutdown; another instance retries it');
      await within(
        this.record(() => this.boss.fail(name, id, { message: 'the instance stopped during the run' })),
        this.settings.stopTimeoutMs,
      );
    }
    if (
      !(await within(
        this.boss.stop({ graceful: false, wait: true }).catch(() => undefined),
        this.settings.stopTimeoutMs,
      ))
    )
      this.log.warn('the job queue did not stop in time; the database closes under it');
    for (let waited = 0; this.inflight > 0 && waited < this.settings.stopTimeoutMs; waited += 25)
      await delay(25);
  }

  /** Enqueues a job; answers its id. */
  async enqueue<Data extends object>(
    job: JobType<Data>,
    data: Data,
    { tx, startAt }: EnqueueOptions = {},
  ): Promise<string> {
    const id = await this.boss.send(job.name, data, {
      ...(tx ? { db: executorAdapter(tx) } : {}),
      ...(startAt ? { startAfter: startAt } : {}),
    });
    if (!id) throw new Error(`job ${job.name} was not enqueued`);
    if (!tx && !startAt) this.wake(job.name);
    return id;
  }

  /**
   * Enqueues the one pending run of a job under `key`, due at `at`: a run already pending under that
   * key is replaced (its time moved, its data replaced), so a publish date changed three times leaves
   * one job. Concurrent calls for one key take turns (an advisory lock of the transaction); the last
   * one wins. A run under way is left alone.
   */
  async schedule<Data extends object>(
    job: JobType<Data>,
    key: string,
    at: Date,
    data: Data,
    { tx }: Pick<EnqueueOptions, 'tx'> = {},
  ): Promise<string> {
    const run = async (executor: Executor): Promise<string> => {
      await this.lockKey(executor, job, key);
      await this.deletePending(executor, job, key);
      const id = await this.boss.send(job.name, data, {
        db: executorAdapter(executor),
        singletonKey: key,
        startAfter: at,
      });
      if (!id) throw new Error(`job ${job.name} (${key}) was not scheduled`);
      return id;
    };
    return tx ? run(tx) : this.db.transaction(run);
  }

  /** Removes the pending run of a job under `key` (a scheduled event called off); true when there was one. */
  async unschedule<Data extends object>(
    job: JobType<Data>,
    key: string,
    { tx }: Pick<EnqueueOptions, 'tx'> = {},
  ): Promise<boolean> {
    const run = async (executor: Executor) => {
      await this.lockKey(executor, job, key);
      return (await this.deletePending(executor, job, key)) > 0;
    };
    return tx ? run(tx) : this.db.transaction(run);
  }

  /** The pending run of a job under `key`: when it is due, or null when none is pending. */
  async scheduledAt<Data extends object>(job: JobType<Data>, key: string): Promise<Date | null> {
    const { rows } = await this.raw(
      `SELECT start_after FROM ${JOB_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state < 'active' ORDER BY start_after LIMIT 1`,
      [job.name, key],
    );
    const value = rows[0]?.start_after;
    return value ? new Date(value as string | Date) : null;
  }

  /**
   * Makes the runs of a job waiting for their retry due now (SMTP is back: send the queued mails
   * without waiting out their backoff); answers how many.
   */
  async retryNow<Data extends object>(job: JobType<Data>): Promise<number> {
    const { rows } = await this.raw(
      `UPDATE ${JOB_SCHEMA}.job SET start_after = now() WHERE name = $1 AND state = 'retry' RETURNING id`,
      [job.name],
    );
    this.wake(job.name);
    return rows.length;
  }

  /**
   * Waits until no job of this queue's kinds is due or running (tests, and the e2e server's mails):
   * the local workers are woken so they need not wait for their next poll. A job due later, or
   * waiting for its retry, does not count.
   */
  async settle(timeoutMs = 60_000): Promise<void> {
    const names = [...this.workers.keys()];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await this.raw(
        `SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.job WHERE name = ANY($1::text[]) AND (state = 'active' OR (state < 'active' AND start_after <= now()))`,
        [names],
      );
      if (Number(rows[0]?.n ?? 0) === 0 && this.running.size === 0) return;
      if (Date.now() > deadline) throw new Error(`jobs still due or running after ${timeoutMs} ms`);
      for (const name of names) this.wake(name);
      await delay(20);
    }
  }

  private wake(name: string): void {
    for (const wake of this.wakers) if ((wake as { jobName?: string }).jobName === name) wake();
  }

  private async lockKey(executor: Executor, job: JobType<object>, key: string): Promise<void> {
    await executor.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${job.name}\n${key}`}, 0))`);
  }

  private async deletePending(executor: Executor, job: JobType<object>, key: string): Promise<number> {
    const result = (await executor.execute(
      sql`delete from ${sql.raw(JOB_SCHEMA)}.job where name = ${job.name} and singleton_key = ${key} and state < 'active' returning id`,
    )) as unknown as RawResult;
    return result.rows.length;
  }

  /** Enqueues the recurring job's first run unless one is pending or running (any instance's). */
  private async ensurePending(job: JobType<object>, data: object): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.lockKey(tx, job, RECURRING_KEY);
      const result = (await tx.execute(
        sql`select 1 from ${sql.raw(JOB_SCHEMA)}.job where name = ${job.name} and singleton_key = ${RECURRING_KEY} and state <= 'active' limit 1`,
      )) as unknown as RawResult;
      if (result.rows.length === 0)
        await this.boss.send(job.name, data, { db: executorAdapter(tx), singletonKey: RECURRING_KEY });
    });
  }

  /** One polling loop: fetch a job, run it, record its outcome; sleep only when there was none. */
  private async poll(worker: Worker): Promise<void> {
    const signal = this.stopping?.signal;
    while (!signal?.aborted) {
      let job: FetchedJob | undefined;
      try {
        [job] = await this.boss.fetch<object>(worker.job.name, { includeMetadata: true, batchSize: 1 });
      } catch (error) {
        this.log.warn({ err: error, job: worker.job.name }, 'job fetch failed');
      }
      if (job) {
        const done = this.runOne(worker, job);
        this.running.set(job.id, { name: worker.job.name, done });
        await done;
        this.running.delete(job.id);
        continue;
      }
      await this.idle(worker.job.name, signal);
    }
  }

  /** Sleeps one polling interval, or until woken (a job enqueued here, `settle`, `stop`). */
  private idle(name: string, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = Object.assign(
        () => {
          clearTimeout(timer);
          this.wakers.delete(wake);
          resolve();
        },
        { jobName: name },
      );
      const timer = setTimeout(wake, this.settings.pollingSeconds * 1000).unref();
      if (signal?.aborted) wake();
      else this.wakers.add(wake);
    });
  }

  private async runOne(worker: Worker, job: FetchedJob): Promise<void> {
    const { name, options } = worker.job;
    const run: JobRun = { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit };
    const recurring = this.recurring.find((entry) => entry.job.name === name);
    try {
      if (recurring && job.singletonKey === RECURRING_KEY)
        await this.schedule(recurring.job, RECURRING_KEY, new Date(Date.now() + recurring.everyMs), job.data);
      await withTimeout(worker.handler(job.data, run), job.expireInSeconds * 1000, name);
    } catch (error) {
      const last = job.retryCount >= job.retryLimit;
      this.log[last ? 'error' : 'warn'](
        { err: error, job: name, jobId: job.id, retry: job.retryCount, retryLimit: job.retryLimit },
        last ? 'job failed for good' : 'job failed; retried later',
      );
      await this.record(() =>
        this.boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) }),
      );
      return;
    }
    await this.record(() =>
      options.deleteOnSuccess ? this.boss.deleteJob(name, job.id) : this.boss.complete(name, job.id),
    );
  }

  /**
   * Records a run's outcome. If the database is away, the job stays active until its run expires
   * and is then retried: the run may happen twice, never not at all.
   */
  private async record(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.log.warn({ err: error }, 'job outcome not recorded; the job is retried once its run expires');
    }
  }
}

/** Resolves after `ms` (an unref'd timer: it never keeps the process alive). */
const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Waits for `promise`, but at most `ms`; true when it settled in time. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The handler's promise, or a rejection once `ms` have passed (the handler itself runs on). */
async function withTimeout(promise: Promise<void>, ms: number, name: string): Promise<void> {
  if (!(await within(promise, ms))) throw new Error(`job ${name} ran longer than ${ms} ms`);
}
