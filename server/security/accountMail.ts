import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Tx } from '../db/client';
import type { AuditActor } from './audit';

/**
 * Tells a user by mail of a change to how their account signs in (a second factor turned on or
 * off, recovery codes, a passkey added or removed), in the transaction that made it.
 */
export const accountChangeMail =
  (app: FastifyInstance, config: Config) =>
  async (tx: Tx, user: AuditActor, what: string): Promise<void> => {
    await app.sendMail(
      {
        to: user.email,
        subject: `${config.appName}: ${what}`,
        text:
          `${what} on your ${config.appName} account (${user.email}).\n\n` +
          'If you did not do this, change your password and tell your administrator at once: someone else may hold your account.',
      },
      { tx },
    );
  };
