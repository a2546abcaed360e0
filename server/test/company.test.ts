import { API_PATHS } from '../../src/shared/routes';
import sharp from 'sharp';
import { format, success } from '../../src/shared/messages';
import { REFUSAL_MESSAGES } from '../../src/shared/messages/refusals';
import { COMPANY_ITEM, type CompanySettings } from '../../src/shared/resources/company';
import { multipart, signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

const URL = API_PATHS.companySettings;

describe('/api/settings/company', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const read = async (token = admin) =>
    (await t.app.inject({ method: 'GET', url: URL, headers: authHeader(token) })).json<{
      data: CompanySettings;
    }>().data;
  const save = (payload: object, token = admin) =>
    t.app.inject({ method: 'PUT', url: URL, payload, headers: authHeader(token) });

  it('answers 401 without a token and 403 without settings.show / settings.update', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: URL, payload: {} })).statusCode).toBe(401);
    const { token } = await signInWith(t.app, admin, ['settings.show']);
    expect((await t.app.inject({ method: 'GET', url: URL, headers: authHeader(token) })).statusCode).toBe(
      200,
    );
    expect((await save({ updated_at: null }, token)).statusCode).toBe(403);
    const none = await signInWith(t.app, admin, ['users.index']);
    expect(
      (await t.app.inject({ method: 'GET', url: URL, headers: authHeader(none.token) })).statusCode,
    ).toBe(403);
  });

  it('reads every field as null before the first save, then saves and reads them back', async () => {
    const empty = await read();
    expect(empty).toMatchObject({ logo: null, description: null, updated_at: null });
    const logo = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipart([
      { name: 'file', value: logo, filename: 'logo.png', type: 'image/png' },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload,
      headers: { ...headers, ...authHeader(admin) },
    });
    const response = await save({
      logo: upload.json().data.id,
      description: 'We make things',
      facebook_link: 'https://facebook.com/acme',
      office_phone_number: '+62 21 555',
      updated_at: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: {
        logo: { id: upload.json().data.id, name: 'logo.png' },
        description: 'We make things',
        facebook_link: 'https://facebook.com/acme',
        office_phone_number: '+62 21 555',
        address: null,
        updated_at: expect.any(String),
      },
      message: success.updated(COMPANY_ITEM),
    });
    expect(await read()).toEqual(response.json().data);
  });

  it('returns 422 for links that are not http(s) URLs and for an unknown logo', async () => {
    const current = await read();
    const response = await save({
      ...current,
      logo: null,
      youtube_link: 'javascript:alert(1)',
      linkedin: 'not a url',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['linkedin', 'youtube_link']);
    const logo = await save({ ...current, logo: 999999 });
    expect(logo.json().errors).toEqual({ logo: ['Logo is invalid'] });
  });

  it('returns 409 for a stale updated_at and keeps the stored values', async () => {
    const current = await read();
    const first = await save({ ...current, logo: current.logo?.id ?? null, address: 'Jl. One' });
    expect(first.statusCode).toBe(200);
    const stale = await save({ ...current, logo: null, address: 'Jl. Two' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: format(REFUSAL_MESSAGES.staleUpdate, { item: COMPANY_ITEM }) });
    expect((await read()).address).toBe('Jl. One');
    // A save that starts from "never saved" is stale once someone has saved.
    expect((await save({ address: 'Jl. Three', updated_at: null })).statusCode).toBe(409);
  });
});
