import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
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
  },
  { name: 'mail' },
);
