import { API_PATHS } from '../../src/shared/routes';
import { en } from '../../src/shared/messages';
import type { Status } from '../../src/shared/contracts/account';
import { OPTIONS_MAX } from '../../src/shared/limits';
import type { ListResponse, OptionItem } from '../../src/shared/resources/resource';
import { brands, categories, roles } from '../db/schema';
import { signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

const OPTION_PATHS = ['/api/brands/options', '/api/categories/options', '/api/roles/options'] as const;

/** `count` names of one width and prefix (so every collation orders them alike), shuffled by id. */
const shuffledNames = (prefix: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix} ${String(((i * 37) % count) + 1).padStart(5, '0')}`);

describe('GET /api/<group>/options', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string, token = admin) =>
    t.app.inject({ method: 'GET', url, headers: authHeader(token) });
  const options = async (url: string, token = admin) => {
    const response = await get(url, token);
    expect([url, response.statusCode]).toEqual([url, 200]);
    return response.json<{ data: OptionItem[] }>().data;
  };

  it('answers 401 without a token', async () => {
    for (const url of OPTION_PATHS) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([url, response.statusCode]).toEqual([url, 401]);
      expect(response.json()).toEqual({ message: en.unauthenticated });
    }
  });

  it('answers 403 to a user holding only unrelated keys', async () => {
    const { token } = await signInWith(t.app, admin, ['pages.index', 'news.index', 'news.store']);
    for (const url of OPTION_PATHS) {
      const response = await get(url, token);
      expect([url, response.statusCode]).toEqual([url, 403]);
      expect(response.json()).toEqual({ message: en.unauthorized });
    }
  });

  it('opens brand and category options to a products-only user, not role options', async () => {
    const { token } = await signInWith(t.app, admin, ['products.index', 'products.store', 'products.update']);
    await options('/api/brands/options', token);
    await options('/api/categories/options', token);
    expect((await get('/api/roles/options', token)).statusCode).toBe(403);
    // The options are all such a user gets: the brand list itself stays closed.
    expect((await get('/api/brands', token)).statusCode).toBe(403);
  });

  it('opens them to a holder of any key of a reader group, e.g. products.store alone', async () => {
    const { token } = await signInWith(t.app, admin, ['products.store']);
    await options('/api/brands/options', token);
    await options('/api/categories/options', token);
  });

  it('opens product options to content editors (a highlight picks its product, an article its products)', async () => {
    const { token } = await signInWith(t.app, admin, ['product-highlights.store']);
    await options('/api/products/options', token);
    expect((await get('/api/products', token)).statusCode).toBe(403);
    expect((await get('/api/brands/options', token)).statusCode).toBe(403);
    const article = await signInWith(t.app, admin, ['product-articles.update']);
    await options('/api/products/options', article.token);
  });

  it('opens role options to a users-only user, not brand or category options', async () => {
    const { token } = await signInWith(t.app, admin, ['users.index', 'users.store', 'users.update']);
    await options('/api/roles/options', token);
    expect((await get('/api/brands/options', token)).statusCode).toBe(403);
    expect((await get('/api/categories/options', token)).statusCode).toBe(403);
  });

  it('opens user options to audit log readers (the log filters by user), not to others', async () => {
    const reader = await signInWith(t.app, admin, ['audit-logs.index']);
    const users = await options('/api/users/options', reader.token);
    expect(users.length).toBeGreaterThan(0);
    expect(Object.keys(users[0]).sort()).toEqual(['id', 'name', 'status']);
    expect((await get('/api/users', reader.token)).statusCode).toBe(403);
    expect((await get('/api/roles/options', reader.token)).statusCode).toBe(403);
    const other = await signInWith(t.app, admin, ['brands.index']);
    expect((await get('/api/users/options', other.token)).statusCode).toBe(403);
  });

  it("opens them to a holder of the group's own index key", async () => {
    const { token } = await signInWith(t.app, admin, ['brands.index', 'categories.index', 'roles.index']);
    for (const url of OPTION_PATHS) await options(url, token);
  });

  it('answers every brand (more than one page of 100) as {id, name, status}, ordered by name', async () => {
    const names = shuffledNames('Brand', 130);
    const inserted = await t.app.db
      .insert(brands)
      .values(names.map((name, i) => ({ name, slug: `brand-${i}`, status: (i % 3 === 0 ? 0 : 1) as Status })))
      .returning({ id: brands.id, name: brands.name, status: brands.status });
    const data = await options('/api/brands/options');
    expect(data).toHaveLength(130);
    expect(data.map((option) => option.name)).toEqual([...names].sort());
    const byName = new Map(
      inserted.map((row) => [row.name, { id: row.id, name: row.name, status: row.status }]),
    );
    expect(data).toEqual(data.map((option) => byName.get(option.name)));
    expect(data.some((option) => option.status === 0)).toBe(true);
  });

  it('answers every role as {id, name}, in the order of the role list sorted by name', async () => {
    const names = shuffledNames('Team', 110);
    await t.app.db.insert(roles).values(names.map((name) => ({ name })));
    const data = await options('/api/roles/options');
    const listed: { id: number; name: string }[] = [];
    for (let page = 1; ; page += 1) {
      const response = await get(`/api/roles?sort=name&order=asc&per_page=100&page=${page}`);
      const body = response.json<ListResponse<{ id: number; name: string }>>();
      listed.push(...body.data.map(({ id, name }) => ({ id, name })));
      if (page >= body.meta.last_page) break;
    }
    expect(data.length).toBeGreaterThan(100);
    expect(data).toEqual(listed);
    expect(data.filter((option) => option.name.startsWith('Team ')).map((option) => option.name)).toEqual(
      [...names].sort(),
    );
  });

  it(`answers at most ${OPTIONS_MAX} rows, the first by name`, async () => {
    const names = shuffledNames('Cap', OPTIONS_MAX + 1);
    await t.app.db.insert(categories).values(names.map((name, i) => ({ name, slug: `cap-${i}` })));
    const data = await options('/api/categories/options');
    expect(data).toHaveLength(OPTIONS_MAX);
    expect(data.map((option) => option.name)).toEqual([...names].sort().slice(0, OPTIONS_MAX));
  });

  it('is no route of a resource without options: its `/:id` route refuses the word as an id', async () => {
    for (const url of ['/api/promotions/options', '/api/subscribes/options', '/api/news/options']) {
      const response = await get(url);
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.json()).toEqual({ message: SERVER_MESSAGES.notFoundBody });
    }
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API_PATHS.docs}/json` })).json<{
      paths: Record<string, { get?: { summary?: string; responses?: Record<string, unknown> } }>;
    }>();
    for (const url of OPTION_PATHS) {
      expect(doc.paths[url]?.get?.summary).toBeTruthy();
      expect(doc.paths[url]?.get?.responses).toHaveProperty(['200']);
    }
    expect(doc.paths['/api/users/options']?.get?.summary).toBeTruthy();
    expect(doc.paths['/api/subscribes/options']).toBeUndefined();
  });
});
