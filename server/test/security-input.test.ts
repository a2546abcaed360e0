import { LABELS, en, validation } from '../../src/shared/messages';
import { API_PATHS } from '../../src/shared/routes';
import { adminToken, authHeader, buildTestApp, TEST_ADMIN, TEST_CLIENT, type TestApp } from './helper';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

const PASSWORD = 'Quiet-Harbour-58';

/** Input no form sends but a caller can: refused with a 4xx naming the problem, never coerced or a 500. */
describe('strict input', () => {
  let t: TestApp;
  let admin: string;
  let roleId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
    roleId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/roles',
        headers: authHeader(admin),
        payload: { name: 'Plain', permissions: [] },
      })
    ).json().data.id;
  });
  afterAll(() => t.close());

  let seq = 0;
  const user = (fields: Record<string, unknown> = {}) => ({
    name: `Strict ${++seq}`,
    email: `strict${seq}@example.com`,
    role_id: roleId,
    status: 1,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    ...fields,
  });
  const createUser = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/users', headers: authHeader(admin), payload });
  const total = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/users', headers: authHeader(admin) })).json().meta.total;

  it('refuses an array or object where a string or number is expected, naming the field (422)', async () => {
    const before = await total();
    for (const [field, value] of [
      ['status', [1]],
      ['name', ['Alice']],
      ['name', {}],
      ['email', ['a@example.com']],
      ['role_id', { id: 1 }],
      ['phone_number', { toString: 'x' }],
    ] as const) {
      const response = await createUser(user({ [field]: value }));
      expect([field, response.statusCode]).toEqual([field, 422]);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: authHeader(admin),
      payload: { name: 'Nested', permissions: [[1]] },
    });
    expect(nested.statusCode).toBe(422);
    expect(Object.keys(nested.json().errors)).toEqual(['permissions[0]']);
    expect(await total()).toBe(before);
  });

  it('does not unwrap ["me@x"] as the username of a password grant', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: API_PATHS.token,
      payload: {
        grant_type: 'password',
        username: [TEST_ADMIN.email],
        password: TEST_ADMIN.password,
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request' });
    expect(response.json()).not.toHaveProperty('access_token');
  });

  it('refuses a JSON or form body, or a query string, that is not UTF-8 (400), and stores nothing', async () => {
    const before = await total();
    const json = Buffer.concat([
      Buffer.from('{"name":"Bad'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`","email":"bad@example.com","role_id":${roleId},"status":1}`),
    ]);
    const invalidJson = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...authHeader(admin), 'content-type': 'application/json' },
      payload: json,
    });
    expect(invalidJson.statusCode).toBe(400);
    expect(invalidJson.json()).toEqual({ message: SERVER_MESSAGES.invalidUtf8 });

    const form = await t.app.inject({
      method: 'POST',
      url: API_PATHS.passwordForgot,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%FF%FE@example.com',
    });
    expect(form.statusCode).toBe(400);
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/users?search=%C3%28',
      headers: authHeader(admin),
    });
    expect(query.statusCode).toBe(400);
    expect(await total()).toBe(before);
  });

  it('refuses an e-mail without a real domain (a@b, a@b.) everywhere the one e-mail rule applies', async () => {
    for (const email of ['a@b', 'a@b.', 'a@.com', 'a@b.c']) {
      const response = await createUser(user({ email }));
      expect([email, response.statusCode]).toEqual([email, 422]);
      expect(response.json().errors).toEqual({ email: [validation.email(LABELS.email)] });
    }
    const forgot = await t.app.inject({
      method: 'POST',
      url: API_PATHS.passwordForgot,
      payload: { email: 'me@localhost' },
    });
    expect(forgot.statusCode).toBe(422);
    expect((await createUser(user({ email: 'ok@mail.example.co' }))).statusCode).toBe(201);
  });

  it('applies the password policy to passwords set by an administrator: length, common, personal', async () => {
    for (const [password, message] of [
      ['Short-1', validation.min(LABELS.password, 12)],
      ['1q2w3e4r5t6y', en.passwordTooCommon.replace('{item}', LABELS.password)],
      // The administrator is told about the new user's name, not their own.
      ['strict-person-2024', en.passwordPersonalOfUser.replace('{item}', LABELS.password)],
    ]) {
      const response = await createUser(
        user({ name: 'Strict Person', password, password_confirmation: password }),
      );
      expect([password, response.statusCode]).toEqual([password, 422]);
      expect(response.json().errors.password).toEqual([message]);
    }
    const long = 'a long passphrase '.repeat(7).slice(0, 128);
    expect((await createUser(user({ password: long, password_confirmation: long }))).statusCode).toBe(201);
  });
});
