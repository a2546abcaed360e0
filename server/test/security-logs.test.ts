import { API_PATHS } from '../../src/shared/routes';
import { loadConfig } from '../config';
import { loggedUrl, redactSecrets } from '../app';
import { signInWith } from './fixtures';
import {
  adminToken,
  authHeader,
  buildTestApp,
  login,
  TEST_ADMIN,
  TEST_CLIENT,
  tokenRequest,
  type TestApp,
} from './helper';

interface LogLine {
  msg?: string;
  security?: string;
  [field: string]: unknown;
}

/** The log stream, read: no secret in it, and the security events as structured lines. */
describe('logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  const parsed = (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine);
  const events = (name: string) => parsed().filter((line) => line.security === name);
  beforeAll(async () => {
    t = await buildTestApp(
      {
        logLevel: 'info',
        rateLimit: { ...loadConfig({}).rateLimit, tokenFailuresPerUsername: { max: 2, windowMs: 60_000 } },
      },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(() => t.close());

  it('never writes the query string of /oauth/token, whatever it carries', async () => {
    const query = new URLSearchParams({
      grant_type: 'password',
      username: TEST_ADMIN.email,
      password: 'Hunter2-in-the-URL',
      client_id: TEST_CLIENT.clientId,
      client_secret: 'client-secret-in-the-url',
    });
    lines.length = 0;
    await t.app.inject({ method: 'POST', url: `${API_PATHS.token}?${query}`, payload: {} });
    const log = lines.join('\n');
    expect(log).toContain(API_PATHS.token);
    for (const secret of ['Hunter2-in-the-URL', 'client-secret-in-the-url', TEST_ADMIN.email, 'grant_type']) {
      expect(log).not.toContain(secret);
    }
  });

  it('replaces any secret-named field or query parameter, at any depth', async () => {
    lines.length = 0;
    t.app.log.info(
      {
        body: { password: 'p-1', nested: { client_secret: 's-1', api_key: 'k-1', list: [{ token: 't-1' }] } },
      },
      'a line carrying secrets',
    );
    await t.app.inject({ method: 'GET', url: `${API_PATHS.health}?access_token=t-2&apiKey=k-2&page=3` });
    const log = lines.join('\n');
    for (const secret of ['p-1', 's-1', 'k-1', 't-1', 't-2', 'k-2']) expect(log).not.toContain(secret);
    expect(log).toContain('page=3');
    expect(loggedUrl(`${API_PATHS.passwordReset}/secret-token?email=a%40b.co`)).toBe(
      `${API_PATHS.passwordReset}/[redacted]?email=[redacted]`,
    );
    expect(redactSecrets({ password_confirmation: 'x', name: 'kept' })).toEqual({
      password_confirmation: '[redacted]',
      name: 'kept',
    });
  });

  it('logs a failed sign-in with the account tried, and the lockout, as structured security lines', async () => {
    lines.length = 0;
    const grant = (username: string, password: string) =>
      t.app.inject(tokenRequest({ grant_type: 'password', username, password }));
    await grant('Nobody@Example.com', 'wrong-password-1');
    await grant('nobody@example.com', 'wrong-password-2');
    expect((await grant('nobody@example.com', 'wrong-password-3')).statusCode).toBe(429);
    const failed = events('sign-in.failed');
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatchObject({ account: 'nobody@example.com', ip: '127.0.0.1', level: 40 });
    expect(events('sign-in.locked')).toEqual([
      expect.objectContaining({ account: 'nobody@example.com', ip: '127.0.0.1' }),
    ]);
    expect(lines.join('\n')).not.toContain('wrong-password');
  });

  it('logs the reuse of a rotated refresh token and a permission denied', async () => {
    lines.length = 0;
    const first = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    await t.app.inject(tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token }));
    await t.app.inject(tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token }));
    expect(events('token.reused')).toEqual([expect.objectContaining({ userId: expect.any(Number) })]);

    const limited = await signInWith(t.app, await adminToken(t.app), ['pages.index']);
    await t.app.inject({ method: 'GET', url: '/api/users', headers: authHeader(limited.token) });
    expect(events('permission.denied')).toEqual([
      expect.objectContaining({
        userId: limited.userId,
        permission: 'users.index',
        method: 'GET',
        route: '/api/users',
      }),
    ]);
    expect(lines.join('\n')).not.toContain(first.refresh_token);
  });
});
