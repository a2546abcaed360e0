import { desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import {
  MFA_GRANTS,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_PATHS,
  userTwoFactorPath,
} from '../../src/shared/contracts/twoFactor';
import { en, LABELS, validation } from '../../src/shared/messages';
import { TWO_FACTOR_MESSAGES as M } from '../../src/shared/messages/twoFactor';
import { API_PATHS } from '../../src/shared/routes';
import { loadConfig } from '../config';
import { auditLogs } from '../db/schema';
import { setClock } from '../lib/clock';
import { sha256 } from '../lib/crypto';
import { upsertClient } from '../repositories/oauthClients';
import { createRole, createTestUser, setUserStatus, type TestUser } from './fixtures';
import {
  adminToken,
  authHeader,
  buildTestApp,
  login,
  TEST_ADMIN,
  tokenRequest,
  type TestApp,
} from './helper';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

/**
 * Two-factor sign-in on the server: enrolment from the account, the password grant answering
 * `mfa_required`, the second-factor grants, and every refusal. The server's clock is the test's
 * (lib/clock), so each code is computed for a time step the test chose.
 */

let clockMs = Date.now();
const tick = (ms = 30_000) => {
  clockMs += ms;
};
/** The code an authenticator app shows at the server's time, or `offsetSteps` periods away. */
const codeNow = async (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clockMs + offsetSteps * 30_000 });

beforeAll(() => setClock(() => clockMs));
afterAll(() => setClock(null));

const passwordGrant = (user: TestUser) =>
  tokenRequest({ grant_type: 'password', username: user.email, password: user.password });
const otpGrant = (mfaToken: string, otp: string) =>
  tokenRequest({ grant_type: MFA_GRANTS.otp, mfa_token: mfaToken, otp });
const recoveryGrant = (mfaToken: string, code: string) =>
  tokenRequest({ grant_type: MFA_GRANTS.recoveryCode, mfa_token: mfaToken, recovery_code: code });

interface Enrolled extends TestUser {
  secret: string;
  codes: string[];
}

async function enrol(t: TestApp, user: TestUser): Promise<Enrolled> {
  const { access_token } = await login(t.app, user.email, user.password);
  const started = await t.app.inject({
    method: 'POST',
    url: TWO_FACTOR_PATHS.status,
    headers: authHeader(access_token),
    payload: { current_password: user.password },
  });
  expect(started.statusCode).toBe(200);
  const { secret } = started.json().data;
  const confirmed = await t.app.inject({
    method: 'POST',
    url: TWO_FACTOR_PATHS.confirm,
    headers: authHeader(access_token),
    payload: { code: await codeNow(secret) },
  });
  expect(confirmed.statusCode).toBe(200);
  tick();
  return { ...user, secret, codes: confirmed.json().data.recovery_codes };
}

/** A right password: the mfa_token it answers. */
async function mfaTokenOf(t: TestApp, user: TestUser): Promise<string> {
  const response = await t.app.inject(passwordGrant(user));
  expect(response.statusCode).toBe(403);
  return response.json().mfa_token;
}

const invalidGrant = (message: string) => ({ error: 'invalid_grant', error_description: message, message });

describe('two-factor sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    // This suite makes many token requests and wrong codes from one address; the limits have their own test below.
    const base = loadConfig({}).rateLimit;
    const roomy = { max: 1000, windowMs: 60_000 };
    t = await buildTestApp({ rateLimit: { ...base, tokenPerIp: roomy, mfaFailuresPerAccount: roomy } });
  });
  afterAll(() => t.close());

  describe('enrolment', () => {
    it('starts with the current password, stays off until a code is confirmed, then answers ten recovery codes once', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      const headers = authHeader(access_token);

      const wrong = await t.app.inject({
        method: 'POST',
        url: TWO_FACTOR_PATHS.status,
        headers,
        payload: { current_password: 'not-it' },
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ current_password: [validation.invalid(LABELS.currentPassword)] });

      const started = await t.app.inject({
        method: 'POST',
        url: TWO_FACTOR_PATHS.status,
        headers,
        payload: { current_password: user.password },
      });
      expect(started.statusCode).toBe(200);
      const { secret, otpauth_uri, qr_code } = started.json().data;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauth_uri).toContain(`secret=${secret}`);
      expect(otpauth_uri).toContain(encodeURIComponent(user.email));
      expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(qr_code.split(',')[1], 'base64').toString()).toContain('<svg');

      // Pending: sign-in still asks for the password only.
      expect((await t.app.inject(passwordGrant(user))).statusCode).toBe(200);
      const pending = await t.app.inject({ method: 'GET', url: TWO_FACTOR_PATHS.status, headers });
      expect(pending.json()).toEqual({ data: { enabled: false, recovery_codes_left: 0 } });

      const badCode = await t.app.inject({
        method: 'POST',
        url: TWO_FACTOR_PATHS.confirm,
        headers,
        payload: { code: await codeNow(secret, 5) },
      });
      expect(badCode.statusCode).toBe(422);
      expect(badCode.json().errors).toEqual({ code: [M.invalidCode] });
      const notDigits = await t.app.inject({
        method: 'POST',
        url: TWO_FACTOR_PATHS.confirm,
        headers,
        payload: { code: '12a456' },
      });
      expect(notDigits.statusCode).toBe(422);
      expect(notDigits.json().errors).toEqual({ code: [validation.invalid(M.code)] });

      const confirmed = await t.app.inject({
        method: 'POST',
        url: TWO_FACTOR_PATHS.confirm,
        headers,
        payload: { code: await codeNow(secret) },
      });
      expect(confirmed.statusCode).toBe(200);
      const codes: string[] = confirmed.json().data.recovery_codes;
      expect(confirmed.json().message).toBe(M.enabled);
      expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
      for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);

      const on = await t.app.inject({ method: 'GET', url: TWO_FACTOR_PATHS.status, headers });
      expect(on.json()).toEqual({ data: { enabled: true, recovery_codes_left: RECOVERY_CODE_COUNT } });
      expect(on.body).not.toContain(secret);

      // The active secret is never answered again, nor replaced.
      const again = await t.app.inject({
        method: 'POST',
        url: TWO_FACTOR_PATHS.status,
        headers,
        payload: { current_password: user.password },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: M.alreadyEnrolled });
      expect(again.body).not.toContain(secret);
      const reconfirm = await t.app.inject({
        method: 'POST',
        url: TWO_FACTOR_PATHS.confirm,
        headers,
        payload: { code: await codeNow(secret, 1) },
      });
      expect(reconfirm.statusCode).toBe(409);

      // Only hashes are stored.
      const stored = JSON.stringify(await t.app.db.execute('select code_hash from recovery_codes'));
      for (const code of codes) expect(stored).not.toContain(code);
      expect(stored).toContain(sha256(codes[0].replaceAll('-', '')));

      const mails = (await t.mails()).filter((mail) => mail.to === user.email);
      expect(mails.map((mail) => mail.subject)).toContain(
        `${t.config.appName}: Two-factor sign-in was turned on`,
      );
      const [entry] = await t.app.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.kind, 'two-factor.enabled'))
        .orderBy(desc(auditLogs.id))
        .limit(1);
      expect(entry).toMatchObject({ actor_email: user.email, record_id: user.id });
      tick();
    });

    it('refuses to confirm before an enrolment was started', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      const response = await t.app.inject({
        method: 'POST',
        url: TWO_FACTOR_PATHS.confirm,
        headers: authHeader(access_token),
        payload: { code: '123456' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: M.noPendingEnrolment });
    });

    it('needs a signed-in user', async () => {
      const response = await t.app.inject({ method: 'GET', url: TWO_FACTOR_PATHS.status });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: en.unauthenticated });
    });
  });

  describe('sign-in with a second factor', () => {
    let user: Enrolled;
    beforeAll(async () => {
      user = await enrol(t, await createTestUser(t.app));
    });

    it('answers a right password with 403 mfa_required and an mfa_token, and no tokens', async () => {
      const response = await t.app.inject(passwordGrant(user));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'mfa_required',
        error_description: M.mfaRequired,
        message: M.mfaRequired,
        mfa_token: expect.stringMatching(/^[\w-]{43}$/),
        mfa_factors: ['otp'],
      });
      expect(response.headers['cache-control']).toBe('no-store');
      // A wrong password still answers as before: the factor is asked only of who knows the password.
      const wrong = await t.app.inject(passwordGrant({ ...user, password: 'not-it' }));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject(invalidGrant(en.invalidCredentials));
    });

    it('issues the password grant’s tokens for the mfa_token and a code, once', async () => {
      const mfaToken = await mfaTokenOf(t, user);
      const response = await t.app.inject(otpGrant(mfaToken, await codeNow(user.secret)));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        token_type: 'Bearer',
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        expires_in: 3600,
      });
      const account = await t.app.inject({
        method: 'GET',
        url: API_PATHS.account,
        headers: authHeader(body.access_token),
      });
      expect(account.json().data.email).toBe(user.email);
      // The refresh token works like any other.
      const refreshed = await t.app.inject(
        tokenRequest({ grant_type: 'refresh_token', refresh_token: body.refresh_token }),
      );
      expect(refreshed.statusCode).toBe(200);

      const [entry] = await t.app.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.kind, 'sign-in'))
        .orderBy(desc(auditLogs.id))
        .limit(1);
      expect(entry).toMatchObject({ actor_email: user.email, details: { second_factor: 'otp' } });

      tick();
      // The used mfa_token is dead, even with a new right code.
      const reused = await t.app.inject(otpGrant(mfaToken, await codeNow(user.secret)));
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual(invalidGrant(M.invalidMfaToken));
      tick();
    });

    it('never accepts a code twice, nor a code of an earlier step than one used', async () => {
      const code = await codeNow(user.secret);
      const earlier = await codeNow(user.secret, -1);
      expect((await t.app.inject(otpGrant(await mfaTokenOf(t, user), code))).statusCode).toBe(200);
      const replay = await t.app.inject(otpGrant(await mfaTokenOf(t, user), code));
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual(invalidGrant(M.invalidCode));
      const older = await t.app.inject(otpGrant(await mfaTokenOf(t, user), earlier));
      expect(older.statusCode).toBe(400);
      expect(older.json()).toEqual(invalidGrant(M.invalidCode));
      tick();
    });

    it('refuses a wrong code, and a code far from now', async () => {
      const mfaToken = await mfaTokenOf(t, user);
      const wrongDigits = (await codeNow(user.secret)) === '000000' ? '111111' : '000000';
      expect((await t.app.inject(otpGrant(mfaToken, wrongDigits))).json()).toEqual(
        invalidGrant(M.invalidCode),
      );
      expect((await t.app.inject(otpGrant(mfaToken, await codeNow(user.secret, 3)))).json()).toEqual(
        invalidGrant(M.invalidCode),
      );
      // Not digits, too long: refused the same way, never a 500.
      for (const otp of ['abcdef', '1234567', ' ', '12 34 5']) {
        const response = await t.app.inject(otpGrant(mfaToken, otp));
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatch(/^invalid_(grant|request)$/);
      }
    });

    it('ends an mfa_token after five wrong codes', async () => {
      const mfaToken = await mfaTokenOf(t, user);
      const right = await codeNow(user.secret);
      const wrong = right === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        expect((await t.app.inject(otpGrant(mfaToken, wrong))).json()).toEqual(invalidGrant(M.invalidCode));
      }
      const late = await t.app.inject(otpGrant(mfaToken, right));
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual(invalidGrant(M.invalidMfaToken));
      tick();
    });

    it('ends an mfa_token after five minutes', async () => {
      const mfaToken = await mfaTokenOf(t, user);
      tick(5 * 60_000 + 1000);
      const response = await t.app.inject(otpGrant(mfaToken, await codeNow(user.secret)));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(invalidGrant(M.invalidMfaToken));
      tick();
    });

    it('refuses an unknown mfa_token, a missing one, a missing code and an mfa_token of another client', async () => {
      const code = await codeNow(user.secret);
      expect((await t.app.inject(otpGrant('made-up', code))).json()).toEqual(invalidGrant(M.invalidMfaToken));
      const noToken = await t.app.inject(tokenRequest({ grant_type: MFA_GRANTS.otp, otp: code }));
      expect(noToken.statusCode).toBe(400);
      expect(noToken.json()).toMatchObject({ error: 'invalid_request', message: M.missingMfaToken });
      const mfaToken = await mfaTokenOf(t, user);
      const noCode = await t.app.inject(tokenRequest({ grant_type: MFA_GRANTS.otp, mfa_token: mfaToken }));
      expect(noCode.json()).toMatchObject({ error: 'invalid_request', message: M.missingOtp });
      const noRecovery = await t.app.inject(
        tokenRequest({ grant_type: MFA_GRANTS.recoveryCode, mfa_token: mfaToken, otp: code }),
      );
      expect(noRecovery.json()).toMatchObject({ error: 'invalid_request', message: M.missingRecoveryCode });

      await upsertClient(t.app.db, 'Other', 'other-client', sha256('other-secret'));
      const otherClient = await t.app.inject({
        ...otpGrant(mfaToken, code),
        payload: {
          ...otpGrant(mfaToken, code).payload,
          client_id: 'other-client',
          client_secret: 'other-secret',
        },
      });
      expect(otherClient.statusCode).toBe(400);
      expect(otherClient.json()).toEqual(invalidGrant(M.invalidMfaToken));
      // The right client still can.
      expect((await t.app.inject(otpGrant(mfaToken, code))).statusCode).toBe(200);
      tick();
    });

    it('does not let another user’s code through with this user’s mfa_token', async () => {
      const other = await enrol(t, await createTestUser(t.app));
      const mfaToken = await mfaTokenOf(t, user);
      const response = await t.app.inject(otpGrant(mfaToken, await codeNow(other.secret)));
      // (The two secrets giving the same code in one step is a one-in-a-million chance.)
      expect(response.json()).toEqual(invalidGrant(M.invalidCode));
      // And the other user's own mfa_token signs in only the other user.
      const theirs = await t.app.inject(otpGrant(await mfaTokenOf(t, other), await codeNow(other.secret)));
      const account = await t.app.inject({
        method: 'GET',
        url: API_PATHS.account,
        headers: authHeader(theirs.json().access_token),
      });
      expect(account.json().data.email).toBe(other.email);
      tick();
    });

    it('refuses a user deactivated between the password and the code', async () => {
      const deactivated = await enrol(t, await createTestUser(t.app));
      const mfaToken = await mfaTokenOf(t, deactivated);
      await setUserStatus(t.app, deactivated.id, 0);
      const response = await t.app.inject(otpGrant(mfaToken, await codeNow(deactivated.secret)));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(invalidGrant(M.invalidMfaToken));
    });

    it('signs in once with each recovery code, typed with or without dashes, in any case', async () => {
      const [first, second] = user.codes;
      const signedIn = await t.app.inject(recoveryGrant(await mfaTokenOf(t, user), first.toUpperCase()));
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().access_token).toEqual(expect.any(String));
      const reused = await t.app.inject(recoveryGrant(await mfaTokenOf(t, user), first));
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual(invalidGrant(M.invalidRecoveryCode));
      const undashed = await t.app.inject(
        recoveryGrant(await mfaTokenOf(t, user), second.replaceAll('-', '')),
      );
      expect(undashed.statusCode).toBe(200);
      const wrong = await t.app.inject(recoveryGrant(await mfaTokenOf(t, user), 'aaaa-bbbb-cccc-dddd'));
      expect(wrong.json()).toEqual(invalidGrant(M.invalidRecoveryCode));

      const { access_token } = signedIn.json();
      const status = await t.app.inject({
        method: 'GET',
        url: TWO_FACTOR_PATHS.status,
        headers: authHeader(access_token),
      });
      expect(status.json().data.recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 2);
      const failures = await t.app.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.kind, 'sign-in.failed'))
        .orderBy(desc(auditLogs.id))
        .limit(1);
      expect(failures[0]).toMatchObject({
        actor_email: user.email,
        details: { reason: 'invalid recovery code' },
      });
    });
  });

  describe('new recovery codes and turning off', () => {
    it('makes new recovery codes (the old ones stop working) with the password or a code', async () => {
      const user = await enrol(t, await createTestUser(t.app));
      const signedIn = await t.app.inject(otpGrant(await mfaTokenOf(t, user), await codeNow(user.secret)));
      const headers = authHeader(signedIn.json().access_token);
      tick();
      const none = await t.app.inject({
        method: 'POST',
        url: TWO_FACTOR_PATHS.recoveryCodes,
        headers,
        payload: {},
      });
      expect(none.statusCode).toBe(422);
      expect(none.json().errors).toEqual({ current_password: [M.passwordOrCode] });
      const wrongCode = await t.app.inject({
        method: 'POST',
        url: TWO_FACTOR_PATHS.recoveryCodes,
        headers,
        payload: { code: await codeNow(user.secret, -1) },
      });
      expect(wrongCode.statusCode).toBe(422);
      expect(wrongCode.json().errors).toEqual({ code: [M.invalidCode] });
      const made = await t.app.inject({
        method: 'POST',
        url: TWO_FACTOR_PATHS.recoveryCodes,
        headers,
        payload: { code: await codeNow(user.secret) },
      });
      expect(made.statusCode).toBe(200);
      expect(made.json().message).toBe(M.codesRegenerated);
      const fresh: string[] = made.json().data.recovery_codes;
      expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
      expect(fresh).not.toContain(user.codes[0]);
      const old = await t.app.inject(recoveryGrant(await mfaTokenOf(t, user), user.codes[0]));
      expect(old.json()).toEqual(invalidGrant(M.invalidRecoveryCode));
      expect((await t.app.inject(recoveryGrant(await mfaTokenOf(t, user), fresh[0]))).statusCode).toBe(200);
      tick();
    });

    it('turns off with the current password: sign-in asks for the password only again', async () => {
      const user = await enrol(t, await createTestUser(t.app));
      const signedIn = await t.app.inject(otpGrant(await mfaTokenOf(t, user), await codeNow(user.secret)));
      const headers = authHeader(signedIn.json().access_token);
      const openToken = await mfaTokenOf(t, user);
      tick();
      const wrong = await t.app.inject({
        method: 'DELETE',
        url: TWO_FACTOR_PATHS.status,
        headers,
        payload: { current_password: 'not-it' },
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ current_password: [validation.invalid(LABELS.currentPassword)] });
      const off = await t.app.inject({
        method: 'DELETE',
        url: TWO_FACTOR_PATHS.status,
        headers,
        payload: { current_password: user.password },
      });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ message: M.disabled });
      expect((await t.app.inject(passwordGrant(user))).statusCode).toBe(200);
      // An mfa_token answered before is dead with the factor.
      const late = await t.app.inject(otpGrant(openToken, await codeNow(user.secret)));
      expect(late.json()).toEqual(invalidGrant(M.invalidMfaToken));
      const again = await t.app.inject({
        method: 'DELETE',
        url: TWO_FACTOR_PATHS.status,
        headers,
        payload: { current_password: user.password },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: M.notEnrolled });
      const mails = (await t.mails()).filter((mail) => mail.to === user.email);
      expect(mails.map((mail) => mail.subject)).toContain(
        `${t.config.appName}: Two-factor sign-in was turned off`,
      );
    });
  });
});

describe("an administrator's reset of a user's two-factor sign-in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const reset = (token: string, id: number) =>
    t.app.inject({ method: 'DELETE', url: userTwoFactorPath(id), headers: authHeader(token) });

  it('removes the factors of a user who lost them: audited, the user told, password-only sign-in again', async () => {
    const user = await enrol(t, await createTestUser(t.app));
    const response = await reset(await adminToken(t.app), user.id);
    expect(response.json()).toEqual({ message: M.resetDone });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: M.resetDone });
    expect((await t.app.inject(passwordGrant(user))).statusCode).toBe(200);
    const [entry] = await t.app.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.kind, 'two-factor.reset'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(entry).toMatchObject({ actor_email: TEST_ADMIN.email, record_id: user.id });
    const mail = (await t.mails()).find((sent) => sent.to === user.email && sent.subject.includes('reset'));
    expect(mail?.subject).toBe(
      `${t.config.appName}: Two-factor sign-in was reset by an administrator (${TEST_ADMIN.name})`,
    );
    // Nothing left to reset.
    expect((await reset(await adminToken(t.app), user.id)).statusCode).toBe(409);
  });

  it('is refused for a user holding more than the caller, for the caller, and for an unknown user', async () => {
    const editorRole = await createRole(t.app, ['users.index', 'users.update']);
    const editor = await createTestUser(t.app, { roleId: editorRole });
    const { access_token } = await login(t.app, editor.email, editor.password);
    const adminId: number = (
      await t.app.inject({
        method: 'GET',
        url: API_PATHS.account,
        headers: authHeader(await adminToken(t.app)),
      })
    ).json().data.id;
    const admin = await enrol(t, { id: adminId, email: TEST_ADMIN.email, password: TEST_ADMIN.password });
    const beyond = await reset(access_token, admin.id);
    expect(beyond.statusCode).toBe(403);
    // The Super Admin's factor is still asked for.
    expect((await t.app.inject(passwordGrant(admin))).statusCode).toBe(403);

    const self = await enrol(t, editor);
    const selfToken = (
      await t.app.inject(otpGrant(await mfaTokenOf(t, self), await codeNow(self.secret)))
    ).json().access_token;
    const own = await reset(selfToken, self.id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: M.resetOwn });
    expect((await reset(selfToken, 999_999)).statusCode).toBe(404);
    tick();
  });
});

describe('two-factor sign-in limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    const base = loadConfig({}).rateLimit;
    t = await buildTestApp({ rateLimit: { ...base, mfaFailuresPerAccount: { max: 3, windowMs: 60_000 } } });
  });
  afterAll(() => t.close());

  it('answers 429 after too many wrong codes for one account, whatever mfa_token they came with, even for a right code', async () => {
    const user = await enrol(t, await createTestUser(t.app));
    const right = await codeNow(user.secret);
    const wrong = right === '000000' ? '111111' : '000000';
    // Fresh mfa_tokens each time: the per-token limit of five is not what stops this.
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject(otpGrant(await mfaTokenOf(t, user), wrong))).statusCode).toBe(400);
    }
    const limited = await t.app.inject(otpGrant(await mfaTokenOf(t, user), right));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: SERVER_MESSAGES.tooManyRequests });
    const recovery = await t.app.inject(recoveryGrant(await mfaTokenOf(t, user), user.codes[0]));
    expect(recovery.statusCode).toBe(429);
    // Another account is not held back.
    const other = await enrol(t, await createTestUser(t.app));
    expect(
      (await t.app.inject(otpGrant(await mfaTokenOf(t, other), await codeNow(other.secret)))).statusCode,
    ).toBe(200);
  });
});
