import { eq } from 'drizzle-orm';
import type { User } from '../../src/shared/contracts/account';
import { PASSWORD_MIN } from '../../src/shared/limits';
import { LABELS, en, format, success, validation } from '../../src/shared/messages';
import { REFUSAL_MESSAGES } from '../../src/shared/messages/refusals';
import type { ListResponse } from '../../src/shared/resources/resource';
import { users } from '../db/schema';
import { createTestUser, putUser, signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, login, type TestApp } from './helper';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

const PASSWORD = 'User-Passw0rd!';
const ROUTES = [
  ['GET', '/api/users'],
  ['GET', '/api/users/1'],
  ['POST', '/api/users'],
  ['PUT', '/api/users/1'],
  ['DELETE', '/api/users/1'],
  ['GET', '/api/users/export'],
  ['POST', '/api/users/import'],
] as const;

describe('/api/users', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let editorRole: number;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
    adminId = (await get('/api/account')).json<{ data: User }>().data.id;
    editorRole = (
      await t.app.inject({
        method: 'POST',
        url: '/api/roles',
        headers: authHeader(admin),
        payload: { name: 'Editor', permissions: [] },
      })
    ).json().data.id;
  });
  afterAll(() => t.close());

  const get = (url: string, token = admin) =>
    t.app.inject({ method: 'GET', url, headers: authHeader(token) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, payload, headers: authHeader(token) });
  const list = async (query: string) => (await get(`/api/users?${query}`)).json<ListResponse<User>>();

  let seq = 0;
  const create = async (fields: Partial<Record<string, unknown>> = {}) => {
    const response = await send('POST', '/api/users', {
      name: `Person ${++seq}`,
      email: `person${seq}@example.com`,
      role_id: editorRole,
      status: 1,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      ...fields,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: User }>().data;
  };
  const edit = (user: User, fields: Record<string, unknown> = {}, token = admin) =>
    putUser(t.app, token, user, fields);

  describe('guards', () => {
    it.each(ROUTES)('answers 401 to %s %s without a token', async (method, url) => {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: en.unauthenticated });
    });

    it('answers 403 to every route when the role lacks the users keys', async () => {
      const { token } = await signInWith(t.app, admin, ['roles.index']);
      for (const [method, url] of ROUTES) {
        const response = await t.app.inject({ method, url, headers: authHeader(token) });
        expect([method, url, response.statusCode]).toEqual([method, url, 403]);
        expect(response.json()).toEqual({ message: en.unauthorized });
      }
    });

    it('lets a role with only users.index read but not write', async () => {
      const { token } = await signInWith(t.app, admin, ['users.index']);
      expect((await get('/api/users', token)).statusCode).toBe(200);
      expect((await send('POST', '/api/users', {}, token)).statusCode).toBe(403);
    });
  });

  describe('create, show, update, delete', () => {
    it('creates a user with a lower-cased e-mail and answers the User object with the success text', async () => {
      const response = await send('POST', '/api/users', {
        name: 'Ann Lee',
        email: 'Ann.Lee@Example.com',
        phone_number: '+62 811 000',
        role_id: editorRole,
        status: 1,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      expect(response.statusCode).toBe(201);
      const { data, message } = response.json<{ data: User; message: string }>();
      expect(message).toBe(success.created('User'));
      expect(data).toMatchObject({
        name: 'Ann Lee',
        email: 'ann.lee@example.com',
        phone_number: '+62 811 000',
        status: 1,
        role: { id: editorRole, name: 'Editor' },
        photo: null,
        permissions: [],
      });
      expect(data).not.toHaveProperty('password_hash');
      expect((await login(t.app, 'ann.lee@example.com', PASSWORD)).access_token).toBeTruthy();
      const [row] = await t.app.db
        .select({ created_by: users.created_by, updated_by: users.updated_by })
        .from(users)
        .where(eq(users.id, data.id));
      expect(row).toEqual({ created_by: adminId, updated_by: adminId });
      expect((await get(`/api/users/${data.id}`)).json().data).toEqual(data);
    });

    it('returns 422 with the product templates for a bad body', async () => {
      const response = await send('POST', '/api/users', {
        name: '',
        email: 'nope',
        role_id: editorRole,
        status: 1,
        password: 'short',
        password_confirmation: 'other',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toMatchObject({
        name: ['Name is required'],
        email: ['Email does not match'],
        password: [validation.min(LABELS.password, PASSWORD_MIN)],
        password_confirmation: ['Password Confirmation you entered does not match'],
      });
    });

    it('returns 422 on email when the address is taken (in any case) and on role_id when the role is unknown', async () => {
      const existing = await create();
      const taken = await send('POST', '/api/users', {
        name: 'X',
        email: existing.email.toUpperCase(),
        role_id: editorRole,
        status: 1,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({ email: [SERVER_MESSAGES.emailTaken] });
      const noRole = await edit(existing, { role_id: 99999 });
      expect(noRole.statusCode).toBe(422);
      expect(noRole.json().errors).toEqual({ role_id: ['Role is invalid'] });
      const noPhoto = await edit(existing, { photo: 99999 });
      expect(noPhoto.json().errors).toEqual({ photo: ['Photo is invalid'] });
    });

    it('answers 404 Not Found for an unknown or malformed id', async () => {
      for (const url of ['/api/users/999999', '/api/users/abc']) {
        const response = await get(url);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Not Found' });
      }
      expect((await send('DELETE', '/api/users/999999')).statusCode).toBe(404);
    });

    it('updates a user, keeping the password unless a new one is given', async () => {
      const user = await create();
      const response = await edit(user, { name: 'Renamed', phone_number: '123' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        data: { name: 'Renamed', phone_number: '123' },
        message: success.updated('User'),
      });
      expect((await login(t.app, user.email, PASSWORD)).access_token).toBeTruthy();
      const updated = response.json<{ data: User }>().data;
      await edit(updated, { password: 'New-Passw0rd!', password_confirmation: 'New-Passw0rd!' });
      expect((await login(t.app, user.email, 'New-Passw0rd!')).access_token).toBeTruthy();
    });

    it('returns 409 for an update carrying a stale updated_at, and stores nothing', async () => {
      const user = await create();
      expect((await edit(user, { name: 'First' })).statusCode).toBe(200);
      const stale = await edit(user, { name: 'Second' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: format(REFUSAL_MESSAGES.staleUpdate, { item: 'User' }) });
      expect((await get(`/api/users/${user.id}`)).json().data.name).toBe('First');
    });

    it('deletes a user and kills their tokens', async () => {
      const user = await create();
      const { access_token } = await login(t.app, user.email, PASSWORD);
      const response = await send('DELETE', `/api/users/${user.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ data: { id: user.id }, message: success.deleted('User') });
      expect((await get(`/api/users/${user.id}`)).statusCode).toBe(404);
      expect((await get('/api/account', access_token)).statusCode).toBe(401);
    });
  });

  describe('account safety', () => {
    it('refuses to delete yourself (409) or deactivate yourself (422 on status)', async () => {
      const self = (await get(`/api/users/${adminId}`)).json<{ data: User }>().data;
      const deleted = await send('DELETE', `/api/users/${adminId}`);
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json()).toEqual({ message: REFUSAL_MESSAGES.cannotDeleteSelf });
      const deactivated = await edit(self, { status: 0 });
      expect(deactivated.statusCode).toBe(422);
      expect(deactivated.json().errors).toEqual({ status: [REFUSAL_MESSAGES.cannotDeactivateSelf] });
    });

    it('protects a Super Admin from deletion, deactivation and a role change by anyone who is not one (403)', async () => {
      const { token } = await signInWith(t.app, admin, ['users.index', 'users.update', 'users.destroy']);
      const self = (await get(`/api/users/${adminId}`)).json<{ data: User }>().data;
      for (const response of [
        await send('DELETE', `/api/users/${adminId}`, undefined, token),
        await edit(self, { status: 0 }, token),
        await edit(self, { role_id: editorRole }, token),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: REFUSAL_MESSAGES.userBeyondYou });
      }
      expect((await get(`/api/users/${adminId}`)).json().data).toMatchObject({
        status: 1,
        role: { name: 'Super Admin' },
      });
    });

    it('lets a Super Admin be deactivated while another active one remains', async () => {
      const superRole = (await get(`/api/users/${adminId}`)).json().data.role.id;
      const other = await create({ role_id: superRole });
      const response = await edit(other, { status: 0 });
      expect(response.statusCode).toBe(200);
    });

    it('applies a role change on the next request of that user', async () => {
      const limited = await signInWith(t.app, admin, ['users.index']);
      expect((await get('/api/users', limited.token)).statusCode).toBe(200);
      const role = (await get(`/api/roles/${limited.roleId}`)).json().data;
      const changed = await send('PUT', `/api/roles/${limited.roleId}`, {
        name: role.name,
        permissions: [],
        updated_at: role.updated_at,
      });
      expect(changed.statusCode).toBe(200);
      expect((await get('/api/users', limited.token)).statusCode).toBe(403);
    });

    it('signs a user out everywhere when deactivated', async () => {
      const user = await create();
      const { access_token } = await login(t.app, user.email, PASSWORD);
      expect((await get('/api/account', access_token)).statusCode).toBe(200);
      expect((await edit(user, { status: 0 })).statusCode).toBe(200);
      expect((await get('/api/account', access_token)).statusCode).toBe(401);
      // Reactivating does not bring the revoked token back.
      const inactive = (await get(`/api/users/${user.id}`)).json<{ data: User }>().data;
      await edit(inactive, { status: 1 });
      expect((await get('/api/account', access_token)).statusCode).toBe(401);
    });
  });

  describe('list', () => {
    let roleA: number;
    beforeAll(async () => {
      roleA = (await send('POST', '/api/roles', { name: 'List Role', permissions: [] })).json().data.id;
      for (const [name, status, day] of [
        ['Zed 100%_list', 1, '2020-01-01'],
        ['Yan list', 0, '2020-01-02'],
        ['Xia list', 1, '2020-01-03'],
      ] as const) {
        const user = await create({ name, status, role_id: roleA, phone_number: '555' });
        await t.app.db
          .update(users)
          .set({ created_at: new Date(`${day}T12:00:00Z`) })
          .where(eq(users.id, user.id));
      }
      for (let i = 0; i < 12; i++) await createTestUser(t.app, { roleId: roleA });
    });

    it('pages with meta', async () => {
      const page2 = await list(`role_ids=${roleA}&per_page=10&page=2`);
      expect(page2.meta).toEqual({ current_page: 2, per_page: 10, total: 15, last_page: 2 });
      expect(page2.data).toHaveLength(5);
      const page1 = await list(`role_ids=${roleA}&per_page=10&page=1`);
      const ids = new Set([...page1.data, ...page2.data].map((user) => user.id));
      expect(ids.size).toBe(15);
    });

    it('searches name, email and phone number, with % and _ matched literally', async () => {
      expect((await list('search=100%25_')).data.map((user) => user.name)).toEqual(['Zed 100%_list']);
      expect((await list('search=%25')).data.map((user) => user.name)).toEqual(['Zed 100%_list']);
      expect((await list(`search=LIST&role_ids=${roleA}`)).meta.total).toBe(3);
      expect((await list(`search=555&role_ids=${roleA}`)).meta.total).toBe(3);
    });

    it('filters by status and by an inclusive date range on created_at', async () => {
      const active = await list(`role_ids=${roleA}&status=0`);
      expect(active.data.map((user) => user.name)).toEqual(['Yan list']);
      expect((await list(`role_ids=${roleA}&status=1,0`)).meta.total).toBe(15);
      const range = await list(`date_from=2020-01-02&date_to=2020-01-03&sort=name&order=asc`);
      expect(range.data.map((user) => user.name)).toEqual(['Xia list', 'Yan list']);
    });

    it('sorts by a whitelisted column, including the role name', async () => {
      const byName = await list(`role_ids=${roleA}&search=list&sort=name&order=asc`);
      expect(byName.data.map((user) => user.name)).toEqual(['Xia list', 'Yan list', 'Zed 100%_list']);
      const byRole = await list('sort=role&order=desc&per_page=100');
      const roleNames = byRole.data.map((user) => user.role?.name ?? '');
      expect(roleNames.filter(Boolean)).toEqual([...roleNames.filter(Boolean)].sort().reverse());
    });

    it('returns 422 in the contract shape for a malformed query', async () => {
      const response = await get(
        '/api/users?sort=password_hash&per_page=7&status=2&role_ids=a&date_from=2020-02-31',
      );
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors).sort()).toEqual([
        'date_from',
        'per_page',
        'role_ids',
        'sort',
        'status',
      ]);
      const badDate = await get('/api/users?date_from=2020-02-31');
      expect(badDate.statusCode).toBe(422);
      expect(badDate.json().errors).toEqual({ date_from: ['date_from is invalid'] });
    });
  });
});
