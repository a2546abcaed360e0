import { en, format, validation, LABELS } from '../../src/shared/messages';
import { API_PATHS } from '../../src/shared/routes';
import type { User } from '../../src/shared/contracts/account';
import {
  adminToken,
  authHeader,
  buildTestApp,
  login,
  TEST_ADMIN,
  tokenRequest,
  type TestApp,
} from './helper';
import { createRole, createTestUser, putUser, setUserStatus } from './fixtures';
import { uploaded } from './catalogFixtures';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

const GUARDED = '/api/test/guarded';

describe('account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        extend: (app) => {
          app.get(GUARDED, { preValidation: app.requirePermission('users.index') }, async () => ({
            ok: true,
          }));
        },
      },
    );
  });
  afterAll(() => t.close());

  const get = (token?: string) =>
    t.app.inject({ method: 'GET', url: API_PATHS.account, headers: token ? authHeader(token) : {} });

  describe('GET /api/account', () => {
    it('answers 401 Unauthenticated without a token', async () => {
      const response = await get();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: en.unauthenticated });
    });

    it('answers 401 for an unknown token', async () => {
      expect((await get('not-a-token')).statusCode).toBe(401);
    });

    it('returns the signed-in user with role and permissions and no secrets', async () => {
      const { access_token } = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
      const response = await get(access_token);
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toMatchObject({
        name: TEST_ADMIN.name,
        email: TEST_ADMIN.email,
        status: 1,
        role: { id: expect.any(Number), name: 'Super Admin' },
        photo: null,
        phone_number: null,
      });
      expect(data.permissions).toContain('users.index');
      expect(response.body).not.toMatch(/password|hash/i);
    });

    it('stops accepting a token once its user is deactivated', async () => {
      const user = await createTestUser(t.app, { roleId: await createRole(t.app, ['pages.index']) });
      const { access_token } = await login(t.app, user.email, user.password);
      expect((await get(access_token)).statusCode).toBe(200);
      const admin = await adminToken(t.app);
      const current = (
        await t.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: authHeader(admin) })
      ).json<{ data: User }>().data;
      expect((await putUser(t.app, admin, current, { status: 0 })).statusCode).toBe(200);
      expect((await get(access_token)).statusCode).toBe(401);
    });

    it('stops accepting a token deactivated in the database once the session cache is off', async () => {
      const uncached = await buildTestApp({ authCacheMs: 0 });
      try {
        const user = await createTestUser(uncached.app);
        const { access_token } = await login(uncached.app, user.email, user.password);
        const account = () =>
          uncached.app.inject({ method: 'GET', url: API_PATHS.account, headers: authHeader(access_token) });
        expect((await account()).statusCode).toBe(200);
        await setUserStatus(uncached.app, user.id, 0);
        expect((await account()).statusCode).toBe(401);
      } finally {
        await uncached.close();
      }
    });
  });

  describe('requirePermission', () => {
    it('answers 403 when the role lacks the permission', async () => {
      const roleId = await createRole(t.app, ['pages.index']);
      const user = await createTestUser(t.app, { roleId });
      const { access_token } = await login(t.app, user.email, user.password);
      const response = await t.app.inject({ method: 'GET', url: GUARDED, headers: authHeader(access_token) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: en.unauthorized });
    });

    it('lets a role holding the permission through', async () => {
      const roleId = await createRole(t.app, ['users.index']);
      const user = await createTestUser(t.app, { roleId });
      const { access_token } = await login(t.app, user.email, user.password);
      const response = await t.app.inject({ method: 'GET', url: GUARDED, headers: authHeader(access_token) });
      expect(response.statusCode).toBe(200);
    });

    it('answers 401 before 403 without a token', async () => {
      expect((await t.app.inject({ method: 'GET', url: GUARDED })).statusCode).toBe(401);
    });
  });

  describe('PUT /api/account', () => {
    it('needs a token', async () => {
      const response = await t.app.inject({ method: 'PUT', url: API_PATHS.account, payload: {} });
      expect(response.statusCode).toBe(401);
    });

    it('answers 401, not 422, without a token even when the body breaks the route schema', async () => {
      const response = await t.app.inject({ method: 'PUT', url: API_PATHS.account, payload: { photo: 'x' } });
      expect(response.statusCode).toBe(401);
    });

    it('returns 422 with field errors when the name is empty and the e-mail is malformed', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      const response = await t.app.inject({
        method: 'PUT',
        url: API_PATHS.account,
        headers: authHeader(access_token),
        payload: { name: '  ', email: 'not-an-email', phone_number: null, photo: null },
      });
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(body.errors.name).toEqual([validation.required(LABELS.name)]);
      expect(body.errors.email).toEqual([validation.email(LABELS.email)]);
      expect(body.message).toBe(validation.required(LABELS.name));
    });

    it('returns 422 on email when the address belongs to someone else', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      const response = await t.app.inject({
        method: 'PUT',
        url: API_PATHS.account,
        headers: authHeader(access_token),
        payload: {
          name: 'Someone',
          email: TEST_ADMIN.email.toUpperCase(),
          phone_number: null,
          photo: null,
          current_password: user.password,
        },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: SERVER_MESSAGES.emailTaken,
        errors: { email: [SERVER_MESSAGES.emailTaken] },
      });
    });

    it('returns 422 on photo for a file id that does not exist', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      const response = await t.app.inject({
        method: 'PUT',
        url: API_PATHS.account,
        headers: authHeader(access_token),
        payload: { name: 'Someone', email: user.email, phone_number: null, photo: 999999 },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.photo).toEqual([validation.invalid(LABELS.photo)]);
    });

    it('returns 422 on photo for a file uploaded as a document (a photo is an image)', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      // Uploaded by someone who may (documents need a products write key); the user only refers to it.
      const pdf = await uploaded(
        t,
        (await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).access_token,
        'document',
      );
      const response = await t.app.inject({
        method: 'PUT',
        url: API_PATHS.account,
        headers: authHeader(access_token),
        payload: { name: 'Someone', email: user.email, phone_number: null, photo: pdf.id },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.photo).toEqual([validation.invalid(LABELS.photo)]);
    });

    it('updates the profile and answers the new user with the success message', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      const email = `New.${user.email}`;
      const response = await t.app.inject({
        method: 'PUT',
        url: API_PATHS.account,
        headers: authHeader(access_token),
        payload: {
          name: ' Renamed ',
          email,
          phone_number: '+62 812 3456',
          photo: null,
          ignored: 'x',
          current_password: user.password,
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        message: en.profileUpdated,
        data: { name: 'Renamed', email: email.toLowerCase(), phone_number: '+62 812 3456' },
      });
      expect((await get(access_token)).json().data.email).toBe(email.toLowerCase());
    });
  });

  describe('PUT /api/account/password', () => {
    const change = (token: string, payload: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: API_PATHS.accountPassword, headers: authHeader(token), payload });

    it('returns 422 on current_password when it is wrong', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      const response = await change(access_token, {
        current_password: 'wrong-password',
        password: 'Another-Passw0rd',
        password_confirmation: 'Another-Passw0rd',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        current_password: [validation.invalid(LABELS.currentPassword)],
      });
    });

    it('refuses the current password as the new one, on the password field, and keeps the sign-in', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      const response = await change(access_token, {
        current_password: user.password,
        password: user.password,
        password_confirmation: user.password,
      });
      expect(response.statusCode).toBe(422);
      // Among the password's errors (this fixture's password also holds the user's name).
      const { errors } = response.json<{ errors: Record<string, string[]> }>();
      expect(Object.keys(errors)).toEqual(['password']);
      expect(errors.password).toContain(format(en.passwordUnchanged, { item: LABELS.password }));
      const still = await t.app.inject({
        method: 'GET',
        url: API_PATHS.account,
        headers: authHeader(access_token),
      });
      expect(still.statusCode).toBe(200);
    });

    it('returns 422 when the confirmation does not match', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      const response = await change(access_token, {
        current_password: user.password,
        password: 'Another-Passw0rd',
        password_confirmation: 'Different-Passw0rd',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.password_confirmation).toEqual([
        validation.confirmation(LABELS.passwordConfirmation),
      ]);
    });

    it('changes the password and revokes every other sign-in but not the current one', async () => {
      const user = await createTestUser(t.app);
      const current = await login(t.app, user.email, user.password);
      const other = await login(t.app, user.email, user.password);
      const response = await change(current.access_token, {
        current_password: user.password,
        password: 'Brand-New-Passw0rd',
        password_confirmation: 'Brand-New-Passw0rd',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: en.passwordChanged });

      expect((await get(current.access_token)).statusCode).toBe(200);
      expect((await get(other.access_token)).statusCode).toBe(401);
      const otherRefresh = await t.app.inject(
        tokenRequest({ grant_type: 'refresh_token', refresh_token: other.refresh_token }),
      );
      expect(otherRefresh.statusCode).toBe(400);
      const currentRefresh = await t.app.inject(
        tokenRequest({ grant_type: 'refresh_token', refresh_token: current.refresh_token }),
      );
      expect(currentRefresh.statusCode).toBe(200);

      await expect(login(t.app, user.email, user.password)).rejects.toThrow();
      await expect(login(t.app, user.email, 'Brand-New-Passw0rd')).resolves.toBeDefined();
    });
  });

  describe('POST /api/account/logout', () => {
    it('revokes the access token and its refresh token', async () => {
      const user = await createTestUser(t.app);
      const tokens = await login(t.app, user.email, user.password);
      const response = await t.app.inject({
        method: 'POST',
        url: API_PATHS.logout,
        headers: authHeader(tokens.access_token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: en.loggedOut });
      expect((await get(tokens.access_token)).statusCode).toBe(401);
      const refresh = await t.app.inject(
        tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
      );
      expect(refresh.statusCode).toBe(400);
    });

    it('needs a token', async () => {
      expect((await t.app.inject({ method: 'POST', url: API_PATHS.logout })).statusCode).toBe(401);
    });
  });

  describe('PUT /api/account/preferences', () => {
    const put = (token: string | undefined, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: API_PATHS.accountPreferences,
        headers: token ? authHeader(token) : {},
        payload: payload as object,
      });

    it('starts with the system theme', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      expect((await get(access_token)).json().data.preferences).toEqual({ theme: 'system' });
    });

    it('keeps the theme on the server, so another sign-in (another browser) gets it, without touching updated_at', async () => {
      const user = await createTestUser(t.app);
      const first = await login(t.app, user.email, user.password);
      const before = (await get(first.access_token)).json().data;
      const response = await put(first.access_token, { theme: 'dark' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        data: { preferences: { theme: 'dark' } },
        message: en.preferencesSaved,
      });

      const second = await login(t.app, user.email, user.password);
      const after = (await get(second.access_token)).json().data;
      expect(after.preferences).toEqual({ theme: 'dark' });
      expect(after.updated_at).toBe(before.updated_at);
    });

    it('refuses a theme it does not know with 422 on the field', async () => {
      const { access_token } = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
      const response = await put(access_token, { theme: 'blue' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ theme: [validation.invalid(LABELS.theme)] });
      expect((await put(access_token, {})).json().errors).toEqual({
        theme: [validation.required(LABELS.theme)],
      });
    });

    it('needs a token', async () => {
      expect((await put(undefined, { theme: 'dark' })).statusCode).toBe(401);
    });

    it("is not in the users list (the preference is the user's own)", async () => {
      const { access_token } = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/users',
        headers: authHeader(access_token),
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().data[0]).not.toHaveProperty('preferences');
    });
  });
});
