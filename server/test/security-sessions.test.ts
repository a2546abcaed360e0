import type { User } from '../../src/shared/contracts/account';
import { LABELS, validation } from '../../src/shared/messages';
import { REFUSAL_MESSAGES } from '../../src/shared/messages/refusals';
import { API_PATHS } from '../../src/shared/routes';
import { loadConfig } from '../config';
import { createTestUser, signInWith, type TestUser } from './fixtures';
import { adminToken, authHeader, buildTestApp, login, tokenRequest, type TestApp } from './helper';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

const NEW_PASSWORD = 'Orchard-Violet-91';

/** Sessions that survive someone else setting the password, old reset links, unthrottled guessing. */
describe('sessions', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    const base = loadConfig({}).rateLimit;
    t = await buildTestApp({
      rateLimit: {
        ...base,
        resetPerIp: { max: 6, windowMs: 60_000 },
        passwordFailuresPerAccount: { max: 2, windowMs: 60_000 },
      },
    });
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const account = (token: string) =>
    t.app.inject({ method: 'GET', url: API_PATHS.account, headers: authHeader(token) });
  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: API_PATHS.passwordForgot, payload: { email } });
  const lastResetToken = async () => {
    const link = /https?:\/\/\S+/.exec((await t.mails()).at(-1)?.text ?? '')?.[0] ?? '';
    return new URL(link).searchParams.get('token') ?? '';
  };
  const checkReset = (token: string) =>
    t.app.inject({ method: 'GET', url: `${API_PATHS.passwordReset}/${encodeURIComponent(token)}` });
  const userOf = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: authHeader(admin) })).json<{
      data: User;
    }>().data;
  const setPasswordAsAdmin = async (user: TestUser) => {
    const current = await userOf(user.id);
    return t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: authHeader(admin),
      payload: {
        name: current.name,
        email: current.email,
        phone_number: null,
        role_id: current.role?.id ?? null,
        status: 1,
        photo: null,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
        updated_at: current.updated_at,
      },
    });
  };

  it('revokes every access and refresh token of a user whose password an administrator sets', async () => {
    const { roleId } = await signInWith(t.app, admin, ['pages.index']);
    const user = await createTestUser(t.app, { roleId });
    const session = await login(t.app, user.email, user.password);
    expect((await account(session.access_token)).statusCode).toBe(200);

    expect((await setPasswordAsAdmin(user)).statusCode).toBe(200);
    expect((await account(session.access_token)).statusCode).toBe(401);
    const refreshed = await t.app.inject(
      tokenRequest({ grant_type: 'refresh_token', refresh_token: session.refresh_token }),
    );
    expect(refreshed.statusCode).toBe(400);
    await expect(login(t.app, user.email, NEW_PASSWORD)).resolves.toBeDefined();
  });

  it('ends a pending reset link when an administrator sets the password', async () => {
    const { roleId } = await signInWith(t.app, admin, ['pages.index']);
    const user = await createTestUser(t.app, { roleId });
    await forgot(user.email);
    const token = await lastResetToken();
    expect((await checkReset(token)).statusCode).toBe(200);
    expect((await setPasswordAsAdmin(user)).statusCode).toBe(200);
    expect((await checkReset(token)).statusCode).toBe(410);
  });

  it('invalidates an older reset link once a newer one is sent', async () => {
    const user = await createTestUser(t.app);
    await forgot(user.email);
    const older = await lastResetToken();
    await forgot(user.email);
    const newer = await lastResetToken();
    expect(newer).not.toBe(older);
    expect((await checkReset(older)).statusCode).toBe(410);
    const reset = await t.app.inject({
      method: 'POST',
      url: API_PATHS.passwordReset,
      payload: {
        token: older,
        email: user.email,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    });
    expect(reset.statusCode).toBe(410);
    expect((await checkReset(newer)).statusCode).toBe(200);
  });

  it('throttles reset-token checks from one address (429 with Retry-After)', async () => {
    const guess = (token: string) =>
      t.app.inject({ method: 'GET', url: `${API_PATHS.passwordReset}/${token}`, remoteAddress: '10.9.8.7' });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await guess(`guess-${i}`)).statusCode);
    expect(statuses).toEqual([410, 410, 410, 410, 410, 410, 429, 429]);
    const limited = await guess('guess-final');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ message: SERVER_MESSAGES.tooManyRequests });
  });

  it('throttles wrong current passwords per account: after the limit even the right one waits', async () => {
    const user = await createTestUser(t.app);
    const { access_token } = await login(t.app, user.email, user.password);
    const change = (current: string) =>
      t.app.inject({
        method: 'PUT',
        url: API_PATHS.accountPassword,
        headers: authHeader(access_token),
        payload: { current_password: current, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      });
    expect((await change('wrong-guess-1')).statusCode).toBe(422);
    expect((await change('wrong-guess-2')).statusCode).toBe(422);
    const limited = await change(user.password);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await expect(login(t.app, user.email, user.password)).resolves.toBeDefined();
  });

  describe('changing the sign-in e-mail', () => {
    const profile = (token: string, fields: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: API_PATHS.account,
        headers: authHeader(token),
        payload: { name: 'Mover', phone_number: null, photo: null, ...fields },
      });

    it('needs the current password: missing or wrong is a 422, and the e-mail stays', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      const missing = await profile(access_token, { email: 'stolen@example.com' });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({
        current_password: [validation.required(LABELS.currentPassword)],
      });
      const wrong = await profile(access_token, { email: 'stolen@example.com', current_password: 'not-it' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ current_password: [validation.invalid(LABELS.currentPassword)] });
      expect((await account(access_token)).json().data.email).toBe(user.email);
    });

    it('with the current password it changes, and the old address is told', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      const before = (await t.mails()).length;
      const moved = await profile(access_token, {
        email: 'Moved.On@Example.com',
        current_password: user.password,
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().data.email).toBe('moved.on@example.com');
      expect((await t.mails()).length).toBe(before + 1);
      const [notice] = (await t.mails()).slice(-1);
      expect(notice.to).toBe(user.email);
      expect(notice.text).toContain('moved.on@example.com');
    });

    it('keeps the profile editable without a password while the e-mail stays', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      expect((await profile(access_token, { email: user.email.toUpperCase() })).statusCode).toBe(200);
    });

    it('cannot be done through the users routes on oneself, nor the password set there', async () => {
      const editor = await signInWith(t.app, admin, ['users.index', 'users.update']);
      const self = await userOf(editor.userId);
      const edit = (fields: Record<string, unknown>) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/users/${self.id}`,
          headers: authHeader(editor.token),
          payload: {
            name: self.name,
            email: self.email,
            phone_number: null,
            role_id: self.role?.id,
            status: 1,
            photo: null,
            updated_at: self.updated_at,
            ...fields,
          },
        });
      const email = await edit({ email: 'elsewhere@example.com' });
      expect(email.statusCode).toBe(422);
      expect(email.json().errors).toEqual({ email: [REFUSAL_MESSAGES.ownEmailInProfile] });
      const password = await edit({ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
      expect(password.statusCode).toBe(422);
      expect(password.json().errors).toEqual({ password: [REFUSAL_MESSAGES.ownPasswordInChangePassword] });
    });
  });
});
