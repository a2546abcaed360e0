import { LABELS, t as text } from '../../src/shared/messages';
import { API_PATHS } from '../../src/shared/routes';
import type { User } from '../../src/shared/resources/users';
import { createRole, createTestUser, putUser } from './fixtures';
import { adminToken, authHeader, buildTestApp, login, type TestApp } from './helper';

/** The product is "Acme Admin"; the company signs its mail "Northwind Traders". */
const APP_NAME = 'Acme Admin';
const MAIL_FROM = '"Northwind Traders" <no-reply@northwind.test>';
const refused = text('passwordOrganisation', { item: LABELS.password });

describe("a password holding the product's or the company's name", () => {
  let t: TestApp;
  let admin: string;
  let roleId: number;
  beforeAll(async () => {
    t = await buildTestApp({ appName: APP_NAME, mailFrom: MAIL_FROM });
    admin = await adminToken(t.app);
    roleId = await createRole(t.app);
  });
  afterAll(() => t.close());

  const errorsOf = (response: { statusCode: number; json: () => { errors?: Record<string, string[]> } }) => {
    expect(response.statusCode).toBe(422);
    return response.json().errors?.password ?? [];
  };

  // Case, spaces and punctuation do not hide a name.
  const PRODUCT = 'my-ACME admin 2026 key';
  const COMPANY = 'northwind_traders#Secret9';
  const FINE = 'Correct-Horse-Battery-9';

  let seq = 0;
  const createUser = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: authHeader(admin),
      payload: {
        name: `Person ${++seq}`,
        email: `names${seq}@example.com`,
        role_id: roleId,
        status: 1,
        password,
        password_confirmation: password,
      },
    });

  it('is refused when an administrator creates a user, and a password without them is taken', async () => {
    expect(errorsOf(await createUser(PRODUCT))).toContain(refused);
    expect(errorsOf(await createUser(COMPANY))).toContain(refused);
    expect((await createUser(FINE)).statusCode).toBe(201);
  });

  it("is refused when an administrator sets a user's password", async () => {
    const created = (await createUser(FINE)).json<{ data: User }>().data;
    const response = await putUser(t.app, admin, created, {
      password: PRODUCT,
      password_confirmation: PRODUCT,
    });
    expect(errorsOf(response)).toContain(refused);
    const fine = await putUser(t.app, admin, created, {
      password: 'Other-Horse-Battery-9',
      password_confirmation: 'Other-Horse-Battery-9',
    });
    expect(fine.statusCode).toBe(200);
  });

  it('is refused when users change their own password', async () => {
    const user = await createTestUser(t.app);
    const { access_token } = await login(t.app, user.email, user.password);
    const change = (password: string) =>
      t.app.inject({
        method: 'PUT',
        url: API_PATHS.accountPassword,
        headers: authHeader(access_token),
        payload: { current_password: user.password, password, password_confirmation: password },
      });
    expect(errorsOf(await change(COMPANY))).toContain(refused);
    expect((await change(FINE)).statusCode).toBe(200);
  });

  it('is refused when a password is set with a reset link', async () => {
    const user = await createTestUser(t.app);
    await t.app.inject({ method: 'POST', url: API_PATHS.passwordForgot, payload: { email: user.email } });
    const link = /https?:\/\/\S+/.exec((await t.mails()).at(-1)?.text ?? '')?.[0] ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    const reset = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: API_PATHS.passwordReset,
        payload: { token, email: user.email, password, password_confirmation: password },
      });
    expect(errorsOf(await reset(PRODUCT))).toContain(refused);
    expect((await reset(FINE)).statusCode).toBe(200);
  });
});
