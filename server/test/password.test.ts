import { loadConfig } from '../config';
import { eq } from 'drizzle-orm';
import { PASSWORD_MIN } from '../../src/shared/limits';
import { en, LABELS, validation } from '../../src/shared/messages';
import { API_PATHS, ROUTES } from '../../src/shared/routes';
import { passwordResets } from '../db/schema';
import { authHeader, buildTestApp, login, TEST_PUBLIC_URL, type TestApp } from './helper';
import { createTestUser, setUserStatus, type TestUser } from './fixtures';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

describe('forgotten password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: API_PATHS.passwordForgot, payload: { email } });

  /** Requests a reset and returns the token from the mailed link. */
  async function requestReset(user: TestUser): Promise<string> {
    const before = (await t.mails()).length;
    expect((await forgot(user.email)).statusCode).toBe(200);
    expect((await t.mails()).length).toBe(before + 1);
    const link = /https?:\/\/\S+/.exec((await t.mails()).at(-1)?.text ?? '')?.[0] ?? '';
    return new URL(link).searchParams.get('token') ?? '';
  }

  const check = (token: string) =>
    t.app.inject({ method: 'GET', url: `${API_PATHS.passwordReset}/${encodeURIComponent(token)}` });

  const reset = (payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: API_PATHS.passwordReset, payload });

  describe('POST /api/password/forgot', () => {
    it('mails a reset link of the form PUBLIC_URL/reset-password?token=…&email=…', async () => {
      const user = await createTestUser(t.app, { email: 'mail+test@example.com' });
      const response = await forgot(user.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: en.forgotPasswordSuccess });
      const [mail] = (await t.mails()).slice(-1);
      expect(mail.to).toBe(user.email);
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
      expect(link.startsWith(`${TEST_PUBLIC_URL}${ROUTES.resetPassword}?token=`)).toBe(true);
      expect(link).toContain(`&email=${encodeURIComponent(user.email)}`);
      const url = new URL(link);
      expect(url.searchParams.get('email')).toBe(user.email);
      expect(url.searchParams.get('token')).toMatch(/^[\w-]{43}$/);
    });

    it('answers the same 200 for an unknown address and sends nothing', async () => {
      const before = (await t.mails()).length;
      const response = await forgot('nobody@example.com');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: en.forgotPasswordSuccess });
      expect((await t.mails()).length).toBe(before);
    });

    it('sends nothing to a Not Active user but still answers 200', async () => {
      const user = await createTestUser(t.app, { status: 0 });
      const before = (await t.mails()).length;
      expect((await forgot(user.email)).statusCode).toBe(200);
      expect((await t.mails()).length).toBe(before);
    });

    it('returns 422 when the e-mail is missing', async () => {
      const response = await t.app.inject({ method: 'POST', url: API_PATHS.passwordForgot, payload: {} });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.email).toEqual([validation.required(LABELS.email)]);
    });
  });

  describe('GET /api/password/reset/:token', () => {
    it('answers the e-mail while the token is valid', async () => {
      const user = await createTestUser(t.app);
      const token = await requestReset(user);
      const response = await check(token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { email: user.email } });
    });

    it('answers 410 for an unknown token', async () => {
      const response = await check('unknown-token');
      expect(response.statusCode).toBe(410);
      expect(response.json()).toEqual({ message: en.tokenExpiredTitle });
    });

    it('answers 410 once the token has expired', async () => {
      const user = await createTestUser(t.app);
      const token = await requestReset(user);
      await t.app.db
        .update(passwordResets)
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where(eq(passwordResets.user_id, user.id));
      expect((await check(token)).statusCode).toBe(410);
    });
  });

  describe('POST /api/password/reset', () => {
    const newPassword = 'Reset-Passw0rd!';

    it('sets the password once, revokes the user’s tokens and then answers 410 for the used token', async () => {
      const user = await createTestUser(t.app);
      const session = await login(t.app, user.email, user.password);
      const token = await requestReset(user);
      const payload = { token, email: user.email, password: newPassword, password_confirmation: newPassword };

      const response = await reset(payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: en.passwordCreated });

      const account = await t.app.inject({
        method: 'GET',
        url: API_PATHS.account,
        headers: authHeader(session.access_token),
      });
      expect(account.statusCode).toBe(401);
      await expect(login(t.app, user.email, newPassword)).resolves.toBeDefined();

      expect((await reset(payload)).statusCode).toBe(410);
      expect((await check(token)).statusCode).toBe(410);
    });

    it('returns 422 on email when it is not the token’s address, and keeps the token usable', async () => {
      const user = await createTestUser(t.app);
      const token = await requestReset(user);
      const response = await reset({
        token,
        email: 'someone.else@example.com',
        password: newPassword,
        password_confirmation: newPassword,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ email: [validation.email(LABELS.email)] });
      expect((await check(token)).statusCode).toBe(200);
    });

    it('answers 410 for an expired token', async () => {
      const user = await createTestUser(t.app);
      const token = await requestReset(user);
      await t.app.db
        .update(passwordResets)
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where(eq(passwordResets.user_id, user.id));
      const response = await reset({
        token,
        email: user.email,
        password: newPassword,
        password_confirmation: newPassword,
      });
      expect(response.statusCode).toBe(410);
      expect(response.json()).toEqual({ message: en.tokenExpiredTitle });
    });

    it('returns 422 with field errors for a short password and a wrong confirmation', async () => {
      const response = await reset({
        token: 'x',
        email: 'a@example.com',
        password: 'short',
        password_confirmation: 'other',
      });
      expect(response.statusCode).toBe(422);
      const { errors } = response.json();
      expect(errors.password).toEqual([validation.min(LABELS.password, PASSWORD_MIN)]);
      expect(errors.password_confirmation).toEqual([validation.confirmation(LABELS.passwordConfirmation)]);
    });

    it('lets a user deactivated after the mail was sent reset, but still refuses the sign-in', async () => {
      const user = await createTestUser(t.app);
      const token = await requestReset(user);
      await setUserStatus(t.app, user.id, 0);
      expect(
        (await reset({ token, email: user.email, password: newPassword, password_confirmation: newPassword }))
          .statusCode,
      ).toBe(200);
      await expect(login(t.app, user.email, newPassword)).rejects.toThrow(/400/);
    });
  });
});

describe('POST /api/password/forgot rate limit', () => {
  it('answers 429 after too many requests from one address', async () => {
    const base = loadConfig({}).rateLimit;
    const t = await buildTestApp({ rateLimit: { ...base, forgotPerIp: { max: 2, windowMs: 60_000 } } });
    try {
      const send = () =>
        t.app.inject({ method: 'POST', url: API_PATHS.passwordForgot, payload: { email: 'x@example.com' } });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ message: SERVER_MESSAGES.tooManyRequests });
    } finally {
      await t.close();
    }
  });
});
