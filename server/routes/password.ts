import type { FastifyInstance } from 'fastify';
import { forgotPasswordSchema, resetPasswordSchema } from '../../src/shared/contracts/account';
import { LABELS, en, validation } from '../../src/shared/messages';
import { API_PATHS, ROUTES } from '../../src/shared/routes';
import type { Config } from '../config';
import { randomToken, sha256 } from '../lib/crypto';
import { fieldError, HttpError } from '../lib/httpError';
import { hashPassword } from '../lib/passwords';
import { parseBody } from '../lib/validation';
import { createPasswordReset, findValidReset, markResetUsed } from '../repositories/passwordResets';
import { revokeUserTokens } from '../repositories/tokens';
import { findActiveUserIdByEmail, updatePasswordHash } from '../repositories/users';
import { messageSchema, validationErrorSchema } from './schemas';

export const resetLink = (publicUrl: string, token: string, email: string): string =>
  `${publicUrl}${ROUTES.resetPassword}?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;

const expired = () => new HttpError(410, en.tokenExpiredTitle);

/** Forgotten password: request a link by mail, check the link's token, set a new password. */
export async function passwordRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const { forgotPerIp } = config.rateLimit;

  app.post(
    API_PATHS.passwordForgot,
    {
      config: { rateLimit: { max: forgotPerIp.max, timeWindow: forgotPerIp.windowMs } },
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
      if (userId !== null) {
        const token = randomToken(32);
        const normalized = email.toLowerCase();
        await createPasswordReset(app.db, {
          userId,
          email: normalized,
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + config.passwordResetTtl * 1000),
        });
        const link = resetLink(config.publicUrl, token, normalized);
        const minutes = Math.round(config.passwordResetTtl / 60);
        try {
          await app.mailer.send({
            to: normalized,
            subject: `${config.appName}: ${en.resetPasswordTitle}`,
            text: `Open this link to choose a new password (valid for ${minutes} minutes):\n\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
          });
        } catch (error) {
          // The answer must not reveal whether the address exists, so a mail failure is only logged.
          request.log.error({ err: error }, 'password reset mail failed');
        }
      }
      return { message: en.forgotPasswordSuccess };
    },
  );

  app.get<{ Params: { token: string } }>(
    `${API_PATHS.passwordReset}/:token`,
    {
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

  app.post(
    API_PATHS.passwordReset,
    {
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
      });
      return { message: en.passwordCreated };
    },
  );
}
