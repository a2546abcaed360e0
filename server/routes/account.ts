import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  changePasswordSchema,
  emailChanges,
  preferencesSchema,
  profileSchema,
  THEME_PREFERENCES,
  type ProfileContext,
} from '../../src/shared/contracts/account';
import type { PasswordContext } from '../../src/shared/passwordPolicy';
import { userWire } from '../../src/shared/resources/users';
import { dataAnswer, writeAnswer } from '../../src/shared/resources/wire';
import { LABELS, en, validation } from '../../src/shared/messages';
import { PERMISSIONS } from '../../src/shared/permissions';
import { API_PATHS } from '../../src/shared/routes';
import type { Config } from '../config';
import type { Tx } from '../db/client';
import { fieldError, HttpError } from '../lib/httpError';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { parseBody } from '../lib/validation';
import { currentUser } from '../plugins/auth';
import { checkFile } from '../repositories/files';
import { invalidateResets } from '../repositories/passwordResets';
import { revokeFamily, revokeUserTokens } from '../repositories/tokens';
import {
  emailTaken,
  findAccountById,
  findPasswordHashById,
  updatePasswordHash,
  updatePreferences,
  updateProfile,
} from '../repositories/users';
import { actorOf, recordAudit } from '../security/audit';
import { securityEvent } from '../security/events';
import { authErrors, bearer, messageSchema, validationErrorSchema } from './schemas';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

/** The signed-in user as their own account answers it: the user with their preferences (`userWire`). */
const userResponse = dataAnswer(userWire);
const userWithMessage = writeAnswer(userWire);

/** What the account's routes share: who may call them, the password check, the mails and the reads. */
function accountTools(app: FastifyInstance, config: Config) {
  const signedIn = app.requirePermission(PERMISSIONS.any);
  const passwordPerIp = app.limiter('password-ip', config.rateLimit.passwordPerIp);
  // Wrong current passwords per account: a stolen session cannot guess the password to lock the owner out.
  const passwordFailures = app.limiter(
    'password-failures',
    config.rateLimit.passwordFailuresPerAccount,
    (request) => String(request.user?.id),
  );

  /** 422 on current_password unless it is the user's password; counted and limited per account and address. */
  const confirmPassword = async (request: FastifyRequest, userId: number, password: string | undefined) => {
    await passwordPerIp.hit(request);
    await passwordFailures.check(request);
    if (await verifyPassword(await findPasswordHashById(app.db, userId), password ?? '')) return;
    await passwordFailures.count(request);
    securityEvent(request.log, 'password.failed', { userId, ip: request.ip });
    throw fieldError('current_password', validation.invalid(LABELS.currentPassword));
  };

  /** The old address learns that the account now signs in with another one (and whom to ask if it was not them). */
  const tellOldAddress = async (request: FastifyRequest, tx: Tx, oldEmail: string, newEmail: string) => {
    securityEvent(request.log, 'email.changed', { userId: currentUser(request).id, ip: request.ip });
    await app.sendMail(
      {
        to: oldEmail,
        subject: `${config.appName}: your sign-in e-mail address was changed`,
        text:
          `The sign-in e-mail address of your ${config.appName} account was changed from ${oldEmail} to ${newEmail}.\n\n` +
          'If you did not do this, tell your administrator at once: someone else may hold your account.',
      },
      { tx },
    );
  };

  const loadUser = async (id: number) => {
    const user = await findAccountById(app.db, id);
    if (!user) throw new HttpError(401, en.unauthenticated);
    return user;
  };

  return { signedIn, confirmPassword, tellOldAddress, loadUser };
}

type AccountTools = ReturnType<typeof accountTools>;

/** The signed-in user, with their preferences. */
function getAccount(app: FastifyInstance, { signedIn, loadUser }: AccountTools): void {
  app.get(
    API_PATHS.account,
    {
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: userResponse, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const data = await loadUser(user.id);
      return { data: user.mustEnrolSecondFactor ? { ...data, second_factor_due: true } : data };
    },
  );
}

/** The profile: name, address (the password confirms a new one), phone, photo. */
function putProfile(
  app: FastifyInstance,
  { signedIn, confirmPassword, tellOldAddress, loadUser }: AccountTools,
): void {
  app.put(
    API_PATHS.account,
    {
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        summary: 'Update the profile',
        security: bearer,
        body: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            email: { type: 'string' },
            phone_number: { type: ['string', 'null'] },
            photo: { type: ['integer', 'null'], description: 'A file id from POST /api/uploads, or null' },
            current_password: {
              type: 'string',
              description: 'Required when the e-mail changes; the old address is told of the change',
            },
          },
        },
        response: { 200: userWithMessage, 422: validationErrorSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = user;
      const context: ProfileContext = { currentEmail: user.email };
      const input = await parseBody(profileSchema, request.body, context);
      if (await emailTaken(app.db, input.email, id)) throw fieldError('email', SERVER_MESSAGES.emailTaken);
      await checkFile(app.db, 'photo', LABELS.photo, input.photo, 'image');
      const moving = emailChanges(input.email, user.email);
      if (moving) await confirmPassword(request, id, input.current_password);
      // The change and the notice to the old address in one transaction: one never goes without the other.
      await app.db.transaction(async (tx) => {
        await updateProfile(tx, id, input);
        if (moving) await tellOldAddress(request, tx, user.email, input.email.trim().toLowerCase());
      });
      return { data: await loadUser(id), message: en.profileUpdated };
    },
  );
}

/** The display preferences. */
function putPreferences(app: FastifyInstance, { signedIn, loadUser }: AccountTools): void {
  app.put(
    API_PATHS.accountPreferences,
    {
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        summary: 'Update the preferences',
        description:
          "The signed-in user's own display preferences (theme: light, dark or system), kept on the server so " +
          'they follow the user to another browser. The record’s `updated_at` does not change.',
        security: bearer,
        // The allowed values are checked by the shared schema, so a wrong one reads 'Theme is invalid'.
        body: {
          type: 'object',
          properties: { theme: { type: 'string', description: THEME_PREFERENCES.join(' | ') } },
        },
        response: { 200: userWithMessage, 422: validationErrorSchema, ...authErrors },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      const input = await parseBody(preferencesSchema, request.body);
      await updatePreferences(app.db, id, input);
      return { data: await loadUser(id), message: en.preferencesSaved };
    },
  );
}

/** A new password: every other sign-in of the user ends. */
function putPassword(app: FastifyInstance, { signedIn, confirmPassword }: AccountTools): void {
  app.put(
    API_PATHS.accountPassword,
    {
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        summary: 'Change the password',
        description: 'Every token of the user except those of the current sign-in is revoked.',
        security: bearer,
        body: {
          type: 'object',
          properties: {
            current_password: { type: 'string' },
            password: { type: 'string' },
            password_confirmation: { type: 'string' },
          },
        },
        response: { 200: messageSchema, 422: validationErrorSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const context: PasswordContext = { owner: { email: user.email, name: user.name } };
      const input = await parseBody(changePasswordSchema, request.body, context);
      await confirmPassword(request, user.id, input.current_password);
      const passwordHash = await hashPassword(input.password);
      const now = new Date();
      await app.db.transaction(async (tx) => {
        await updatePasswordHash(tx, user.id, passwordHash);
        await revokeUserTokens(tx, user.id, now, user.familyId);
        await invalidateResets(tx, user.id, now);
        await recordAudit(tx, {
          kind: 'password.changed',
          actor: actorOf(user),
          resource: 'users',
          recordId: user.id,
          summary: `${user.email} changed their password`,
        });
      });
      return { message: en.passwordChanged };
    },
  );
}

/** Sign-out: this sign-in's tokens are revoked. */
function postLogout(app: FastifyInstance, { signedIn }: AccountTools): void {
  app.post(
    API_PATHS.logout,
    {
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        summary: 'Sign out',
        description: 'Revokes the access token and the refresh token of this sign-in.',
        security: bearer,
        response: { 200: messageSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await app.db.transaction(async (tx) => {
        await revokeFamily(tx, user.familyId, new Date());
        await recordAudit(tx, {
          kind: 'sign-out',
          actor: actorOf(user),
          summary: `${user.email} signed out`,
        });
      });
      return { message: en.loggedOut };
    },
  );
}

/** The signed-in user's own account: every signed-in user may use it ('any'). */
export async function accountRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const tools = accountTools(app, config);
  getAccount(app, tools);
  putProfile(app, tools);
  putPreferences(app, tools);
  putPassword(app, tools);
  postLogout(app, tools);
}
