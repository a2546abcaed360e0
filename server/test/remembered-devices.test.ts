import { desc, eq } from 'drizzle-orm';
import { parse as parseCookie } from 'cookie';
import { Secret, TOTP } from 'otpauth';
import {
  DEVICE_COOKIE,
  REMEMBER_DEVICE_DAYS,
  REMEMBERED_DEVICE_PATHS as PATHS,
} from '../../src/shared/contracts/rememberedDevices';
import { MFA_GRANTS, TWO_FACTOR_PATHS, userTwoFactorPath } from '../../src/shared/contracts/twoFactor';
import { REMEMBERED_DEVICE_MESSAGES as RM } from '../../src/shared/messages/rememberedDevices';
import { API_PATHS } from '../../src/shared/routes';
import { loadConfig } from '../config';
import { auditLogs, rememberedDevices } from '../db/schema';
import { setClock } from '../lib/clock';
import { sha256 } from '../lib/crypto';
import { createRole, createTestUser, type TestUser } from './fixtures';
import { adminToken, authHeader, buildTestApp, login, tokenRequest, type TestApp } from './helper';

/**
 * "Remember this device": a second step sent with remember_device=true sets an HttpOnly cookie;
 * a right password from that browser then skips mfa_required for 30 days, until the device is
 * forgotten (by its user, an administrator, a new password, two-factor off or reset).
 */

let clockMs = Date.now();
const tick = (ms = 30_000) => {
  clockMs += ms;
};
const codeNow = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clockMs });
const DAY = 24 * 60 * 60 * 1000;
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

beforeAll(() => setClock(() => clockMs));
afterAll(() => setClock(null));

interface Enrolled extends TestUser {
  id: number;
  secret: string;
  codes: string[];
}

const roomy = { max: 1000, windowMs: 60_000 };
const roomyLimits = () => ({
  ...loadConfig({}).rateLimit,
  tokenPerIp: roomy,
  mfaFailuresPerAccount: roomy,
  passwordPerIp: roomy,
  passwordFailuresPerAccount: roomy,
});

/** A password grant, from the browser holding `device` (the cookie's value) when given. */
const passwordGrant = (user: TestUser, device?: string, password = user.password) => ({
  ...tokenRequest({ grant_type: 'password', username: user.email, password }),
  headers: {
    'user-agent': UA,
    ...(device ? { cookie: `${DEVICE_COOKIE}=${encodeURIComponent(device)}` } : {}),
  },
});

const setCookieOf = (response: { headers: Record<string, unknown> }): string | undefined => {
  const header = response.headers['set-cookie'];
  return [header].flat().find((value): value is string => String(value).startsWith(`${DEVICE_COOKIE}=`));
};

function suite(t: () => TestApp) {
  async function enrol(user: TestUser): Promise<Enrolled> {
    const { access_token } = await login(t().app, user.email, user.password);
    const started = await t().app.inject({
      method: 'POST',
      url: TWO_FACTOR_PATHS.status,
      headers: authHeader(access_token),
      payload: { current_password: user.password },
    });
    const { secret } = started.json().data;
    const confirmed = await t().app.inject({
      method: 'POST',
      url: TWO_FACTOR_PATHS.confirm,
      headers: authHeader(access_token),
      payload: { code: await codeNow(secret) },
    });
    expect(confirmed.statusCode).toBe(200);
    tick();
    const me = await t().app.inject({
      method: 'GET',
      url: API_PATHS.account,
      headers: authHeader(access_token),
    });
    return { ...user, id: me.json().data.id, secret, codes: confirmed.json().data.recovery_codes };
  }

  /** A right password, then the code (remembered when `remember`): the answer of the second step. */
  async function secondStep(user: Enrolled, fields: Record<string, string>, device?: string) {
    const required = await t().app.inject(passwordGrant(user, device));
    expect(required.statusCode).toBe(403);
    const answer = await t().app.inject({
      ...tokenRequest({ mfa_token: required.json().mfa_token, ...fields }),
      headers: { 'user-agent': UA },
    });
    tick();
    return answer;
  }

  /** Signs in with a code and "remember": the cookie's value, and the signed-in access token. */
  async function remember(user: Enrolled): Promise<{ device: string; accessToken: string }> {
    const answer = await secondStep(user, {
      grant_type: MFA_GRANTS.otp,
      otp: await codeNow(user.secret),
      remember_device: 'true',
    });
    expect(answer.statusCode).toBe(200);
    const cookie = setCookieOf(answer);
    expect(cookie).toBeDefined();
    return { device: parseCookie(cookie!)[DEVICE_COOKIE]!, accessToken: answer.json().access_token };
  }

  const skips = async (user: TestUser, device: string) =>
    (await t().app.inject(passwordGrant(user, device))).statusCode === 200;

  return { enrol, secondStep, remember, skips };
}

describe('remembered devices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimit: roomyLimits() });
  });
  afterAll(() => t.close());
  const { enrol, secondStep, remember, skips } = suite(() => t);

  it('sets an HttpOnly, SameSite=Strict cookie on the token path for 30 days, keeps only its hash, and skips the code', async () => {
    const user = await enrol(await createTestUser(t.app));
    const answer = await secondStep(user, {
      grant_type: MFA_GRANTS.otp,
      otp: await codeNow(user.secret),
      remember_device: 'true',
    });
    const cookie = setCookieOf(answer)!;
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain(`Path=${API_PATHS.token}`);
    expect(cookie).toContain(`Max-Age=${REMEMBER_DEVICE_DAYS * 24 * 60 * 60}`);
    expect(cookie).not.toContain('Secure'); // PUBLIC_URL is http here
    const device = parseCookie(cookie)[DEVICE_COOKIE]!;
    const [row] = await t.app.db
      .select()
      .from(rememberedDevices)
      .where(eq(rememberedDevices.user_id, user.id));
    expect(row.token_hash).toBe(sha256(device));
    expect(row.token_hash).not.toBe(device);
    expect(row.expires_at.getTime()).toBe(clockMs - 30_000 + REMEMBER_DEVICE_DAYS * DAY);

    // The password is still needed: a wrong one with the cookie is refused as ever.
    const wrong = await t.app.inject(passwordGrant(user, device, 'not-it'));
    expect(wrong.statusCode).toBe(400);
    const skipped = await t.app.inject(passwordGrant(user, device));
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json().access_token).toEqual(expect.any(String));
    const [audit] = await t.app.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.kind, 'sign-in'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit.details).toMatchObject({ second_factor: 'remembered-device', device_id: row.id });
    // Without the cookie the second step is asked for.
    expect((await t.app.inject(passwordGrant(user))).statusCode).toBe(403);
  });

  it('remembers nothing unless asked, and works with a recovery code too', async () => {
    const user = await enrol(await createTestUser(t.app));
    const plain = await secondStep(user, { grant_type: MFA_GRANTS.otp, otp: await codeNow(user.secret) });
    expect(plain.statusCode).toBe(200);
    expect(setCookieOf(plain)).toBeUndefined();
    const recovery = await secondStep(user, {
      grant_type: MFA_GRANTS.recoveryCode,
      recovery_code: user.codes[0],
      remember_device: 'true',
    });
    expect(recovery.statusCode).toBe(200);
    expect(await skips(user, parseCookie(setCookieOf(recovery)!)[DEVICE_COOKIE]!)).toBe(true);
  });

  it('does not set a cookie when the code is wrong', async () => {
    const user = await enrol(await createTestUser(t.app));
    const wrong = await secondStep(user, {
      grant_type: MFA_GRANTS.otp,
      otp: '000000',
      remember_device: 'true',
    });
    expect(wrong.statusCode).toBe(400);
    expect(setCookieOf(wrong)).toBeUndefined();
  });

  it('asks for the second step again once 30 days have passed', async () => {
    const user = await enrol(await createTestUser(t.app));
    const { device, accessToken } = await remember(user);
    tick(REMEMBER_DEVICE_DAYS * DAY - 60_000);
    expect(await skips(user, device)).toBe(true);
    tick(60_000);
    expect((await t.app.inject(passwordGrant(user, device))).statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: PATHS.list, headers: authHeader(accessToken) });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([]);
  });

  it('does not stand for another user, nor when tampered with', async () => {
    const alice = await enrol(await createTestUser(t.app));
    const bob = await enrol(await createTestUser(t.app));
    const { device } = await remember(alice);
    const bobs = await t.app.inject(passwordGrant(bob, device));
    expect(bobs.statusCode).toBe(403);
    expect(bobs.json().error).toBe('mfa_required');
    expect((await t.app.inject(passwordGrant(alice, `${device.slice(0, -1)}x`))).statusCode).toBe(403);
    expect((await t.app.inject(passwordGrant(alice, 'made-up'))).statusCode).toBe(403);
    expect(await skips(alice, device)).toBe(true);
  });

  it('lists the own devices and forgets one or all; another user’s id is 404', async () => {
    const user = await enrol(await createTestUser(t.app));
    const other = await enrol(await createTestUser(t.app));
    const first = await remember(user);
    const second = await remember(user);
    const others = await remember(other);
    expect(await skips(user, first.device)).toBe(true);
    const headers = authHeader(second.accessToken);
    const list = await t.app.inject({ method: 'GET', url: PATHS.list, headers });
    const devices = list.json().data;
    expect(devices).toHaveLength(2);
    expect(devices[0]).toMatchObject({
      browser: 'Chrome 120.0',
      system: 'Linux',
      last_used_at: expect.any(String),
    });
    expect(devices[1].last_used_at).toBeNull();
    expect(devices[0].expires_at).toEqual(expect.any(String));

    const otherId = (
      await t.app.inject({ method: 'GET', url: PATHS.list, headers: authHeader(others.accessToken) })
    ).json().data[0].id;
    for (const id of [otherId, 999999, 'abc']) {
      const missing = await t.app.inject({ method: 'DELETE', url: PATHS.one(id), headers });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: RM.notFound });
    }
    expect(await skips(other, others.device)).toBe(true);

    const one = await t.app.inject({ method: 'DELETE', url: PATHS.one(devices[0].id), headers });
    expect(one.json()).toEqual({ message: RM.forgotten });
    expect(await skips(user, first.device)).toBe(false);
    expect(await skips(user, second.device)).toBe(true);
    const all = await t.app.inject({ method: 'DELETE', url: PATHS.list, headers });
    expect(all.json()).toMatchObject({ data: { forgotten: 1 } });
    expect(await skips(user, second.device)).toBe(false);
    const audited = await t.app.db.select().from(auditLogs).where(eq(auditLogs.kind, 'device.forgotten'));
    expect(audited.filter((entry) => entry.record_id === user.id)).toHaveLength(2);
  });

  it("lets holders of users.update list and forget a user's devices; others get 403", async () => {
    const user = await enrol(await createTestUser(t.app));
    const { device } = await remember(user);
    const admin = authHeader(await adminToken(t.app));
    const listed = await t.app.inject({ method: 'GET', url: PATHS.user(user.id), headers: admin });
    expect(listed.statusCode).toBe(200);
    const [row] = listed.json().data;

    const plain = await createTestUser(t.app, { roleId: await createRole(t.app, ['users.index']) });
    const plainHeaders = authHeader((await login(t.app, plain.email, plain.password)).access_token);
    for (const request of [
      { method: 'GET' as const, url: PATHS.user(user.id) },
      { method: 'DELETE' as const, url: PATHS.userOne(user.id, row.id) },
      { method: 'DELETE' as const, url: PATHS.user(user.id) },
    ])
      expect((await t.app.inject({ ...request, headers: plainHeaders })).statusCode).toBe(403);
    expect(await skips(user, device)).toBe(true);

    const stranger = await t.app.inject({
      method: 'DELETE',
      url: PATHS.userOne(plain.email.length + 100000, row.id),
      headers: admin,
    });
    expect(stranger.statusCode).toBe(404);
    const forgot = await t.app.inject({
      method: 'DELETE',
      url: PATHS.userOne(user.id, row.id),
      headers: admin,
    });
    expect(forgot.statusCode).toBe(200);
    expect(await skips(user, device)).toBe(false);
    const again = await remember(user);
    const all = await t.app.inject({ method: 'DELETE', url: PATHS.user(user.id), headers: admin });
    expect(all.json()).toMatchObject({ data: { forgotten: 1 } });
    expect(await skips(user, again.device)).toBe(false);
  });

  describe('every device is forgotten', () => {
    it('on a password change', async () => {
      const user = await enrol(await createTestUser(t.app));
      const { device, accessToken } = await remember(user);
      const password = 'Changed-Passw0rd!9';
      const changed = await t.app.inject({
        method: 'PUT',
        url: API_PATHS.accountPassword,
        headers: authHeader(accessToken),
        payload: { current_password: user.password, password, password_confirmation: password },
      });
      expect(changed.statusCode).toBe(200);
      expect((await t.app.inject(passwordGrant({ ...user, password }, device))).statusCode).toBe(403);
    });

    it('on a password reset', async () => {
      const user = await enrol(await createTestUser(t.app));
      const { device } = await remember(user);
      const before = (await t.mails()).length;
      await t.app.inject({ method: 'POST', url: API_PATHS.passwordForgot, payload: { email: user.email } });
      const mails = await t.mails();
      expect(mails.length).toBe(before + 1);
      const token = new URL(/https?:\/\/\S+/.exec(mails.at(-1)!.text)![0]).searchParams.get('token')!;
      const password = 'Reset-Passw0rd!9';
      const reset = await t.app.inject({
        method: 'POST',
        url: API_PATHS.passwordReset,
        payload: { token, email: user.email, password, password_confirmation: password },
      });
      expect(reset.statusCode).toBe(200);
      expect((await t.app.inject(passwordGrant({ ...user, password }, device))).statusCode).toBe(403);
    });

    it('when two-factor sign-in is turned off (and on again)', async () => {
      const user = await enrol(await createTestUser(t.app));
      const { device, accessToken } = await remember(user);
      const off = await t.app.inject({
        method: 'DELETE',
        url: TWO_FACTOR_PATHS.status,
        headers: authHeader(accessToken),
        payload: { current_password: user.password },
      });
      expect(off.statusCode).toBe(200);
      const again = await enrol(user);
      expect(await skips(again, device)).toBe(false);
    });

    it('when an administrator resets two-factor sign-in', async () => {
      const user = await enrol(await createTestUser(t.app));
      const { device } = await remember(user);
      const admin = authHeader(await adminToken(t.app));
      const reset = await t.app.inject({ method: 'DELETE', url: userTwoFactorPath(user.id), headers: admin });
      expect(reset.statusCode).toBe(200);
      const again = await enrol(user);
      expect(await skips(again, device)).toBe(false);
    });
  });
});

describe('remembered devices behind https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimit: roomyLimits(), publicUrl: 'https://admin.test' });
  });
  afterAll(() => t.close());
  const { enrol, secondStep } = suite(() => t);

  it('marks the cookie Secure', async () => {
    const user = await enrol(await createTestUser(t.app));
    const answer = await secondStep(user, {
      grant_type: MFA_GRANTS.otp,
      otp: await codeNow(user.secret),
      remember_device: 'true',
    });
    expect(setCookieOf(answer)).toContain('Secure');
  });
});
