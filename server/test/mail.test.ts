import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../src/shared/routes';
import { buildApp } from '../app';
import { mailJob } from '../plugins/mail';
import { freePort } from './network';
import { startSmtp } from './smtp';
import { buildTestApp, createNativePglite, testConfig, throwawayDatabase, TEST_ADMIN } from './helper';

interface MailRow {
  state: string;
  retry_count: number;
  /** Seconds until the next try. */
  wait: number;
}

/** The queued mails, oldest first. */
async function mailJobs(app: FastifyInstance): Promise<MailRow[]> {
  const result = (await app.db.execute(
    sql`select state::text as state, retry_count, extract(epoch from start_after - now())::float8 as wait
        from pgboss.job where name = ${mailJob.name} order by created_on`,
  )) as unknown as { rows: MailRow[] };
  return result.rows.map((row) => ({ ...row, retry_count: Number(row.retry_count), wait: Number(row.wait) }));
}

/** Polls until `check` answers a value (the queue works in the background); fails after a minute. */
async function until<T>(check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in a minute');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The mail job after its latest failed try: waiting for its retry after `retries` earlier tries. */
const failedTry = (app: FastifyInstance, retries: number) =>
  until(async () => {
    const [job] = await mailJobs(app);
    return job?.state === 'retry' && job.retry_count === retries ? job : undefined;
  });

const forgot = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: API_PATHS.passwordForgot, payload: { email: TEST_ADMIN.email } });

const fastPolling = { jobs: { pollingSeconds: 0.5, maintenanceSeconds: 30, stopTimeoutMs: 5_000 } };

describe('mail over SMTP', () => {
  it('sends the reset link through the SMTP server given by SMTP_URL', async () => {
    const smtp = await startSmtp();
    const t = await buildTestApp({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      mailFrom: '"Acme" <no-reply@acme.test>',
    });
    try {
      expect((await forgot(t.app)).statusCode).toBe(200);
      await t.app.jobs.settle();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain(`To: ${TEST_ADMIN.email}`);
      expect(smtp.received[0]).toContain('From: Acme <no-reply@acme.test>');
      expect(smtp.received[0].replace(/=\r\n/g, '')).toContain('/reset-password?token=3D');
      // A sent mail leaves the database with its job: the link is nowhere but in the mailbox.
      expect(await mailJobs(t.app)).toEqual([]);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('keeps a mail while SMTP is down, retries it with a growing backoff, and sends it once SMTP is up', async () => {
    const port = await freePort();
    const t = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, ...fastPolling });
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      // The answer does not wait for SMTP: the mail is queued with the link.
      expect((await forgot(t.app)).statusCode).toBe(200);

      // First try refused: the retry waits 15–30 s (15 s, doubled with jitter).
      const first = await failedTry(t.app, 0);
      expect(first.wait).toBeGreaterThan(13);
      expect(first.wait).toBeLessThanOrEqual(30);
      expect(await t.app.jobs.retryNow(mailJob)).toBe(1);

      // Second try refused: the backoff doubles, 30–60 s.
      const second = await failedTry(t.app, 1);
      expect(second.wait).toBeGreaterThan(28);
      expect(second.wait).toBeLessThanOrEqual(60);

      smtp = await startSmtp(port);
      expect(await t.app.jobs.retryNow(mailJob)).toBe(1);
      await t.app.jobs.settle();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain(`To: ${TEST_ADMIN.email}`);
      expect(smtp.received[0].replace(/=\r\n/g, '')).toContain('/reset-password?token=3D');
      expect(await mailJobs(t.app)).toEqual([]);
    } finally {
      await t.close();
      await smtp?.close();
    }
  });

  it('keeps a mail queued while SMTP is down across a restart; the next instance sends it', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-mail-'));
    const database = process.env.TEST_DB_DRIVER === 'postgres' ? await throwawayDatabase() : undefined;
    const config = testConfig({
      dataDir,
      inMemoryDb: false,
      databaseUrl: database?.url,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      ...fastPolling,
    });
    const deps = { createPglite: createNativePglite };
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      const first = await buildApp(config, deps);
      try {
        expect((await forgot(first)).statusCode).toBe(200);
        await failedTry(first, 0);
      } finally {
        await first.close();
      }

      smtp = await startSmtp(port);
      const second = await buildApp(config, deps);
      try {
        expect(await second.jobs.retryNow(mailJob)).toBe(1);
        await second.jobs.settle();
        expect(smtp.received).toHaveLength(1);
        expect(smtp.received[0]).toContain(`To: ${TEST_ADMIN.email}`);
      } finally {
        await second.close();
      }
    } finally {
      await smtp?.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('drops a reset mail unsent once its link has expired (SMTP down all along)', async () => {
    const port = await freePort();
    const t = await buildTestApp({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      passwordResetTtl: 2,
      ...fastPolling,
    });
    const smtp = await startSmtp();
    try {
      expect((await forgot(t.app)).statusCode).toBe(200);
      await failedTry(t.app, 0);
      // Past the link's life, the retry finds nothing worth sending: done, nothing sent.
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      await t.app.jobs.retryNow(mailJob);
      await t.app.jobs.settle();
      expect(await mailJobs(t.app)).toEqual([]);
      expect(smtp.received).toEqual([]);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
