import type { FastifyInstance } from 'fastify';
import {
  changePasswordSchema,
  preferencesSchema,
  profileSchema,
  THEME_PREFERENCES,
} from '../../src/shared/contracts/account';
import { LABELS, en, validation } from '../../src/shared/messages';
import { PERMISSIONS } from '../../src/shared/permissions';
import { API_PATHS } from '../../src/shared/routes';
import { fieldError, HttpError } from '../lib/httpError';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { parseBody } from '../lib/validation';
import { currentUser } from '../plugins/auth';
import { checkFile } from '../repositories/files';
import { revokeFamily, revokeUserTokens } from '../repositories/tokens';
import {
  emailTaken,
  findAccountById,
  findPasswordHashById,
  updatePasswordHash,
  updatePreferences,
  updateProfile,
} from '../repositories/users';
import { authErrors, bearer, messageSchema, userSchema, validationErrorSchema } from './schemas';

const preferencesSchemaJson = {
  type: 'object',
  properties: { theme: { type: 'string', enum: [...THEME_PREFERENCES] } },
} as const;

/** The signed-in user as their own account answers it: the user and their preferences. */
const accountSchema = {
  ...userSchema,
  properties: { ...userSchema.properties, preferences: preferencesSchemaJson },
} as const;

const userResponse = { type: 'object', properties: { data: accountSchema } } as const;
const userWithMessage = {
  type: 'object',
  properties: { data: accountSchema, message: { type: 'string' } },
} as const;

/** The signed-in user's own account: every signed-in user may use it ('any'). */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = app.requirePermission(PERMISSIONS.any);

  const loadUser = async (id: number) => {
    const user = await findAccountById(app.db, id);
    if (!user) throw new HttpError(401, en.unauthenticated);
    return user;
  };

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
    async (request) => ({ data: await loadUser(currentUser(request).id) }),
  );

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
          },
        },
        response: { 200: userWithMessage, 422: validationErrorSchema, ...authErrors },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      const input = await parseBody(profileSchema, request.body);
      if (await emailTaken(app.db, input.email, id)) throw fieldError('email', en.emailTaken);
      await checkFile(app.db, 'photo', LABELS.photo, input.photo, 'image');
      await updateProfile(app.db, id, input);
      return { data: await loadUser(id), message: en.profileUpdated };
    },
  );

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
      const input = await parseBody(changePasswordSchema, request.body);
      const valid = await verifyPassword(await findPasswordHashById(app.db, user.id), input.current_password);
      if (!valid) throw fieldError('current_password', validation.invalid(LABELS.currentPassword));
      const passwordHash = await hashPassword(input.password);
      await app.db.transaction(async (tx) => {
        await updatePasswordHash(tx, user.id, passwordHash);
        await revokeUserTokens(tx, user.id, new Date(), user.familyId);
      });
      return { message: en.passwordChanged };
    },
  );

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
      await revokeFamily(app.db, currentUser(request).familyId, new Date());
      return { message: en.loggedOut };
    },
  );
}
