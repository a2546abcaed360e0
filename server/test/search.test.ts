import { format, en } from '../../src/shared/messages';
import { SEARCH_MESSAGES } from '../../src/shared/messages/search';
import { SEARCH_LIMITS, type SearchAnswer } from '../../src/shared/contracts/search';
import { API_PATHS, ROUTES } from '../../src/shared/routes';
import { contactForms } from '../db/schema';
import { createProduct, createTaxon } from './catalogFixtures';
import { signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

describe('search everything (GET /api/search)', () => {
  let t: TestApp;
  let admin: string;
  let brandIds: number[];
  let productId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
    brandIds = [];
    for (let i = 1; i <= SEARCH_LIMITS.perGroup + 2; i++)
      brandIds.push((await createTaxon(t, admin, '/api/brands', { name: `Osprey Works ${i}` })).id);
    const category = await createTaxon(t, admin, '/api/categories', { name: 'Osprey Pumps Range' });
    productId = (
      await createProduct(t, admin, { name: 'Osprey P-200', brand_id: brandIds[0], category_id: category.id })
    ).id;
    await t.app.db.insert(contactForms).values([
      {
        name: 'Grace',
        email: 'grace@example.org',
        subject: 'Osprey price',
        message: 'Hello',
        source: 'contact-page' as const,
      },
      {
        name: 'Bot',
        email: 'bot@example.org',
        subject: 'Osprey spam offer',
        message: 'Buy',
        source: 'contact-page' as const,
        state: 'spam',
      },
    ]);
  });
  afterAll(() => t.close());

  const search = (q: string | undefined, token = admin) =>
    t.app.inject({
      method: 'GET',
      url: q === undefined ? API_PATHS.search : `${API_PATHS.search}?q=${encodeURIComponent(q)}`,
      headers: authHeader(token),
    });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_PATHS.search}?q=osprey` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: en.unauthenticated });
  });

  it.each([
    [undefined, format(SEARCH_MESSAGES.tooShort, { min: SEARCH_LIMITS.minLength })],
    ['  os  ', format(SEARCH_MESSAGES.tooShort, { min: SEARCH_LIMITS.minLength })],
    [
      'x'.repeat(SEARCH_LIMITS.maxLength + 1),
      format(SEARCH_MESSAGES.tooLong, { max: SEARCH_LIMITS.maxLength }),
    ],
  ])('refuses the text %j with 422 on q', async (q, message) => {
    const response = await search(q);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message, errors: { q: [message] } });
  });

  it('groups the newest matches of every resource, says when there are more, and leaves Spam out', async () => {
    const response = await search('OSPREY');
    expect(response.statusCode).toBe(200);
    const { data } = response.json<SearchAnswer>();
    const byKey = Object.fromEntries(data.map((group) => [group.key, group]));
    expect(Object.keys(byKey).sort()).toEqual(['brands', 'categories', 'contactForms', 'products']);
    expect(byKey.brands).toEqual({
      key: 'brands',
      item: 'Brand',
      route: ROUTES.brands,
      results: [...brandIds]
        .reverse()
        .slice(0, SEARCH_LIMITS.perGroup)
        .map((id) => ({ id, title: `Osprey Works ${brandIds.indexOf(id) + 1}` })),
      more: true,
    });
    expect(byKey.products).toMatchObject({
      results: [{ id: productId, title: 'Osprey P-200' }],
      more: false,
    });
    expect(byKey.contactForms.results.map((hit) => hit.title)).toEqual(['Osprey price']);
    expect(byKey.categories.route).toBe(ROUTES.categories);
  });

  it('searches only what the caller may read, and names nothing else', async () => {
    const brandsOnly = await signInWith(t.app, admin, ['brands.index']);
    const answer = (await search('osprey', brandsOnly.token)).json<SearchAnswer>();
    expect(answer.data.map((group) => group.key)).toEqual(['brands']);
    const nothing = await signInWith(t.app, admin, ['subscribes.index']);
    const none = await search('osprey', nothing.token);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ data: [] });
  });

  it('takes LIKE wildcards literally and answers no groups when nothing matches', async () => {
    expect((await search('%%%')).json()).toEqual({ data: [] });
    expect((await search('o_prey')).json()).toEqual({ data: [] });
  });
});
