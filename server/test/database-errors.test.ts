import { brandsResource } from '../../src/shared/resources/brands';
import { productsResource } from '../../src/shared/resources/products';
import { usersResource } from '../../src/shared/resources/users';
import { apiPath } from '../../src/shared/resources/resource';
import { databaseErrorAnswer } from '../lib/databaseErrors';
import { multipart } from './fixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

const BRANDS = apiPath(brandsResource);

describe('database refusals', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const brandCount = async () =>
    (await t.app.inject({ method: 'GET', url: BRANDS, headers: authHeader(admin) })).json<{
      meta: { total: number };
    }>().meta.total;

  it('answers a NUL byte in a text field with a 422, storing nothing', async () => {
    const before = await brandCount();
    const response = await t.app.inject({
      method: 'POST',
      url: BRANDS,
      headers: authHeader(admin),
      payload: { name: 'Nul\u0000Brand', slug: '', description: null, logo: null, status: 1 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: SERVER_MESSAGES.unstorableCharacter });
    expect(await brandCount()).toBe(before);
  });

  it('answers a NUL byte in an imported cell with a 422, storing nothing', async () => {
    const before = await brandCount();
    const file = multipart([
      {
        name: 'file',
        filename: 'brands.csv',
        type: 'text/csv',
        value: 'Name,Slug,Status\nGood,good,Active\nB\u0000d,bad,Active\n',
      },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `${BRANDS}/import`,
      headers: { ...authHeader(admin), ...file.headers },
      payload: file.payload,
    });
    expect(response.statusCode).toBe(422);
    expect(await brandCount()).toBe(before);
  });

  it.each([
    [`${apiPath(usersResource)}?role_ids=99999999999999999999`, 'role_ids'],
    [`${apiPath(productsResource)}?brand_ids=3000000000`, 'brand_ids'],
  ])('answers %s (past what a column holds) with a 422 naming %s, not a server error', async (url, field) => {
    const response = await t.app.inject({ method: 'GET', url, headers: authHeader(admin) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: `${field} is invalid`,
      errors: { [field]: [`${field} is invalid`] },
    });
  });

  it.each([
    [`${BRANDS}?page=99999999999999999999`, 'page'],
    [`${BRANDS}?date_from=0000-01-01`, 'date_from'],
    [`${BRANDS}/export?date_to=0000-01-01`, 'date_to'],
  ])('answers %s with a 422 on %s before anything is streamed', async (url, field) => {
    const response = await t.app.inject({ method: 'GET', url, headers: authHeader(admin) });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      [field]: [`${field} is invalid`],
    });
  });

  it('answers a file id past the integer range with a 422, storing nothing', async () => {
    const before = await brandCount();
    const response = await t.app.inject({
      method: 'POST',
      url: BRANDS,
      headers: authHeader(admin),
      payload: { name: 'Far Logo', slug: '', description: null, logo: 99_999_999_999, status: 1 },
    });
    expect(response.statusCode).toBe(422);
    expect(await brandCount()).toBe(before);
  });
});

describe('databaseErrorAnswer', () => {
  const wrapped = (code: string) =>
    Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('pg'), { code }) });

  it('maps a unique violation that raced past validation to a 409', () => {
    expect(databaseErrorAnswer(wrapped('23505'))).toEqual({
      status: 409,
      message: SERVER_MESSAGES.duplicateRecord,
    });
  });

  it('maps a foreign-key violation to a 409', () => {
    expect(databaseErrorAnswer(wrapped('23503'))).toEqual({
      status: 409,
      message: SERVER_MESSAGES.recordInUse,
    });
  });

  it('leaves anything else to the server error', () => {
    expect(databaseErrorAnswer(wrapped('57P01'))).toBeUndefined();
    expect(databaseErrorAnswer(Object.assign(new Error('socket'), { code: 'EPIPE' }))).toBeUndefined();
    expect(databaseErrorAnswer(new Error('plain'))).toBeUndefined();
  });
});
