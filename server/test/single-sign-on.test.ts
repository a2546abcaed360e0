import { and, desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { MFA_GRANTS } from '../../src/shared/contracts/mfaGrants';
import { SSO_FRAGMENT, SSO_GRANT } from '../../src/shared/contracts/singleSignOn';
import { MFA_ENROLMENT_REQUIRED } from '../../src/shared/contracts/secondFactorEnrolment';
import { en } from '../../src/shared/messages';
import { SSO_MESSAGES } from '../../src/shared/messages/singleSignOn';
import { API_PATHS, ROUTES } from '../../src/shared/routes';
import { signInAtProvider, startOidcProvider, type TestProvider } from '../../test/oidcProvider';
import { loadConfig, type OidcSettings } from '../config';
import { auditLogs, roles, userAuthenticators, userIdentities, users } from '../db/schema';
import { SSO_COOKIE } from '../routes/singleSignOn';
import { createRole, createTestUser, setUserStatus } from './fixtures';
import { authHeader, buildTestApp, login, TEST_PUBLIC_URL, tokenRequest, type TestApp } from './helper';

/**
 * Single sign-on against a real OpenID Connect provider (`oidc-provider`, test/oidcProviderProcess.mjs) on
 * loopback: the start, the provider's login and consent pages, the callback's checks (the browser's
 * cookie, state, nonce and PKCE by openid-client), linking by verified e-mail, creating, refusing,
 * and the one-time code exchanged at /oauth/token for the same tokens as a password.
 */

const REDIRECT_URI = `${TEST_PUBLIC_URL}${API_PATHS.ssoCallback}`;
const LOGIN = `${TEST_PUBLIC_URL}${ROUTES.login}`;

let provider: TestProvider;
beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUri: REDIRECT_URI,
    accounts: {
      'unverified@example.com': { email_verified: false },
      'stringly@example.com': { email_verified: 'true' },
      'changed-address': { email: 'moved@example.com' },
    },
  });
});
afterAll(() => provider.stop());

const settingsOf = (overrides: Partial<OidcSettings> = {}): OidcSettings => ({
  ...loadConfig({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: 'Acme ID',
  }).oidc!,
  ...overrides,
});

const roomy = { max: 1000, windowMs: 60_000 };
const appWith = (overrides: Partial<OidcSettings> = {}) =>
  buildTestApp({
    oidc: settingsOf(overrides),
    rateLimit: { ...loadConfig({}).rateLimit, tokenPerIp: roomy, ssoPerIp: roomy },
  });

interface Started {
  authorizationUrl: string;
  cookie: string;
}

async function start(t: TestApp): Promise<Started> {
  const response = await t.app.inject({ method: 'GET', url: API_PATHS.ssoStart });
  expect(response.statusCode).toBe(302);
  const set = response.cookies.find((c) => c.name === SSO_COOKIE);
  expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/oauth/sso' });
  return { authorizationUrl: response.headers.location as string, cookie: `${SSO_COOKIE}=${set!.value}` };
}

const callback = (t: TestApp, answer: URL, cookie: string | undefined) =>
  t.app.inject({
    method: 'GET',
    url: `${API_PATHS.ssoCallback}${answer.search}`,
    headers: cookie ? { cookie } : {},
  });

/** Where the callback sent the browser: the one-time code, or the refusal's reason. */
function landing(response: { statusCode: number; headers: Record<string, unknown> }): {
  code?: string;
  error?: string;
} {
  expect(response.statusCode).toBe(303);
  const location = String(response.headers.location);
  expect(location.startsWith(`${LOGIN}#`)).toBe(true);
  const fragment = new URLSearchParams(location.slice(location.indexOf('#') + 1));
  return {
    code: fragment.get(SSO_FRAGMENT.code) ?? undefined,
    error: fragment.get(SSO_FRAGMENT.error) ?? undefined,
  };
}

/** The whole journey as `login` at the provider: where the browser lands on /login. */
async function signOn(t: TestApp, login: string) {
  const { authorizationUrl, cookie } = await start(t);
  const answer = await signInAtProvider(authorizationUrl, login, REDIRECT_URI);
  return landing(await callback(t, answer, cookie));
}

const exchange = (t: TestApp, code: string) => t.app.inject(tokenRequest({ grant_type: SSO_GRANT, code }));

const lastAudit = async (t: TestApp) =>
  (await t.app.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0];

describe('single sign-on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith();
  });
  afterAll(() => t.close());

  it('tells the SPA its button in /env.js', async () => {
    const response = await t.app.inject({ method: 'GET', url: API_PATHS.env });
    expect(response.body).toContain('"SSO_NAME":"Acme ID"');
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce', async () => {
    const { authorizationUrl } = await start(t);
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
  });

  it('links the user with the verified e-mail at the first sign-on, then answers the same tokens as a password', async () => {
    const user = await createTestUser(t.app);
    const { code, error } = await signOn(t, user.email);
    expect(error).toBeUndefined();
    expect(await lastAudit(t)).toMatchObject({ kind: 'sso.linked', record_id: user.id });

    const tokens = await exchange(t, code!);
    expect(tokens.statusCode).toBe(200);
    expect(tokens.json()).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number) });
    const account = await t.app.inject({
      method: 'GET',
      url: API_PATHS.account,
      headers: authHeader(tokens.json().access_token),
    });
    expect(account.json().data.email).toBe(user.email);
    expect(await lastAudit(t)).toMatchObject({
      kind: 'sign-in',
      actor_id: user.id,
      details: { method: 'sso' },
    });
    // The refresh token works as a password sign-in's does.
    const refreshed = await t.app.inject(
      tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.json().refresh_token }),
    );
    expect(refreshed.statusCode).toBe(200);
    // The next sign-on finds the user by the provider's subject, without linking again.
    const again = await signOn(t, user.email);
    expect((await exchange(t, again.code!)).statusCode).toBe(200);
    const links = await t.app.db.select().from(userIdentities).where(eq(userIdentities.user_id, user.id));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ issuer: provider.issuer, subject: user.email });
  });

  it('does not count the provider as a second factor: a role that requires one has its user enrol (issue 37)', async () => {
    const roleId = await createRole(t.app, ['roles.index']);
    await t.app.db.update(roles).set({ require_second_factor: true }).where(eq(roles.id, roleId));
    const user = await createTestUser(t.app, { roleId });
    const { code } = await signOn(t, user.email);
    const tokens = await exchange(t, code!);
    expect(tokens.statusCode).toBe(200);
    const headers = authHeader(tokens.json().access_token);
    const refused = await t.app.inject({ method: 'GET', url: '/api/roles', headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: MFA_ENROLMENT_REQUIRED });
    const account = await t.app.inject({ method: 'GET', url: API_PATHS.account, headers });
    expect(account.json().data).toMatchObject({ email: user.email, second_factor_due: true });
  });

  it('refuses a replayed one-time code, a made-up one and another client’s', async () => {
    const user = await createTestUser(t.app);
    const { code } = await signOn(t, user.email);
    expect((await exchange(t, code!)).statusCode).toBe(200);
    const replayed = await exchange(t, code!);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ error: 'invalid_grant', message: SSO_MESSAGES.invalidCode });
    expect((await exchange(t, 'made-up')).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await t.app.inject(tokenRequest({ grant_type: SSO_GRANT }))).json()).toMatchObject({
      error: 'invalid_request',
    });
    // A code is the SPA client's: presented with another client's credentials it is refused (and spent).
    const other = await signOn(t, user.email);
    const foreign = await t.app.inject({
      method: 'POST',
      url: API_PATHS.token,
      payload: { grant_type: SSO_GRANT, code: other.code, client_id: 'nobody', client_secret: 'x' },
    });
    expect(foreign.statusCode).toBe(401);
  });

  it('refuses a replayed callback: the provider’s code and the browser’s request are single-use', async () => {
    const user = await createTestUser(t.app);
    const { authorizationUrl, cookie } = await start(t);
    const answer = await signInAtProvider(authorizationUrl, user.email, REDIRECT_URI);
    expect(landing(await callback(t, answer, cookie)).code).toBeTruthy();
    expect(landing(await callback(t, answer, cookie))).toEqual({ error: 'expired' });
    // Even with a fresh request of this browser, the provider will not take its code twice.
    const fresh = await start(t);
    const state = new URL(fresh.authorizationUrl).searchParams.get('state')!;
    const replay = new URL(answer);
    replay.searchParams.set('state', state);
    expect(landing(await callback(t, replay, fresh.cookie))).toEqual({ error: 'provider' });
    expect(await lastAudit(t)).toMatchObject({
      kind: 'sign-in.failed',
      details: { method: 'sso', reason: 'provider' },
    });
  });

  it('refuses an answer whose state is not this browser’s request, and a callback without the cookie', async () => {
    const user = await createTestUser(t.app);
    const mine = await start(t);
    const theirs = await start(t);
    const answer = await signInAtProvider(theirs.authorizationUrl, user.email, REDIRECT_URI);
    // Another browser's answer (login CSRF): the state is not the one this cookie's request sent.
    expect(landing(await callback(t, answer, mine.cookie))).toEqual({ error: 'state' });
    expect(landing(await callback(t, answer, undefined))).toEqual({ error: 'expired' });
    const forged = new URL(answer);
    forged.searchParams.set('state', 'forged');
    expect(landing(await callback(t, forged, theirs.cookie))).toEqual({ error: 'state' });
  });

  it('refuses an e-mail the provider does not verify (false, or a string), and never links it', async () => {
    const victim = await createTestUser(t.app, { email: 'unverified@example.com' });
    expect(await signOn(t, 'unverified@example.com')).toEqual({ error: 'unverified' });
    expect(await lastAudit(t)).toMatchObject({
      kind: 'sign-in.failed',
      actor_email: 'unverified@example.com',
      details: { reason: 'unverified' },
    });
    await createTestUser(t.app, { email: 'stringly@example.com' });
    expect(await signOn(t, 'stringly@example.com')).toEqual({ error: 'unverified' });
    expect(await t.app.db.select().from(userIdentities).where(eq(userIdentities.user_id, victim.id))).toEqual(
      [],
    );
  });

  it('refuses an unknown person by default, creating nobody', async () => {
    expect(await signOn(t, 'stranger@example.com')).toEqual({ error: 'unknown' });
    expect(await t.app.db.select().from(users).where(eq(users.email, 'stranger@example.com'))).toEqual([]);
  });

  it('refuses a Not Active user, at the first sign-on and once linked, and a code issued before', async () => {
    const user = await createTestUser(t.app, { status: 0 });
    expect(await signOn(t, user.email)).toEqual({ error: 'inactive' });
    expect(await lastAudit(t)).toMatchObject({
      kind: 'sign-in.failed',
      record_id: user.id,
      details: { reason: 'inactive' },
    });

    const linked = await createTestUser(t.app);
    const { code } = await signOn(t, linked.email);
    await setUserStatus(t.app, linked.id, 0);
    expect((await exchange(t, code!)).json()).toMatchObject({ error: 'invalid_grant' });
    expect(await signOn(t, linked.email)).toEqual({ error: 'inactive' });
  });

  it('follows the user by subject when their address at the provider changes', async () => {
    const user = await createTestUser(t.app, { email: 'changed-address@example.com' });
    // Linked once (as the provider account whose e-mail is the user's) …
    await t.app.db
      .insert(userIdentities)
      .values({ user_id: user.id, issuer: provider.issuer, subject: 'changed-address' });
    // … its later sign-ons reach the user although the provider now says moved@example.com.
    const { code } = await signOn(t, 'changed-address');
    expect((await exchange(t, code!)).statusCode).toBe(200);
  });

  it('still asks a user with an authenticator app for its code (mfa_required), then signs them in', async () => {
    const user = await createTestUser(t.app);
    const secret = new Secret().base32;
    await t.app.db.insert(userAuthenticators).values({ user_id: user.id, secret, confirmed_at: new Date() });
    const { code } = await signOn(t, user.email);
    const answer = await exchange(t, code!);
    expect(answer.statusCode).toBe(403);
    const { mfa_token } = answer.json();
    expect(answer.json().error).toBe('mfa_required');
    const otp = TOTP.generate({ secret: Secret.fromBase32(secret) });
    const tokens = await t.app.inject(tokenRequest({ grant_type: MFA_GRANTS.otp, mfa_token, otp }));
    expect(tokens.statusCode).toBe(200);
  });
});

describe('single sign-on, configured otherwise', () => {
  it('creates an unknown person with OIDC_NEW_USER_ROLE, linked and audited', async () => {
    const t = await appWith({ newUserRole: 'Staff' });
    try {
      const [role] = await t.app.db.insert(roles).values({ name: 'Staff' }).returning({ id: roles.id });
      const { code } = await signOn(t, 'newcomer@example.com');
      const [created] = await t.app.db.select().from(users).where(eq(users.email, 'newcomer@example.com'));
      expect(created).toMatchObject({ role_id: role.id, status: 1, name: 'Person newcomer@example.com' });
      const audit = await t.app.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.kind, 'user.created'), eq(auditLogs.record_id, created.id)));
      expect(audit).toHaveLength(1);
      expect((await exchange(t, code!)).statusCode).toBe(200);
      // Still no one is created from an address the provider does not verify.
      expect(await signOn(t, 'unverified@example.com')).toEqual({ error: 'unverified' });
    } finally {
      await t.close();
    }
  });

  it('never creates a user with the Super Admin role', async () => {
    const t = await appWith({ newUserRole: 'Super Admin' });
    try {
      expect(await signOn(t, 'climber@example.com')).toEqual({ error: 'unknown' });
      expect(await t.app.db.select().from(users).where(eq(users.email, 'climber@example.com'))).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('with OIDC_PASSWORD_SIGN_IN=false refuses the right password of a linked user as a wrong one', async () => {
    const t = await appWith({ passwordSignIn: false });
    try {
      const linked = await createTestUser(t.app);
      const other = await createTestUser(t.app);
      await login(t.app, linked.email, linked.password);
      await signOn(t, linked.email);
      const refused = await t.app.inject(
        tokenRequest({ grant_type: 'password', username: linked.email, password: linked.password }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'invalid_grant', message: en.invalidCredentials });
      expect(await lastAudit(t)).toMatchObject({
        kind: 'sign-in.failed',
        details: { reason: 'password sign-in off (single sign-on)' },
      });
      await login(t.app, other.email, other.password);
    } finally {
      await t.close();
    }
  });

  it('sends the browser back with "unavailable" when the provider cannot be reached', async () => {
    const t = await appWith({ issuer: 'http://127.0.0.1:9' });
    try {
      const response = await t.app.inject({ method: 'GET', url: API_PATHS.ssoStart });
      expect(landing(response)).toEqual({ error: 'unavailable' });
    } finally {
      await t.close();
    }
  });

  it('is off without OIDC_*: no routes, no button, no grant', async () => {
    const t = await buildTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: API_PATHS.ssoStart })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: API_PATHS.env })).body).toContain('"SSO_NAME":""');
      expect((await exchange(t, 'x')).json()).toMatchObject({ error: 'unsupported_grant_type' });
    } finally {
      await t.close();
    }
  });
});
