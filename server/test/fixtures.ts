import { API_PATHS } from '../../src/shared/routes';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Status, User } from '../../src/shared/contracts/account';
import { permissions, rolePermissions, roles, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { createUser } from '../repositories/users';
import { login } from './helper';

let sequence = 0;

/** A role holding exactly the given permission keys. */
export async function createRole(app: FastifyInstance, permissionNames: string[] = []): Promise<number> {
  const [role] = await app.db
    .insert(roles)
    .values({ name: `Role ${++sequence}` })
    .returning({ id: roles.id });
  for (const name of permissionNames) {
    const [permission] = await app.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(eq(permissions.name, name));
    await app.db.insert(rolePermissions).values({ role_id: role.id, permission_id: permission.id });
  }
  return role.id;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

export async function createTestUser(
  app: FastifyInstance,
  options: { roleId?: number | null; status?: Status; password?: string; email?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? `user${++sequence}@example.com`;
  const password = options.password ?? 'User-Passw0rd!';
  const id = await createUser(app.db, {
    name: `User ${sequence}`,
    email,
    passwordHash: await hashPassword(password),
    roleId: options.roleId ?? null,
    status: options.status ?? 1,
  });
  return { id, email, password };
}

export async function setUserStatus(app: FastifyInstance, id: number, status: Status): Promise<void> {
  await app.db.update(users).set({ status }).where(eq(users.id, id));
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body for app.inject. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Signs in a user whose role holds exactly `keys`, created through the API as an admin would:
 * a role (POST /api/roles), then a user with it (POST /api/users), then the password grant.
 */
export async function signInWith(
  app: FastifyInstance,
  adminToken: string,
  keys: string[],
): Promise<{ token: string; userId: number; roleId: number; email: string }> {
  const headers = { authorization: `Bearer ${adminToken}` };
  const catalogue = (await app.inject({ method: 'GET', url: API_PATHS.permissions, headers })).json<{
    data: { id: number; name: string }[];
  }>().data;
  const role = await app.inject({
    method: 'POST',
    url: '/api/roles',
    headers,
    payload: {
      name: `Limited ${++sequence}`,
      permissions: catalogue.filter((permission) => keys.includes(permission.name)).map((p) => p.id),
    },
  });
  const roleId = role.json<{ data: { id: number } }>().data.id;
  const email = `limited${sequence}@example.com`;
  const password = 'Scoped-Keys-2024!';
  const user = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers,
    payload: {
      name: `Limited ${sequence}`,
      email,
      role_id: roleId,
      status: 1,
      password,
      password_confirmation: password,
    },
  });
  const userId = user.json<{ data: { id: number } }>().data.id;
  const { access_token } = await login(app, email, password);
  return { token: access_token, userId, roleId, email };
}

/** `PUT /api/users/:id` as the form sends it: the user's current fields, `fields` over them. */
export function putUser(
  app: FastifyInstance,
  token: string,
  user: User,
  fields: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'PUT',
    url: `/api/users/${user.id}`,
    headers: { authorization: `Bearer ${token}` },
    payload: {
      name: user.name,
      email: user.email,
      phone_number: user.phone_number,
      role_id: user.role?.id,
      status: user.status,
      photo: null,
      updated_at: user.updated_at,
      ...fields,
    },
  });
}

/** A file posted to an import route (multipart field `file`). */
export function postFile(
  app: FastifyInstance,
  token: string,
  url: string,
  value: string | Buffer,
  filename: string,
) {
  const { payload, headers } = multipart([{ name: 'file', value, filename }]);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}

/** The answer's data of an import that wrote (created, updated) and left `unchanged` matched rows. */
export const importAnswer = (created: number, updated: number, unchanged: number) => ({
  created,
  updated,
  unchanged,
  import_id: expect.any(String),
});
