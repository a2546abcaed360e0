import { PERMISSION_CATALOGUE } from '../../src/shared/permissions';
import { API_PATHS } from '../../src/shared/routes';
import { loadConfig } from '../config';
import { ROUTE_PERMISSIONS } from '../security/routePermissions';
import { createRole, createTestUser } from './fixtures';
import { authHeader, buildTestApp, login, type TestApp } from './helper';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A concrete URL for an OpenAPI path: ids that do not exist, so a request let through changes nothing. */
const urlOf = (path: string) => path.replace('{id}', '999999').replace('{token}', 'not-a-token');

describe('the route permission table (server/security/routePermissions.ts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Many sign-ins from one address: this test is not about the sign-in limit.
    const limits = loadConfig({}).rateLimit;
    // Single sign-on configured, so its routes are in the document too (its provider is never called).
    t = await buildTestApp({
      rateLimit: { ...limits, tokenPerIp: { max: 10_000, windowMs: 60_000 } },
      oidc: loadConfig({
        OIDC_ISSUER: 'https://sso.example.com',
        OIDC_CLIENT_ID: 'admin',
        OIDC_CLIENT_SECRET: 'secret',
      }).oidc,
    });
  });
  afterAll(() => t.close());

  /**
   * A token of a user whose role holds exactly `keys`: one sign-in per set of keys (a sign-in hashes a
   * password, the slow part of this file), signed in again only when a route ended its session (a
   * logout, an end of sessions): the cheap `GET /api/account` says so before the token is used.
   */
  const users = new Map<string, { email: string; password: string; token?: string }>();
  async function tokenHolding(keys: readonly string[]): Promise<string> {
    const id = [...keys].sort().join(',');
    let user = users.get(id);
    if (!user) {
      user = await createTestUser(t.app, { roleId: await createRole(t.app, [...keys]) });
      users.set(id, user);
    }
    if (user.token) {
      const still = await t.app.inject({
        method: 'GET',
        url: API_PATHS.account,
        headers: authHeader(user.token),
      });
      if (still.statusCode === 200) return user.token;
    }
    user.token = (await login(t.app, user.email, user.password)).access_token;
    return user.token;
  }

  const call = (route: string, token?: string) => {
    const [method, path] = route.split(' ') as [Method, string];
    return t.app.inject({ method, url: urlOf(path), headers: token ? authHeader(token) : {} });
  };

  it('lists every route of the OpenAPI document, and no other', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API_PATHS.docs}/json` })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.filter((route) => !(route in ROUTE_PERMISSIONS))).toEqual([]);
    expect(Object.keys(ROUTE_PERMISSIONS).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(Object.entries(ROUTE_PERMISSIONS))('%s: the server enforces its row', async (route, rule) => {
    const outcomes: string[] = [];
    const anonymous = await call(route);
    if (rule.access === 'public') {
      expect([401, 403]).not.toContain(anonymous.statusCode);
      return;
    }
    if (anonymous.statusCode !== 401) outcomes.push(`${anonymous.statusCode} without a token`);
    else if (!String(anonymous.headers['www-authenticate']).startsWith('Bearer'))
      outcomes.push('401 without WWW-Authenticate: Bearer');

    const granted = rule.access === 'permission' ? rule.keys : [];
    const allowed = await call(route, await tokenHolding(granted.slice(0, 1)));
    if ([401, 403].includes(allowed.statusCode))
      outcomes.push(`${allowed.statusCode} holding ${granted[0] ?? 'nothing'}`);
    if (rule.access === 'permission') {
      const others = PERMISSION_CATALOGUE.map((p) => p.name).filter((name) => !granted.includes(name));
      const denied = await call(route, await tokenHolding(others));
      if (denied.statusCode !== 403) outcomes.push(`${denied.statusCode} holding all but ${granted}`);
    }
    expect(outcomes).toEqual([]);
  });
});
