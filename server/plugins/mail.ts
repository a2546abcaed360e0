import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { defineJob } from '../jobs/queue';

export interface MailMessage {
  to: string;
  /** The recipient's name, shown beside `to` (encoded by the transport, never pasted into a header). */
  toName?: string;
  /** Where the recipient's answer goes (a reply to a customer: the company's inbox address). */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
}

/** The transport: SMTP, the log (no SMTP_URL) or a test's. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailOptions {
  /** The transaction that causes the mail: it is queued only if that commits. */
  tx?: Executor;
  /**
   * When the mail stops being worth sending (a reset link's expiry): a mail still unsent then, SMTP
   * having been down all along, is dropped rather than delivering a dead link.
   */
  notAfter?: Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The transport the mail job sends through. */
    mailer: Mailer;
    /** Queues a mail (a job: sent by whichever instance is free, retried while SMTP is down). */
    sendMail(message: MailMessage, options?: MailOptions): Promise<void>;
  }
}

interface MailJob extends MailMessage {
  /** ISO time after which the mail is dropped unsent. */
  notAfter?: string;
}

/**
 * One mail. Retried with exponential backoff (15 s, then doubling with jitter) 12 times, which spans
 * about a day of SMTP being down; then it is kept as a failed job (`pgboss.job`, state `failed`) for
 * a week and said so in the log. A sent mail's job is deleted at once, so the text (a reset link)
 * does not stay in the database. A run that lasts longer than two minutes (the instance died, the
 * server hung) is retried.
 */
export const mailJob = defineJob<MailJob>('mail', {
  retryLimit: 12,
  retryDelaySeconds: 15,
  retryBackoff: true,
  expireInSeconds: 120,
  concurrency: 2,
  deleteOnSuccess: true,
});

/** Every step of an SMTP exchange is bounded, well inside the job's two minutes. */
const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
  dnsTimeout: 10_000,
};

export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send({ to, toName, ...message }) {
      await transport.sendMail({ from, ...message, to: toName ? { name: toName, address: to } : to });
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP the message goes to the log so the reset flow works on a fresh machine. This is the
 * one place a reset token reaches the logs, and only in this development mode.
 */
export function createLogMailer(log: FastifyBaseLogger, from: string): Mailer {
  return {
    async send(message) {
      log.info({ mail: { from, ...message } }, 'mail not sent (no SMTP_URL): logged instead');
    },
  };
}

export interface MailPluginOptions {
  config: Config;
  mailer?: Mailer;
}

/**
 * Mail goes out through the job queue: `app.sendMail` queues it (in the caller's transaction when
 * given), the `mail` job sends it through the transport, retrying while SMTP is down.
 */
export const mailPlugin = fp<MailPluginOptions>(
  async (app, { config, mailer }) => {
    if (mailer) {
      app.decorate('mailer', mailer);
    } else if (config.smtpUrl) {
      const smtp = createSmtpMailer(config.smtpUrl, config.mailFrom);
      app.decorate('mailer', smtp);
      app.addHook('onClose', async () => smtp.close());
    } else {
      app.decorate('mailer', createLogMailer(app.log, config.mailFrom));
    }

    app.decorate('sendMail', async (message: MailMessage, { tx, notAfter }: MailOptions = {}) => {
      const { to, subject, text, html } = message;
      const job: MailJob = { to, subject, text, ...(html ? { html } : {}) };
      if (notAfter) job.notAfter = notAfter.toISOString();
      await app.jobs.enqueue(mailJob, job, { tx });
    });

    app.jobs.work(mailJob, async ({ notAfter, ...message }, run) => {
      if (notAfter && Date.parse(notAfter) <= Date.now()) {
        app.log.warn({ to: message.to, tries: run.retryCount }, 'mail dropped unsent: it expired first');
        return;
      }
      await app.mailer.send(message);
    });
  },
  { name: 'mail', dependencies: ['jobs'] },
);
