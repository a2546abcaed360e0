import { LABELS, validation } from '../../src/shared/messages';
import { brandsResource } from '../../src/shared/resources/brands';
import { apiPath } from '../../src/shared/resources/resource';
import { ROLE_LABELS, rolesResource } from '../../src/shared/resources/roles';
import { usersResource } from '../../src/shared/resources/users';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

/** Input a form would never send, but a caller can: each gets a clear 422 naming the problem. */
describe('malformed bodies', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: string | object, type = 'application/json') =>
    t.app.inject({
      method,
      url,
      headers: { ...authHeader(admin), 'content-type': type },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const total = async (url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: authHeader(admin) })).json<{
      meta: { total: number };
    }>().meta.total;

  it('answers a body that is not an object of fields (text, a JSON array) with a 422 saying so', async () => {
    const brands = apiPath(brandsResource);
    const before = await total(brands);
    for (const response of [
      await send('POST', brands, 'hello', 'text/plain'),
      await send('POST', brands, '[1, 2]'),
    ]) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: SERVER_MESSAGES.bodyNotObject,
        errors: { body: [SERVER_MESSAGES.bodyNotObject] },
      });
    }
    expect(await total(brands)).toBe(before);
  });

  it('names the field of an id beyond the database range instead of failing', async () => {
    const response = await send('POST', apiPath(usersResource), {
      name: 'Far Away',
      email: 'far@example.com',
      role_id: 99_999_999_999,
      status: 1,
      password: 'a-long-secret-1',
      password_confirmation: 'a-long-secret-1',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ role_id: [validation.invalid(LABELS.role)] });
  });

  it('speaks the product templates, not Yup defaults, for a value of the wrong type', async () => {
    const roles = await send('POST', apiPath(rolesResource), { name: 'Typed', permissions: 'all' });
    expect(roles.statusCode).toBe(422);
    expect(roles.json().errors).toEqual({ permissions: [validation.invalid(ROLE_LABELS.permissions)] });

    // A value without its own type message gets the generic one (spec §5), never Yup's English.
    const item = await send('POST', apiPath(rolesResource), { name: 'Typed', permissions: ['x'] });
    expect(item.statusCode).toBe(422);
    expect(Object.values<string[]>(item.json().errors).flat().join(' ')).not.toContain('`');
  });
});
