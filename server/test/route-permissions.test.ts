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
    t = await buildTestApp({ rateLimit: { ...limits, tokenPerIp: { max: 10_000, windowMs: 60_000 } } });
  });
  afterAll(() => t.close());

  /** A fresh token of a user whose role holds exactly `keys` (fresh: a logout route revokes it). */
  const tokens = new Map<string, { email: string; password: string }>();
  async function tokenHolding(keys: readonly string[]): Promise<string> {
    const id = [...keys].sort().join(',');
    let user = tokens.get(id);
    if (!user) {
      user = await createTestUser(t.app, { roleId: await createRole(t.app, [...keys]) });
      tokens.set(id, user);
    }
    return (await login(t.app, user.email, user.password)).access_token;
  }

  it('lists every route of the OpenAPI document, and each row is what the server enforces', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API_PATHS.docs}/json` })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.filter((route) => !(route in ROUTE_PERMISSIONS))).toEqual([]);
    expect(Object.keys(ROUTE_PERMISSIONS).filter((route) => !routes.includes(route))).toEqual([]);

    const outcomes: string[] = [];
    const call = (route: string, token?: string) => {
      const [method, path] = route.split(' ') as [Method, string];
      return t.app.inject({ method, url: urlOf(path), headers: token ? authHeader(token) : {} });
    };
    for (const [route, rule] of Object.entries(ROUTE_PERMISSIONS)) {
      const anonymous = await call(route);
      if (rule.access === 'public') {
        if ([401, 403].includes(anonymous.statusCode))
          outcomes.push(`${route}: public, but ${anonymous.statusCode}`);
        continue;
      }
      if (anonymous.statusCode !== 401) outcomes.push(`${route}: ${anonymous.statusCode} without a token`);
      else if (!String(anonymous.headers['www-authenticate']).startsWith('Bearer'))
        outcomes.push(`${route}: 401 without WWW-Authenticate: Bearer`);

      const granted = rule.access === 'permission' ? rule.keys : [];
      const allowed = await call(route, await tokenHolding(granted.slice(0, 1)));
      if ([401, 403].includes(allowed.statusCode))
        outcomes.push(`${route}: ${allowed.statusCode} holding ${granted[0] ?? 'nothing'}`);
      if (rule.access === 'permission') {
        const others = PERMISSION_CATALOGUE.map((p) => p.name).filter((name) => !granted.includes(name));
        const denied = await call(route, await tokenHolding(others));
        if (denied.statusCode !== 403)
          outcomes.push(`${route}: ${denied.statusCode} holding all but ${granted}`);
      }
    }
    expect(outcomes).toEqual([]);
  }, 180_000);
});
