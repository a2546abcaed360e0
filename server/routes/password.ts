import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forgotPasswordSchema, resetPasswordSchema } from '../../src/shared/contracts/account';
import { LABELS, en, validation } from '../../src/shared/messages';
import { API_PATHS, ROUTES } from '../../src/shared/routes';
import type { Config } from '../config';
import { randomToken, sha256 } from '../lib/crypto';
import { fieldError, HttpError } from '../lib/httpError';
import { hashPassword } from '../lib/passwords';
import { parseBody } from '../lib/validation';
import type { Limiter } from '../plugins/rateLimit';
import {
  createPasswordReset,
  findValidReset,
  invalidateResets,
  markResetUsed,
  resetsSince,
} from '../repositories/passwordResets';
import { revokeUserTokens } from '../repositories/tokens';
import { findActiveUserIdByEmail, updatePasswordHash } from '../repositories/users';
import { actorById, recordAudit } from '../security/audit';
import { securityEvent } from '../security/events';
import { messageSchema, validationErrorSchema } from './schemas';

export const resetLink = (publicUrl: string, token: string, email: string): string =>
  `${publicUrl}${ROUTES.resetPassword}?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;

const expired = () => new HttpError(410, en.tokenExpiredTitle);

/**
 * Sends a reset link unless the account had its share of mails this hour (the answer is the same
 * either way). A newer link ends the older ones.
 */
async function sendResetLink(
  app: FastifyInstance,
  config: Config,
  request: FastifyRequest,
  userId: number,
  email: string,
): Promise<void> {
  const { max, windowMs } = config.rateLimit.resetMailsPerAccount;
  const now = new Date();
  if ((await resetsSince(app.db, userId, new Date(now.getTime() - windowMs))) >= max) {
    securityEvent(request.log, 'password.reset-capped', { userId, ip: request.ip });
    return;
  }
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + config.passwordResetTtl * 1000);
  const link = resetLink(config.publicUrl, token, email);
  const minutes = Math.round(config.passwordResetTtl / 60);
  try {
    // The link and its mail in one transaction: a link nobody is sent never exists, and a queued
    // mail is sent (retried while SMTP is down) until its link expires.
    await app.db.transaction(async (tx) => {
      await invalidateResets(tx, userId, now);
      await createPasswordReset(tx, { userId, email, tokenHash: sha256(token), expiresAt });
      await recordAudit(tx, {
        kind: 'password.reset-requested',
        actor: await actorById(tx, userId),
        resource: 'users',
        recordId: userId,
        summary: `A password reset link was sent to ${email}`,
      });
      await app.sendMail(
        {
          to: email,
          subject: `${config.appName}: ${en.resetPasswordTitle}`,
          text: `Open this link to choose a new password (valid for ${minutes} minutes):\n\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
        },
        { tx, notAfter: expiresAt },
      );
    });
  } catch (error) {
    // The answer must not reveal whether the address exists, so a failure is only logged.
    request.log.error({ err: error }, 'password reset link not created');
  }
}

function forgotRoute(app: FastifyInstance, config: Config, forgotPerIp: Limiter): void {
  app.post(
    API_PATHS.passwordForgot,
    {
      onRequest: async (request) => forgotPerIp.hit(request),
      schema: {
        tags: ['password'],
        summary: 'Send a password reset link',
        description: 'Always answers 200, whether or not the address belongs to an account.',
        body: { type: 'object', properties: { email: { type: 'string' } } },
        response: { 200: messageSchema, 422: validationErrorSchema, 429: messageSchema },
      },
    },
    async (request) => {
      const { email } = await parseBody(forgotPasswordSchema, request.body);
      const userId = await findActiveUserIdByEmail(app.db, email);
      if (userId !== null) await sendResetLink(app, config, request, userId, email.toLowerCase());
      return { message: en.forgotPasswordSuccess };
    },
  );
}

function checkTokenRoute(app: FastifyInstance, resetPerIp: Limiter): void {
  app.get<{ Params: { token: string } }>(
    `${API_PATHS.passwordReset}/:token`,
    {
      onRequest: async (request) => resetPerIp.hit(request),
      schema: {
        tags: ['password'],
        summary: 'Check a reset token',
        params: { type: 'object', properties: { token: { type: 'string' } } },
        response: {
          200: {
            type: 'object',
            properties: { data: { type: 'object', properties: { email: { type: 'string' } } } },
          },
          410: messageSchema,
        },
      },
    },
    async (request) => {
      const reset = await findValidReset(app.db, sha256(request.params.token), new Date());
      if (!reset) throw expired();
      return { data: { email: reset.email } };
    },
  );
}

function resetRoute(app: FastifyInstance, resetPerIp: Limiter, resetPerAccount: Limiter): void {
  app.post(
    API_PATHS.passwordReset,
    {
      onRequest: async (request) => resetPerIp.hit(request),
      schema: {
        tags: ['password'],
        summary: 'Set a new password with a reset token',
        description: "Single use. The e-mail must be the token's; all the user's tokens are revoked.",
        body: {
          type: 'object',
          properties: {
            token: { type: 'string' },
            email: { type: 'string' },
            password: { type: 'string' },
            password_confirmation: { type: 'string' },
          },
        },
        response: { 200: messageSchema, 410: messageSchema, 422: validationErrorSchema },
      },
    },
    async (request) => {
      const input = await parseBody(resetPasswordSchema, request.body);
      await resetPerAccount.hit(request, input.email.toLowerCase());
      const now = new Date();
      const reset = await findValidReset(app.db, sha256(input.token), now);
      if (!reset) throw expired();
      if (reset.email !== input.email.toLowerCase())
        throw fieldError('email', validation.email(LABELS.email));
      const passwordHash = await hashPassword(input.password);
      await app.db.transaction(async (tx) => {
        if (!(await markResetUsed(tx, reset.id, now))) throw expired();
        await updatePasswordHash(tx, reset.userId, passwordHash);
        await revokeUserTokens(tx, reset.userId, now);
        await invalidateResets(tx, reset.userId, now);
        await recordAudit(tx, {
          kind: 'password.reset',
          actor: await actorById(tx, reset.userId),
          resource: 'users',
          recordId: reset.userId,
          summary: `${reset.email} set a new password with a reset link`,
        });
      });
      securityEvent(request.log, 'password.reset', { userId: reset.userId, ip: request.ip });
      return { message: en.passwordCreated };
    },
  );
}

/** Forgotten password: request a link by mail, check the link's token, set a new password. */
export async function passwordRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const limits = config.rateLimit;
  const forgotPerIp = app.limiter('forgot-ip', limits.forgotPerIp);
  const resetPerIp = app.limiter('reset-ip', limits.resetPerIp);
  const resetPerAccount = app.limiter('reset-account', limits.resetPerAccount);
  forgotRoute(app, config, forgotPerIp);
  checkTokenRoute(app, resetPerIp);
  resetRoute(app, resetPerIp, resetPerAccount);
}
