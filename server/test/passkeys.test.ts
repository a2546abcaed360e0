import { desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { MFA_GRANTS, PASSKEY_GRANT } from '../../src/shared/contracts/mfaGrants';
import { PASSKEY_PATHS, PASSKEYS_PER_USER, passkeyPath } from '../../src/shared/contracts/passkeys';
import { TWO_FACTOR_PATHS, userTwoFactorPath } from '../../src/shared/contracts/twoFactor';
import { format, LABELS, validation } from '../../src/shared/messages';
import { PASSKEY_MESSAGES as M } from '../../src/shared/messages/passkeys';
import { TWO_FACTOR_MESSAGES } from '../../src/shared/messages/twoFactor';
import { loadConfig } from '../config';
import { auditLogs, passkeys } from '../db/schema';
import { setClock } from '../lib/clock';
import { sha256 } from '../lib/crypto';
import { upsertClient } from '../repositories/oauthClients';
import { createTestUser, setUserStatus, type TestUser } from './fixtures';
import {
  adminToken,
  authHeader,
  buildTestApp,
  login,
  TEST_CLIENT,
  TEST_PUBLIC_URL,
  tokenRequest,
  type TestApp,
} from './helper';
import { assertPasskey, createPasskey, type SoftPasskey } from './softAuthenticator';

/**
 * Passkeys on the server: registration from the account (current password, a single-use
 * challenge), a passkey as the second step after `mfa_required`, a passkey as the whole sign-in,
 * removal, the administrator's reset, and every refusal. The relying party is TEST_PUBLIC_URL.
 */

let clockMs = Date.now();
beforeAll(() => setClock(() => clockMs));
afterAll(() => setClock(null));

const ORIGIN = TEST_PUBLIC_URL;
const OTHER_CLIENT = { client_id: 'other-client', client_secret: 'other-secret' };
const spaClient: { client_id: string; client_secret: string } = {
  client_id: TEST_CLIENT.clientId,
  client_secret: TEST_CLIENT.clientSecret,
};

describe('passkeys', () => {
  let t: TestApp;
  beforeAll(async () => {
    const base = loadConfig({}).rateLimit;
    const roomy = { max: 1000, windowMs: 60_000 };
    t = await buildTestApp({
      rateLimit: {
        ...base,
        tokenPerIp: roomy,
        mfaFailuresPerAccount: roomy,
        passwordPerIp: roomy,
        passwordFailuresPerAccount: roomy,
      },
    });
    await upsertClient(t.app.db, 'Other', OTHER_CLIENT.client_id, sha256(OTHER_CLIENT.client_secret));
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, ...(token ? { headers: authHeader(token) } : {}) });

  async function registrationOptions(user: TestUser, token: string) {
    const response = await post(
      PASSKEY_PATHS.registrationOptions,
      { current_password: user.password },
      token,
    );
    expect(response.statusCode).toBe(200);
    return response.json().data;
  }

  /** Registers a new soft passkey for the user; its key and the token used. */
  async function register(user: TestUser, name = 'Laptop'): Promise<{ passkey: SoftPasskey; token: string }> {
    const { access_token } = await login(t.app, user.email, user.password);
    const options = await registrationOptions(user, access_token);
    const { passkey, response } = createPasskey(options, ORIGIN);
    const registered = await post(PASSKEY_PATHS.list, { name, response }, access_token);
    expect(registered.statusCode).toBe(201);
    return { passkey, token: access_token };
  }

  const signInOptions = async (client = spaClient) => {
    const response = await post(PASSKEY_PATHS.signInOptions, client);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const passkeyGrant = (assertion: unknown, client = spaClient) =>
    post('/oauth/token', { grant_type: PASSKEY_GRANT, assertion: JSON.stringify(assertion), ...client });

  const mfaTokenOf = async (user: TestUser, client = spaClient) => {
    const response = await post('/oauth/token', {
      grant_type: 'password',
      username: user.email,
      password: user.password,
      ...client,
    });
    expect(response.statusCode).toBe(403);
    return response.json();
  };
  const secondFactorOptions = (mfaToken: string, client = spaClient) =>
    post(PASSKEY_PATHS.secondFactorOptions, { mfa_token: mfaToken, ...client });
  const mfaPasskeyGrant = (mfaToken: string, assertion: unknown) =>
    t.app.inject(
      tokenRequest({
        grant_type: MFA_GRANTS.passkey,
        mfa_token: mfaToken,
        assertion: JSON.stringify(assertion),
      }),
    );

  const lastAudit = async () =>
    (await t.app.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0];

  const invalidGrant = (message: string) => ({ error: 'invalid_grant', error_description: message, message });

  describe('registration', () => {
    it('needs the current password and answers options for a discoverable, user-verified passkey of this site', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      const wrong = await post(
        PASSKEY_PATHS.registrationOptions,
        { current_password: 'not-it' },
        access_token,
      );
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ current_password: [validation.invalid(LABELS.currentPassword)] });
      const missing = await post(PASSKEY_PATHS.registrationOptions, {}, access_token);
      expect(missing.statusCode).toBe(422);

      const options = await registrationOptions(user, access_token);
      expect(options.rp).toEqual({ id: 'admin.test', name: expect.any(String) });
      expect(options.user.name).toBe(user.email);
      expect(options.authenticatorSelection).toMatchObject({
        residentKey: 'required',
        userVerification: 'required',
      });
      expect(options.challenge).toMatch(/^[\w-]{20,}$/);
    });

    it('registers a named passkey once per challenge, lists it, audits and mails it', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      const options = await registrationOptions(user, access_token);
      const { response } = createPasskey(options, ORIGIN);

      const noName = await post(PASSKEY_PATHS.list, { name: ' ', response }, access_token);
      expect(noName.statusCode).toBe(422);
      expect(noName.json().errors).toEqual({ name: [validation.required(M.name)] });
      const longName = await post(PASSKEY_PATHS.list, { name: 'x'.repeat(61), response }, access_token);
      expect(longName.statusCode).toBe(422);

      const mailsBefore = (await t.mails()).length;
      const created = await post(PASSKEY_PATHS.list, { name: 'Work laptop', response }, access_token);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        data: { name: 'Work laptop', synced: false, last_used_at: null },
        message: format(M.registered, { name: 'Work laptop' }),
      });
      expect(await lastAudit()).toMatchObject({ kind: 'passkey.added', record_id: user.id });
      expect((await t.mails()).slice(mailsBefore).map((mail) => mail.to)).toEqual([user.email]);

      // The same answer again: its challenge was consumed.
      const again = await post(PASSKEY_PATHS.list, { name: 'Again', response }, access_token);
      expect(again.statusCode).toBe(422);
      expect(again.json().errors).toEqual({ response: [M.challengeExpired] });

      const listed = await t.app.inject({
        method: 'GET',
        url: PASSKEY_PATHS.list,
        headers: authHeader(access_token),
      });
      expect(listed.json().data).toEqual([expect.objectContaining({ name: 'Work laptop' })]);
      // Nothing secret is answered.
      expect(JSON.stringify(listed.json())).not.toContain('public');
    });

    it('refuses an answer to another user’s challenge, an expired one, another origin, no user verification, junk', async () => {
      const user = await createTestUser(t.app);
      const other = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      const otherToken = (await login(t.app, other.email, other.password)).access_token;
      const refused = async (response: unknown, token = access_token) => {
        const answer = await post(PASSKEY_PATHS.list, { name: 'Key', response }, token);
        expect(answer.statusCode).toBe(422);
        return answer.json().errors.response;
      };

      // Another user's challenge (an attacker answering a victim's options), consumed by the attempt.
      const othersOptions = await registrationOptions(other, otherToken);
      expect(await refused(createPasskey(othersOptions, ORIGIN).response)).toEqual([M.challengeExpired]);

      const expiring = await registrationOptions(user, access_token);
      clockMs += 2 * 60_000 + 1;
      expect(await refused(createPasskey(expiring, ORIGIN).response)).toEqual([M.challengeExpired]);

      const foreign = await registrationOptions(user, access_token);
      expect(await refused(createPasskey(foreign, 'https://evil.example').response)).toEqual([
        M.registrationFailed,
      ]);

      const unverified = await registrationOptions(user, access_token);
      expect(await refused(createPasskey(unverified, ORIGIN, { userVerified: false }).response)).toEqual([
        M.registrationFailed,
      ]);

      expect(await refused({ id: 'x' })).toEqual([M.registrationFailed]);
      expect(await refused('not json')).toHaveLength(1);
      const none422 = await post(PASSKEY_PATHS.list, { name: 'Key' }, access_token);
      expect(none422.json().errors).toEqual({ response: [validation.required(M.response)] });
      const unknownChallenge = createPasskey(
        { challenge: 'bm90LWEtY2hhbGxlbmdl', rp: { id: 'admin.test' } },
        ORIGIN,
      );
      expect(await refused(unknownChallenge.response)).toEqual([M.challengeExpired]);

      const none = await t.app.inject({
        method: 'GET',
        url: PASSKEY_PATHS.list,
        headers: authHeader(access_token),
      });
      expect(none.json().data).toEqual([]);
      expect(
        (await post(PASSKEY_PATHS.registrationOptions, { current_password: user.password })).statusCode,
      ).toBe(401);
    });

    it(`stops at ${PASSKEYS_PER_USER} passkeys`, async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      await t.app.db.insert(passkeys).values(
        Array.from({ length: PASSKEYS_PER_USER }, (_, i) => ({
          user_id: user.id,
          name: `Key ${i}`,
          credential_id: `cred-${user.id}-${i}`,
          public_key: 'AA',
          device_type: 'singleDevice',
        })),
      );
      const full = await post(
        PASSKEY_PATHS.registrationOptions,
        { current_password: user.password },
        access_token,
      );
      expect(full.statusCode).toBe(409);
      expect(full.json().message).toBe(format(M.tooMany, { max: PASSKEYS_PER_USER }));
    });
  });

  describe('removal', () => {
    it('needs the current password; another user’s passkey is not found', async () => {
      const user = await createTestUser(t.app);
      const other = await createTestUser(t.app);
      const { token } = await register(user, 'Phone');
      const [row] = await t.app.db.select().from(passkeys).where(eq(passkeys.user_id, user.id));
      const otherToken = (await login(t.app, other.email, other.password)).access_token;

      const remove = (payload: object, as = token, id: number = row.id) =>
        t.app.inject({ method: 'DELETE', url: passkeyPath(id), headers: authHeader(as), payload });
      const notTheirs = await remove({ current_password: other.password }, otherToken);
      expect(notTheirs.statusCode).toBe(404);
      expect((await remove({ current_password: user.password }, token, 999_999)).statusCode).toBe(404);
      const wrong = await remove({ current_password: 'not-it' });
      expect(wrong.statusCode).toBe(422);
      expect((await remove({})).statusCode).toBe(422);

      const removed = await remove({ current_password: user.password });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().message).toBe(format(M.removed, { name: 'Phone' }));
      expect(await lastAudit()).toMatchObject({ kind: 'passkey.removed', record_id: user.id });
      // Signing in needs the password only again.
      expect(
        (
          await t.app.inject(
            tokenRequest({ grant_type: 'password', username: user.email, password: user.password }),
          )
        ).statusCode,
      ).toBe(200);
    });
  });

  describe('sign-in with a passkey', () => {
    it('answers the tokens for an assertion of a discoverable passkey, once', async () => {
      const user = await createTestUser(t.app);
      const { passkey } = await register(user);
      const options = await signInOptions();
      expect(options.allowCredentials).toEqual([]);
      expect(options.userVerification).toBe('required');
      expect(options.rpId).toBe('admin.test');

      const assertion = assertPasskey(passkey, options, ORIGIN);
      const signedIn = await passkeyGrant(assertion);
      expect(signedIn.statusCode).toBe(200);
      const account = await t.app.inject({
        method: 'GET',
        url: '/api/account',
        headers: authHeader(signedIn.json().access_token),
      });
      expect(account.json().data.email).toBe(user.email);
      expect(await lastAudit()).toMatchObject({
        kind: 'sign-in',
        actor_id: user.id,
        details: { method: 'passkey' },
      });

      // Replayed: the challenge is spent.
      const replay = await passkeyGrant(assertion);
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual(invalidGrant(M.challengeExpired));
    });

    it('refuses another client’s challenge, an expired one, another origin or RP, no user verification, an old counter, an unknown or inactive passkey', async () => {
      const user = await createTestUser(t.app);
      const { passkey, token: access_token } = await register(user);
      const refusedWith = async (assertion: unknown, message: string) => {
        const answer = await passkeyGrant(assertion);
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toEqual(invalidGrant(message));
      };

      await refusedWith(
        assertPasskey(passkey, await signInOptions(OTHER_CLIENT), ORIGIN),
        M.challengeExpired,
      );
      const expiring = await signInOptions();
      clockMs += 2 * 60_000 + 1;
      await refusedWith(assertPasskey(passkey, expiring, ORIGIN), M.challengeExpired);
      await refusedWith(assertPasskey(passkey, await signInOptions(), 'https://evil.example'), M.notAccepted);
      await refusedWith(
        assertPasskey(passkey, await signInOptions(), ORIGIN, { rpId: 'evil.example' }),
        M.notAccepted,
      );
      await refusedWith(
        assertPasskey(passkey, await signInOptions(), ORIGIN, { userVerified: false }),
        M.notAccepted,
      );
      // A cloned authenticator: the counter did not go up since the last accepted use.
      expect((await passkeyGrant(assertPasskey(passkey, await signInOptions(), ORIGIN))).statusCode).toBe(
        200,
      );
      await refusedWith(
        assertPasskey(passkey, await signInOptions(), ORIGIN, { keepCounter: true }),
        M.notAccepted,
      );
      // A registration challenge does not sign in.
      const registration = await registrationOptions(user, access_token);
      await refusedWith(
        assertPasskey(passkey, { challenge: registration.challenge, rpId: 'admin.test' }, ORIGIN),
        M.challengeExpired,
      );

      // An unknown credential (a key pair of the attacker's, signing a real challenge).
      const stranger = createPasskey({ challenge: 'x', rp: { id: 'admin.test' } }, ORIGIN).passkey;
      await refusedWith(assertPasskey(stranger, await signInOptions(), ORIGIN), M.notAccepted);

      await setUserStatus(t.app, user.id, 0);
      await refusedWith(assertPasskey(passkey, await signInOptions(), ORIGIN), M.notAccepted);
      await setUserStatus(t.app, user.id, 1);
    });

    it('refuses a missing or malformed assertion and a client that is not the SPA', async () => {
      const missing = await post('/oauth/token', { grant_type: PASSKEY_GRANT, ...spaClient });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ error: 'invalid_request', message: M.missingAssertion });
      for (const junk of [
        '{',
        '[]',
        JSON.stringify({ id: 'a', rawId: 'a', type: 'public-key', response: {} }),
        'x'.repeat(20_000),
      ]) {
        const answer = await post('/oauth/token', {
          grant_type: PASSKEY_GRANT,
          assertion: junk,
          ...spaClient,
        });
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toMatchObject({ error: 'invalid_request', message: M.invalidAssertion });
      }
      const badClient = await post(PASSKEY_PATHS.signInOptions, {
        client_id: TEST_CLIENT.clientId,
        client_secret: 'no',
      });
      expect(badClient.statusCode).toBe(401);
      expect((await post(PASSKEY_PATHS.signInOptions, {})).statusCode).toBe(401);
    });
  });

  describe('a passkey as the second step', () => {
    it('a right password of a user with a passkey answers mfa_required naming it; its assertion answers the tokens', async () => {
      const user = await createTestUser(t.app);
      const { passkey } = await register(user);
      const required = await mfaTokenOf(user);
      expect(required).toMatchObject({ error: 'mfa_required', mfa_factors: ['passkey'] });

      const options = await secondFactorOptions(required.mfa_token);
      expect(options.statusCode).toBe(200);
      expect(options.json().data.allowCredentials).toEqual([
        expect.objectContaining({ id: passkey.credentialId.toString('base64url') }),
      ]);
      const signedIn = await mfaPasskeyGrant(
        required.mfa_token,
        assertPasskey(passkey, options.json().data, ORIGIN),
      );
      expect(signedIn.statusCode).toBe(200);
      expect(await lastAudit()).toMatchObject({ kind: 'sign-in', details: { second_factor: 'passkey' } });
      // The mfa_token is spent.
      expect((await secondFactorOptions(required.mfa_token)).statusCode).toBe(400);
    });

    it('refuses options for a bad or another client’s mfa_token, and another user’s passkey or a sign-in challenge as the proof', async () => {
      const user = await createTestUser(t.app);
      const other = await createTestUser(t.app);
      const { passkey } = await register(user);
      const { passkey: othersPasskey } = await register(other);

      const bad = await secondFactorOptions('not-a-token');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(TWO_FACTOR_MESSAGES.invalidMfaToken);
      const { mfa_token } = await mfaTokenOf(user);
      expect((await secondFactorOptions(mfa_token, OTHER_CLIENT)).statusCode).toBe(400);

      // The other user's passkey answering this sign-in's challenge: refused, counted on the mfa_token.
      const options = (await secondFactorOptions(mfa_token)).json().data;
      const wrongUser = await mfaPasskeyGrant(mfa_token, assertPasskey(othersPasskey, options, ORIGIN));
      expect(wrongUser.statusCode).toBe(400);
      expect(wrongUser.json()).toEqual(invalidGrant(M.notAccepted));
      expect(await lastAudit()).toMatchObject({
        kind: 'sign-in.failed',
        record_id: user.id,
        details: { reason: 'passkey not accepted' },
      });
      // That challenge was consumed by the attempt: the right passkey needs new options.
      const spent = await mfaPasskeyGrant(mfa_token, assertPasskey(passkey, options, ORIGIN));
      expect(spent.statusCode).toBe(400);

      // A challenge of the passkey sign-in is not this sign-in's.
      const signIn = await signInOptions();
      expect((await mfaPasskeyGrant(mfa_token, assertPasskey(passkey, signIn, ORIGIN))).statusCode).toBe(400);
      // Another sign-in's challenge (of the same user) neither.
      const { mfa_token: second } = await mfaTokenOf(user);
      const othersChallenge = (await secondFactorOptions(second)).json().data;
      expect(
        (await mfaPasskeyGrant(mfa_token, assertPasskey(passkey, othersChallenge, ORIGIN))).statusCode,
      ).toBe(400);

      const missing = await t.app.inject(tokenRequest({ grant_type: MFA_GRANTS.passkey, mfa_token }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ error: 'invalid_request', message: M.missingAssertion });

      const fresh = (await secondFactorOptions(mfa_token)).json().data;
      expect((await mfaPasskeyGrant(mfa_token, assertPasskey(passkey, fresh, ORIGIN))).statusCode).toBe(200);
    });

    it('a user with an authenticator app and a passkey is offered both; a passkey-less one cannot ask for passkey options', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      const started = await post(TWO_FACTOR_PATHS.status, { current_password: user.password }, access_token);
      const secret = started.json().data.secret;
      const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clockMs });
      expect((await post(TWO_FACTOR_PATHS.confirm, { code }, access_token)).statusCode).toBe(200);
      const appOnly = await mfaTokenOf(user);
      expect(appOnly.mfa_factors).toEqual(['otp']);
      const noPasskey = await secondFactorOptions(appOnly.mfa_token);
      expect(noPasskey.statusCode).toBe(400);
      expect(noPasskey.json().message).toBe(M.noPasskeys);

      const options = await registrationOptions(user, access_token);
      expect(
        (
          await post(
            PASSKEY_PATHS.list,
            { name: 'Key', response: createPasskey(options, ORIGIN).response },
            access_token,
          )
        ).statusCode,
      ).toBe(201);
      expect((await mfaTokenOf(user)).mfa_factors).toEqual(['otp', 'passkey']);
    });
  });

  it("an administrator's reset removes the passkeys too", async () => {
    const user = await createTestUser(t.app);
    await register(user);
    const reset = await t.app.inject({
      method: 'DELETE',
      url: userTwoFactorPath(user.id),
      headers: authHeader(await adminToken(t.app)),
    });
    expect(reset.statusCode).toBe(200);
    expect(await t.app.db.select().from(passkeys).where(eq(passkeys.user_id, user.id))).toEqual([]);
    expect(
      (
        await t.app.inject(
          tokenRequest({ grant_type: 'password', username: user.email, password: user.password }),
        )
      ).statusCode,
    ).toBe(200);
  });
});
