import { loadConfig } from '../config';
import { API_PATHS } from '../../src/shared/routes';
import { en } from '../../src/shared/messages';
import { SECURITY_MESSAGES } from '../../src/shared/messages/security';
import {
  authHeader,
  buildTestApp,
  login,
  TEST_ADMIN,
  TEST_CLIENT,
  tokenRequest,
  type TestApp,
} from './helper';
import { createTestUser, setUserStatus } from './fixtures';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

describe('POST /oauth/token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const passwordGrant = (username: string, password: string) =>
    tokenRequest({ grant_type: 'password', username, password, scope: '*' });

  it('issues a bearer token pair for the right e-mail and password', async () => {
    const response = await t.app.inject(passwordGrant(TEST_ADMIN.email, TEST_ADMIN.password));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      token_type: 'Bearer',
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 3600,
    });
    expect(body.access_token.length).toBeGreaterThanOrEqual(43);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('accepts a form-encoded body and an upper-cased e-mail', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: API_PATHS.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: TEST_ADMIN.email.toUpperCase(),
        password: TEST_ADMIN.password,
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers an unknown user exactly as a wrong password', async () => {
    const wrongPassword = await t.app.inject(passwordGrant(TEST_ADMIN.email, 'not-the-password'));
    const unknownUser = await t.app.inject(passwordGrant('nobody@example.com', 'not-the-password'));
    expect(wrongPassword.statusCode).toBe(400);
    expect(unknownUser.statusCode).toBe(400);
    expect(wrongPassword.body).toBe(unknownUser.body);
    expect(wrongPassword.json()).toEqual({
      error: 'invalid_grant',
      error_description: en.invalidCredentials,
      message: en.invalidCredentials,
    });
  });

  it('answers a Not Active user with the right password exactly as a wrong password: the answer tells nothing', async () => {
    const user = await createTestUser(t.app, { status: 0 });
    const rightPassword = await t.app.inject(passwordGrant(user.email, user.password));
    const wrongPassword = await t.app.inject(passwordGrant(user.email, 'not-the-password'));
    expect(rightPassword.statusCode).toBe(400);
    expect(wrongPassword.statusCode).toBe(400);
    expect(rightPassword.body).toBe(wrongPassword.body);
    expect(rightPassword.json()).toEqual({
      error: 'invalid_grant',
      error_description: en.invalidCredentials,
      message: en.invalidCredentials,
    });
  });

  it('refuses client credentials in the Authorization header and the body at once (RFC 6749 §2.3): 400 invalid_request', async () => {
    const basic = `Basic ${Buffer.from(`${TEST_CLIENT.clientId}:${TEST_CLIENT.clientSecret}`).toString('base64')}`;
    const grant = { grant_type: 'password', username: TEST_ADMIN.email, password: TEST_ADMIN.password };
    const both = await t.app.inject({ ...tokenRequest(grant), headers: { authorization: basic } });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({
      error: 'invalid_request',
      message: SECURITY_MESSAGES.oneClientAuthentication,
    });
    const idOnlyInBody = await t.app.inject({
      method: 'POST',
      url: API_PATHS.token,
      headers: { authorization: basic },
      payload: { ...grant, client_id: TEST_CLIENT.clientId },
    });
    expect(idOnlyInBody.statusCode).toBe(400);
    expect(idOnlyInBody.json()).toMatchObject({ error: 'invalid_request' });
    // Each method alone still works.
    const headerOnly = await t.app.inject({
      method: 'POST',
      url: API_PATHS.token,
      headers: { authorization: basic },
      payload: grant,
    });
    expect(headerOnly.statusCode).toBe(200);
    expect((await t.app.inject(tokenRequest(grant))).statusCode).toBe(200);
  });

  it('answers 401 invalid_client for a wrong client secret', async () => {
    const response = await t.app.inject(
      tokenRequest({
        grant_type: 'password',
        username: TEST_ADMIN.email,
        password: TEST_ADMIN.password,
        client_secret: 'wrong',
      }),
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'invalid_client', message: expect.any(String) });
  });

  it('answers 400 unsupported_grant_type for an unknown grant', async () => {
    const response = await t.app.inject(tokenRequest({ grant_type: 'client_credentials' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('answers 400 invalid_request when the password is missing', async () => {
    const response = await t.app.inject(tokenRequest({ grant_type: 'password', username: TEST_ADMIN.email }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request', message: expect.any(String) });
  });

  it('answers 400 invalid_scope for a scope other than *', async () => {
    const response = await t.app.inject(
      tokenRequest({
        grant_type: 'password',
        username: TEST_ADMIN.email,
        password: TEST_ADMIN.password,
        scope: 'admin',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_scope' });
  });

  it('rotates the refresh token and revokes the whole sign-in when a rotated one is reused', async () => {
    const first = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const refreshed = await t.app.inject(
      tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token }),
    );
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);

    const account = await t.app.inject({
      method: 'GET',
      url: API_PATHS.account,
      headers: authHeader(second.access_token),
    });
    expect(account.statusCode).toBe(200);

    const reused = await t.app.inject(
      tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token }),
    );
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: 'invalid_grant' });

    for (const token of [first.access_token, second.access_token]) {
      const after = await t.app.inject({ method: 'GET', url: API_PATHS.account, headers: authHeader(token) });
      expect(after.statusCode).toBe(401);
    }
    const newest = await t.app.inject(
      tokenRequest({ grant_type: 'refresh_token', refresh_token: second.refresh_token }),
    );
    expect(newest.statusCode).toBe(400);
  });

  it('refuses to refresh for a user who was deactivated', async () => {
    const user = await createTestUser(t.app);
    const tokens = await login(t.app, user.email, user.password);
    await setUserStatus(t.app, user.id, 0);
    const response = await t.app.inject(
      tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('POST /oauth/token rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    const base = loadConfig({}).rateLimit;
    t = await buildTestApp({
      rateLimit: {
        ...base,
        tokenPerIp: { max: 8, windowMs: 60_000 },
        tokenFailuresPerUsername: { max: 2, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => t.close());

  it('answers 429 after repeated failures for one username, even with the right password', async () => {
    const grant = (password: string) =>
      tokenRequest({ grant_type: 'password', username: TEST_ADMIN.email, password });
    expect((await t.app.inject(grant('wrong-1'))).statusCode).toBe(400);
    expect((await t.app.inject(grant('wrong-2'))).statusCode).toBe(400);
    const limited = await t.app.inject(grant(TEST_ADMIN.password));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: SERVER_MESSAGES.tooManyRequests });
  });

  it('answers 429 once one address sends too many token requests', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push(
        (await t.app.inject(tokenRequest({ grant_type: 'refresh_token', refresh_token: 'x' }))).statusCode,
      );
    }
    expect(statuses).toContain(429);
    const last = await t.app.inject(tokenRequest({ grant_type: 'refresh_token', refresh_token: 'x' }));
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual({ message: SERVER_MESSAGES.tooManyRequests });
  });
});
