import { API_PATHS } from '../../src/shared/routes';
import { format, success } from '../../src/shared/messages';
import { REFUSAL_MESSAGES } from '../../src/shared/messages/refusals';
import { PERMISSION_CATALOGUE } from '../../src/shared/permissions';
import type { ListResponse } from '../../src/shared/resources/resource';
import type { Permission, Role } from '../../src/shared/resources/roles';
import { eq } from 'drizzle-orm';
import { roles } from '../db/schema';
import { seed } from '../db/seed';
import { createTestUser, signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, TEST_ADMIN, type TestApp } from './helper';

describe('/api/roles and /api/permissions', () => {
  let t: TestApp;
  let admin: string;
  let catalogue: Permission[];
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
    catalogue = (await get(API_PATHS.permissions)).json<{ data: Permission[] }>().data;
  });
  afterAll(() => t.close());

  const get = (url: string, token = admin) =>
    t.app.inject({ method: 'GET', url, headers: authHeader(token) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, payload, headers: authHeader(token) });
  const idsOf = (...names: string[]) => catalogue.filter((p) => names.includes(p.name)).map((p) => p.id);
  const superRole = async () =>
    (await get('/api/roles?search=Super')).json<ListResponse<Role>>().data.find((role) => role.is_super)!;

  it('serves the whole permission catalogue sorted by id', async () => {
    expect(catalogue.map((p) => p.name)).toEqual(PERMISSION_CATALOGUE.map((p) => p.name));
    expect(catalogue.map((p) => p.id)).toEqual([...catalogue.map((p) => p.id)].sort((a, b) => a - b));
    expect(catalogue[0]).toEqual({ id: expect.any(Number), name: 'pages.index', method: 'GET' });
  });

  it('answers 401 without a token and 403 without the roles keys', async () => {
    for (const url of ['/api/roles', API_PATHS.permissions, '/api/roles/1']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const { token } = await signInWith(t.app, admin, ['users.index']);
    for (const [method, url] of [
      ['GET', '/api/roles'],
      ['GET', API_PATHS.permissions],
      ['GET', '/api/roles/1'],
      ['POST', '/api/roles'],
      ['PUT', '/api/roles/1'],
      ['DELETE', '/api/roles/1'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: authHeader(token) });
      expect([method, url, response.statusCode]).toEqual([method, url, 403]);
    }
  });

  it('seeds the Super Admin role flagged is_super with every permission', async () => {
    const role = await superRole();
    expect(role).toMatchObject({ name: 'Super Admin', is_super: true, users_count: 1 });
    expect(role.permissions).toEqual(catalogue);
  });

  it('flags the role named Super Admin on a database from before the flag existed', async () => {
    await t.app.db.update(roles).set({ is_super: false }).where(eq(roles.name, 'Super Admin'));
    await seed(t.app.db, t.config);
    expect(await superRole()).toMatchObject({ name: 'Super Admin', is_super: true });
  });

  it('creates a role with permission objects sorted by id', async () => {
    const response = await send('POST', '/api/roles', {
      name: 'Writers',
      permissions: idsOf('news.store', 'news.index'),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      data: {
        id: expect.any(Number),
        name: 'Writers',
        is_super: false,
        permissions: catalogue.filter((p) => p.name === 'news.index' || p.name === 'news.store'),
        users_count: 0,
        created_at: expect.any(String),
        require_second_factor: false,
        updated_at: expect.any(String),
        created_by: { id: expect.any(Number), name: TEST_ADMIN.name },
        updated_by: { id: expect.any(Number), name: TEST_ADMIN.name },
      },
      message: success.created('Role'),
    });
  });

  it('returns 422 for an empty name, a taken name and unknown permissions', async () => {
    const empty = await send('POST', '/api/roles', { name: ' ', permissions: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: ['Name is required'] });
    const taken = await send('POST', '/api/roles', { name: 'super admin', permissions: [] });
    expect(taken.json().errors).toEqual({ name: [format(REFUSAL_MESSAGES.taken, { item: 'Name' })] });
    const unknown = await send('POST', '/api/roles', { name: 'Ghosts', permissions: [999999] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ permissions: ['Permissions is invalid'] });
  });

  it('updates name and permissions, and refuses a stale updated_at with 409', async () => {
    const role = (await send('POST', '/api/roles', { name: 'Temp', permissions: [] })).json<{ data: Role }>()
      .data;
    const updated = await send('PUT', `/api/roles/${role.id}`, {
      name: 'Temp 2',
      permissions: idsOf('brands.index'),
      updated_at: role.updated_at,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      data: { name: 'Temp 2', permissions: [{ name: 'brands.index' }] },
      message: success.updated('Role'),
    });
    const stale = await send('PUT', `/api/roles/${role.id}`, {
      name: 'Temp 3',
      permissions: [],
      updated_at: role.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    expect((await get(`/api/roles/${role.id}`)).json().data).toMatchObject({
      name: 'Temp 2',
      permissions: [{ name: 'brands.index' }],
    });
  });

  it('keeps every permission on the super role (422) but lets it be renamed', async () => {
    const role = await superRole();
    const dropped = await send('PUT', `/api/roles/${role.id}`, {
      name: role.name,
      permissions: role.permissions.slice(1).map((p) => p.id),
      updated_at: role.updated_at,
    });
    expect(dropped.statusCode).toBe(422);
    expect(dropped.json().errors).toEqual({
      permissions: [format(REFUSAL_MESSAGES.superRoleKeepsPermissions, { role: 'Super Admin' })],
    });
    const renamed = await send('PUT', `/api/roles/${role.id}`, {
      name: 'Owners',
      permissions: role.permissions.map((p) => p.id),
      updated_at: role.updated_at,
    });
    expect(renamed.statusCode).toBe(200);
    const back = renamed.json<{ data: Role }>().data;
    await send('PUT', `/api/roles/${role.id}`, {
      name: 'Super Admin',
      permissions: back.permissions.map((p) => p.id),
      updated_at: back.updated_at,
    });
  });

  it('refuses to delete the super role or a role still in use (409), deletes an unused one', async () => {
    const role = await superRole();
    const superDelete = await send('DELETE', `/api/roles/${role.id}`);
    expect(superDelete.statusCode).toBe(409);
    expect(superDelete.json()).toEqual({
      message: format(REFUSAL_MESSAGES.superRoleUndeletable, { role: 'Super Admin' }),
    });

    const used = (await send('POST', '/api/roles', { name: 'Used', permissions: [] })).json().data.id;
    await createTestUser(t.app, { roleId: used });
    await createTestUser(t.app, { roleId: used });
    const inUse = await send('DELETE', `/api/roles/${used}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ message: 'Role is used by 2 users' });

    const unused = (await send('POST', '/api/roles', { name: 'Unused', permissions: [] })).json().data.id;
    const deleted = await send('DELETE', `/api/roles/${unused}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(success.deleted('Role'));
    expect((await get(`/api/roles/${unused}`)).statusCode).toBe(404);
  });

  it('lists with search, sort by users_count and paging', async () => {
    const sorted = (await get('/api/roles?sort=users_count&order=desc&per_page=100')).json<
      ListResponse<Role>
    >();
    const counts = sorted.data.map((role) => role.users_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const found = (await get('/api/roles?search=writ')).json<ListResponse<Role>>();
    expect(found.data.map((role) => role.name)).toEqual(['Writers']);
    expect((await get('/api/roles?sort=users_count&order=sideways')).statusCode).toBe(422);
    expect((await get('/api/roles?status=1')).statusCode).toBe(200);
  });
});
