import type { AuditKind } from '../../src/shared/resources/auditLogs';
import { desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { PASSKEY_PATHS } from '../../src/shared/contracts/passkeys';
import { ENROLMENT_ROUTES, MFA_ENROLMENT_REQUIRED } from '../../src/shared/contracts/secondFactorEnrolment';
import { TWO_FACTOR_PATHS, userTwoFactorPath } from '../../src/shared/contracts/twoFactor';
import { en } from '../../src/shared/messages';
import { TWO_FACTOR_MESSAGES as M } from '../../src/shared/messages/twoFactor';
import { PERMISSION_CATALOGUE } from '../../src/shared/permissions';
import { API_PATHS } from '../../src/shared/routes';
import { loadConfig } from '../config';
import { auditLogs, roles } from '../db/schema';
import { setClock } from '../lib/clock';
import { ROUTE_PERMISSIONS } from '../security/routePermissions';
import { createRole, createTestUser, type TestUser } from './fixtures';
import { adminToken, authHeader, buildTestApp, login, type TestApp } from './helper';
import { createPasskey } from './softAuthenticator';

/**
 * Issue 37: a role may require a second factor. Its users without an authenticator app or a passkey
 * are refused every API route but enrolling (403 `mfa_enrolment_required`), and enrolling lifts it
 * with the same token. The role's flag is written by roles.update holders only and audited.
 */

let clockMs = Date.now();
beforeAll(() => setClock(() => clockMs));
afterAll(() => setClock(null));

const ALL = PERMISSION_CATALOGUE.map((permission) => permission.name);
/** A concrete URL for an OpenAPI path: ids that do not exist, so a request let through changes nothing. */
const urlOf = (path: string) =>
  path.replace(/\{[a-zA-Z]+\}/g, (name) => (name === '{token}' ? 'not-a-token' : '999999'));

describe('a role that requires a second factor', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    const roomy = { max: 10_000, windowMs: 60_000 };
    const limits = loadConfig({}).rateLimit;
    // The session cache on, as in production: enrolling must lift the refusal anyway.
    t = await buildTestApp({
      authCacheMs: 60_000,
      rateLimit: { ...limits, tokenPerIp: roomy, passwordPerIp: roomy, passwordFailuresPerAccount: roomy },
    });
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, token: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: authHeader(token),
      ...(payload ? { payload } : {}),
    });

  /** A user of a new role holding every permission, which requires a second factor. */
  async function requiredUser(): Promise<TestUser & { roleId: number; token: string }> {
    const roleId = await createRole(t.app, ALL);
    await t.app.db.update(roles).set({ require_second_factor: true }).where(eq(roles.id, roleId));
    const user = await createTestUser(t.app, { roleId });
    return { ...user, roleId, token: (await login(t.app, user.email, user.password)).access_token };
  }

  async function enrolApp(user: TestUser & { token: string }): Promise<void> {
    const started = await call('POST', TWO_FACTOR_PATHS.status, user.token, {
      current_password: user.password,
    });
    expect(started.statusCode).toBe(200);
    const { secret } = started.json().data;
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clockMs });
    expect((await call('POST', TWO_FACTOR_PATHS.confirm, user.token, { code })).statusCode).toBe(200);
    clockMs += 30_000;
  }

  const expectRefused = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: M.enrolmentRequired, code: MFA_ENROLMENT_REQUIRED });
  };

  it('names only routes that exist, and every one of them needs a sign-in', () => {
    for (const route of ENROLMENT_ROUTES)
      expect(ROUTE_PERMISSIONS[route]).toMatchObject({ access: 'signed-in' });
  });

  it('refuses every signed-in route but enrolling, with the contract’s shape and the code', async () => {
    const user = await requiredUser();
    const outcomes: string[] = [];
    for (const [route, rule] of Object.entries(ROUTE_PERMISSIONS)) {
      if (rule.access === 'public' || ENROLMENT_ROUTES.includes(route)) continue;
      const [method, path] = route.split(' ');
      const response = await call(method, urlOf(path), user.token);
      const body = response.json<{ code?: string; message?: string }>();
      if (response.statusCode !== 403 || body.code !== MFA_ENROLMENT_REQUIRED)
        outcomes.push(`${route}: ${response.statusCode} ${JSON.stringify(body)}`);
    }
    expect(outcomes).toEqual([]);
    // Still signed in: the refusals ended nothing; the account says the enrolment is due.
    const account = await call('GET', API_PATHS.account, user.token);
    expect(account.statusCode).toBe(200);
    expect(account.json().data.second_factor_due).toBe(true);
    expect((await call('GET', TWO_FACTOR_PATHS.status, user.token)).statusCode).toBe(200);
    expect((await call('GET', PASSKEY_PATHS.list, user.token)).statusCode).toBe(200);
  });

  it('lifts the refusal at once when an authenticator app is confirmed (same token)', async () => {
    const user = await requiredUser();
    expectRefused(await call('GET', API_PATHS.dashboard, user.token));
    // Started but not confirmed: still refused.
    expect(
      (await call('POST', TWO_FACTOR_PATHS.status, user.token, { current_password: user.password }))
        .statusCode,
    ).toBe(200);
    expectRefused(await call('GET', API_PATHS.dashboard, user.token));
    await call('DELETE', TWO_FACTOR_PATHS.status, user.token);
    await enrolApp(user);
    expect((await call('GET', API_PATHS.dashboard, user.token)).statusCode).toBe(200);
    expect((await call('GET', API_PATHS.account, user.token)).json().data).not.toHaveProperty(
      'second_factor_due',
    );
  });

  it('lifts the refusal at once when a passkey is registered', async () => {
    const user = await requiredUser();
    expectRefused(await call('GET', '/api/roles', user.token));
    const options = await call('POST', PASSKEY_PATHS.registrationOptions, user.token, {
      current_password: user.password,
    });
    expect(options.statusCode).toBe(200);
    const { response } = createPasskey(options.json().data, t.config.publicUrl);
    const registered = await call('POST', PASSKEY_PATHS.list, user.token, { name: 'Laptop', response });
    expect(registered.statusCode).toBe(201);
    expect((await call('GET', '/api/roles', user.token)).statusCode).toBe(200);
  });

  it('comes back when an administrator resets the user’s factors, and goes when the role stops requiring it', async () => {
    const user = await requiredUser();
    await enrolApp(user);
    expect((await call('GET', API_PATHS.dashboard, user.token)).statusCode).toBe(200);
    expect((await call('DELETE', userTwoFactorPath(user.id), admin)).statusCode).toBe(200);
    expectRefused(await call('GET', API_PATHS.dashboard, user.token));

    const role = (await call('GET', `/api/roles/${user.roleId}`, admin)).json().data;
    const ids = role.permissions.map((permission: { id: number }) => permission.id);
    const off = await call('PUT', `/api/roles/${user.roleId}`, admin, {
      name: role.name,
      permissions: ids,
      require_second_factor: false,
      updated_at: role.updated_at,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.require_second_factor).toBe(false);
    expect((await call('GET', API_PATHS.dashboard, user.token)).statusCode).toBe(200);
  });

  it('does not touch users of other roles, nor the sign-in itself', async () => {
    const plain = await createTestUser(t.app, { roleId: await createRole(t.app, ['roles.index']) });
    const token = (await login(t.app, plain.email, plain.password)).access_token;
    expect((await call('GET', '/api/roles', token)).statusCode).toBe(200);
    // The password alone still signs in a user who must enrol: the enrolment follows the sign-in.
    const user = await requiredUser();
    expect(user.token).toEqual(expect.any(String));
  });
});

describe('the role’s "Require a second factor" field', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT', url: string, token: string, payload: object) =>
    t.app.inject({ method, url, headers: authHeader(token), payload });
  const latest = async (kind: AuditKind) =>
    (
      await t.app.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.kind, kind))
        .orderBy(desc(auditLogs.id))
        .limit(1)
    )[0];

  it('defaults to off, is stored, answered and audited as a change', async () => {
    const created = await send('POST', '/api/roles', admin, { name: 'Cashiers', permissions: [] });
    expect(created.statusCode).toBe(201);
    const role = created.json().data;
    expect(role.require_second_factor).toBe(false);

    const changed = await send('PUT', `/api/roles/${role.id}`, admin, {
      name: 'Cashiers',
      permissions: [],
      require_second_factor: true,
      updated_at: role.updated_at,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.require_second_factor).toBe(true);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/roles/${role.id}`,
      headers: authHeader(admin),
    });
    expect(read.json().data.require_second_factor).toBe(true);
    const audit = await latest('role.changed');
    expect(audit).toMatchObject({
      record_id: role.id,
      summary: 'Role Cashiers changed: now requires a second factor',
    });
    expect(audit.details).toEqual({
      added: [],
      removed: [],
      require_second_factor_before: false,
      require_second_factor_after: true,
    });
  });

  it('is refused as a 422 when it is not a boolean', async () => {
    const created = await send('POST', '/api/roles', admin, {
      name: 'Odd',
      permissions: [],
      require_second_factor: 'sometimes',
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toHaveProperty('require_second_factor');
  });

  it('is turned on only by a roles.update holder', async () => {
    const creator = await createTestUser(t.app, {
      roleId: await createRole(t.app, ['roles.store', 'roles.index']),
    });
    const token = (await login(t.app, creator.email, creator.password)).access_token;
    const refused = await send('POST', '/api/roles', token, {
      name: 'Guarded',
      permissions: [],
      require_second_factor: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: en.unauthorized });
    const plain = await send('POST', '/api/roles', token, {
      name: 'Unguarded',
      permissions: [],
      require_second_factor: false,
    });
    expect(plain.statusCode).toBe(201);
  });
});
