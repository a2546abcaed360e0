import { IMPORT_MESSAGES } from '../../src/shared/messages/imports';
import type { User } from '../../src/shared/contracts/account';
import { format } from '../../src/shared/messages';
import { REFUSAL_MESSAGES } from '../../src/shared/messages/refusals';
import { brandsResource } from '../../src/shared/resources/brands';
import { apiPath } from '../../src/shared/resources/resource';
import type { Permission, Role } from '../../src/shared/resources/roles';
import { importAnswer, postFile, putUser, signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, login, type TestApp } from './helper';

const PASSWORD = 'Shelf-Lamp-Window-7';

/**
 * Nobody grants what they do not hold (issue: privilege escalation through users, roles and imports).
 * Every test here is an attack that succeeded before the grant rules.
 */
describe('grants', () => {
  let t: TestApp;
  let admin: string;
  let catalogue: Permission[];
  let superRole: Role;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
    catalogue = (await get('/api/permissions')).json<{ data: Permission[] }>().data;
    superRole = (await get('/api/roles?search=Super')).json<{ data: Role[] }>().data.find((r) => r.is_super)!;
  });
  afterAll(() => t.close());

  const get = (url: string, token = admin) =>
    t.app.inject({ method: 'GET', url, headers: authHeader(token) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object | undefined, token: string) =>
    t.app.inject({ method, url, payload, headers: authHeader(token) });
  const idsOf = (...names: string[]) => catalogue.filter((p) => names.includes(p.name)).map((p) => p.id);
  const userOf = async (id: number) => (await get(`/api/users/${id}`)).json<{ data: User }>().data;
  const roleOf = async (id: number) => (await get(`/api/roles/${id}`)).json<{ data: Role }>().data;
  const editUser = (user: User, fields: Record<string, unknown>, token: string) =>
    putUser(t.app, token, user, fields);
  let seq = 0;
  const newUser = (roleId: number, token: string) =>
    send(
      'POST',
      '/api/users',
      {
        name: `Grant Target ${++seq}`,
        email: `grant-target${seq}@example.com`,
        role_id: roleId,
        status: 1,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
      token,
    );
  const importUsers = (csv: string, token: string) =>
    postFile(t.app, token, '/api/users/import', csv, 'users.csv');

  describe('through users', () => {
    it('refuses a user who may only update users making themselves Super Admin (422), and keeps their role', async () => {
      const editor = await signInWith(t.app, admin, ['users.index', 'users.update']);
      const response = await editUser(await userOf(editor.userId), { role_id: superRole.id }, editor.token);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ role_id: [REFUSAL_MESSAGES.cannotChangeOwnRole] });
      expect((await userOf(editor.userId)).role?.id).toBe(editor.roleId);
      expect((await get('/api/roles', editor.token)).statusCode).toBe(403);
    });

    it('refuses them giving anyone the Super Admin role or a role holding more than they do', async () => {
      const editor = await signInWith(t.app, admin, ['users.index', 'users.update']);
      const target = (await newUser(editor.roleId, admin)).json<{ data: User }>().data;
      const toSuper = await editUser(target, { role_id: superRole.id }, editor.token);
      expect(toSuper.statusCode).toBe(422);
      expect(toSuper.json().errors).toEqual({
        role_id: [format(REFUSAL_MESSAGES.superRoleOnlyBySuper, { role: superRole.name })],
      });
      const stronger = (
        await send('POST', '/api/roles', { name: 'Stronger', permissions: idsOf('settings.update') }, admin)
      ).json<{ data: Role }>().data;
      const toStronger = await editUser(target, { role_id: stronger.id }, editor.token);
      expect(toStronger.statusCode).toBe(422);
      expect(toStronger.json().errors).toEqual({ role_id: [REFUSAL_MESSAGES.roleNotAssignable] });
      expect((await userOf(target.id)).role?.id).toBe(editor.roleId);
    });

    it('refuses a user who may only create users creating a Super Admin, who then cannot sign in', async () => {
      const creator = await signInWith(t.app, admin, ['users.store']);
      const response = await newUser(superRole.id, creator.token);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        role_id: [format(REFUSAL_MESSAGES.superRoleOnlyBySuper, { role: superRole.name })],
      });
      await expect(login(t.app, `grant-target${seq}@example.com`, PASSWORD)).rejects.toThrow(/400/);
    });

    it('refuses changing (403) the password of a user whose role holds more, so nobody takes over a Super Admin', async () => {
      const editor = await signInWith(t.app, admin, ['users.index', 'users.update', 'users.destroy']);
      const boss = (await newUser(superRole.id, admin)).json<{ data: User }>().data;
      const takeover = await editUser(
        boss,
        { password: 'Taken-Over-2024!', password_confirmation: 'Taken-Over-2024!' },
        editor.token,
      );
      expect(takeover.statusCode).toBe(403);
      expect(takeover.json()).toEqual({ message: REFUSAL_MESSAGES.userBeyondYou });
      await expect(login(t.app, boss.email, 'Taken-Over-2024!')).rejects.toThrow(/400/);
      expect((await send('DELETE', `/api/users/${boss.id}`, undefined, editor.token)).statusCode).toBe(403);
    });

    it('lets a user assign a role whose permissions they all hold, and a Super Admin assign Super Admin', async () => {
      const editor = await signInWith(t.app, admin, ['users.index', 'users.store', 'users.update']);
      const weaker = (
        await send('POST', '/api/roles', { name: 'Weaker', permissions: idsOf('users.index') }, admin)
      ).json<{ data: Role }>().data;
      expect((await newUser(weaker.id, editor.token)).statusCode).toBe(201);
      expect((await newUser(superRole.id, admin)).statusCode).toBe(201);
    });

    it('refuses an import giving a row the Super Admin role or changing a stronger user', async () => {
      const importer = await signInWith(t.app, admin, ['users.index', 'users.store', 'users.update']);
      const boss = (await newUser(superRole.id, admin)).json<{ data: User }>().data;
      const response = await importUsers(
        'Name,Email,Role,Status\n' +
          `Made Super,made-super@example.com,${superRole.name},Active\n` +
          `Boss Renamed,${boss.email},${(await roleOf(importer.roleId)).name},Active\n`,
        importer.token,
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        'row 2': [format(REFUSAL_MESSAGES.superRoleOnlyBySuper, { role: superRole.name })],
        'row 3': [REFUSAL_MESSAGES.userBeyondYou],
      });
      expect((await get('/api/users?search=made-super')).json().meta.total).toBe(0);
      expect((await userOf(boss.id)).name).toBe(boss.name);
    });
  });

  describe('through roles', () => {
    it('refuses a user who may update roles adding any permission to their own role', async () => {
      const editor = await signInWith(t.app, admin, ['roles.index', 'roles.update']);
      const own = await roleOf(editor.roleId);
      const response = await send(
        'PUT',
        `/api/roles/${own.id}`,
        {
          name: own.name,
          permissions: [...own.permissions.map((p) => p.id), ...idsOf('users.store', 'settings.update')],
          updated_at: own.updated_at,
        },
        editor.token,
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        permissions: [REFUSAL_MESSAGES.cannotChangeOwnRolePermissions],
      });
      expect((await roleOf(own.id)).permissions.map((p) => p.name).sort()).toEqual([
        'roles.index',
        'roles.update',
      ]);
    });

    it('refuses adding to another role a permission the editor does not hold, and changing a stronger role', async () => {
      const editor = await signInWith(t.app, admin, ['roles.index', 'roles.update']);
      const other = (
        await send('POST', '/api/roles', { name: 'Other', permissions: idsOf('roles.index') }, admin)
      ).json<{ data: Role }>().data;
      const widened = await send(
        'PUT',
        `/api/roles/${other.id}`,
        {
          name: other.name,
          permissions: idsOf('roles.index', 'users.destroy'),
          updated_at: other.updated_at,
        },
        editor.token,
      );
      expect(widened.statusCode).toBe(422);
      expect(widened.json().errors).toEqual({
        permissions: [format(REFUSAL_MESSAGES.permissionsNotGrantable, { names: 'users.destroy' })],
      });
      const kept = await send(
        'PUT',
        `/api/roles/${other.id}`,
        {
          name: 'Other renamed',
          permissions: idsOf('roles.index', 'roles.update'),
          updated_at: other.updated_at,
        },
        editor.token,
      );
      expect(kept.statusCode).toBe(200);

      const superEdit = await send(
        'PUT',
        `/api/roles/${superRole.id}`,
        {
          name: 'Mine now',
          permissions: superRole.permissions.map((p) => p.id),
          updated_at: superRole.updated_at,
        },
        editor.token,
      );
      expect(superEdit.statusCode).toBe(403);
      expect(superEdit.json()).toEqual({ message: REFUSAL_MESSAGES.roleBeyondYou });
    });

    it('refuses a user who may create roles creating one that holds everything', async () => {
      const creator = await signInWith(t.app, admin, ['roles.index', 'roles.store']);
      const response = await send(
        'POST',
        '/api/roles',
        { name: 'Everything', permissions: catalogue.map((p) => p.id) },
        creator.token,
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.permissions[0]).toMatch(
        new RegExp(`^${format(REFUSAL_MESSAGES.permissionsNotGrantable, { names: '' })}`),
      );
      expect((await get('/api/roles?search=Everything')).json().meta.total).toBe(0);
      expect(
        (
          await send(
            'POST',
            '/api/roles',
            { name: 'Modest', permissions: idsOf('roles.index') },
            creator.token,
          )
        ).statusCode,
      ).toBe(201);
    });
  });

  describe('imports that update', () => {
    const importBrands = (csv: string, token: string) =>
      postFile(t.app, token, `${apiPath(brandsResource)}/import`, csv, 'brands.csv');

    it('refuses (403) a create-only user an import that renames or deactivates existing rows', async () => {
      expect((await importBrands('Name,Slug,Status\nAcme,acme,Active\n', admin)).json().data).toEqual(
        importAnswer(1, 0, 0),
      );
      const creator = await signInWith(t.app, admin, ['brands.index', 'brands.store']);
      const response = await importBrands('Name,Slug,Status\nHijacked,acme,Not Active\n', creator.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: IMPORT_MESSAGES.importNeedsUpdate });
      const acme = (await get(`${apiPath(brandsResource)}?search=acme`)).json().data[0];
      expect(acme).toMatchObject({ name: 'Acme', status: 1 });

      const userCreator = await signInWith(t.app, admin, ['users.store']);
      const existing = (await newUser(userCreator.roleId, admin)).json<{ data: User }>().data;
      const roleName = (await roleOf(userCreator.roleId)).name;
      const users = await importUsers(
        `Name,Email,Role,Status\nRenamed,${existing.email},${roleName},Not Active\n`,
        userCreator.token,
      );
      expect(users.statusCode).toBe(403);
      expect(await userOf(existing.id)).toMatchObject({ name: existing.name, status: 1 });
    });

    it('lets a create-only user import new rows, and a user with update as well update existing ones', async () => {
      const creator = await signInWith(t.app, admin, ['brands.index', 'brands.store']);
      expect((await importBrands('Name,Slug,Status\nFresh,fresh,Active\n', creator.token)).statusCode).toBe(
        200,
      );
      const updater = await signInWith(t.app, admin, ['brands.index', 'brands.store', 'brands.update']);
      const response = await importBrands('Name,Slug,Status\nFresh Renamed,fresh,Active\n', updater.token);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual(importAnswer(0, 1, 0));
    });
  });
});
