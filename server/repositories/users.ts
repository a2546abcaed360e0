import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Status, User, UserPreferences } from '../../src/shared/contracts/account';
import type { Executor } from '../db/client';
import { files, roles, users } from '../db/schema';
import { auditOf, auditSelect } from './audit';
import { fileColumns, toFileObject } from './files';
import { forgetRememberedDevices } from './rememberedDevices';
import { permissionsByRole } from './roles';

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone_number: users.phone_number,
  status: users.status,
  role_id: users.role_id,
  role_name: roles.name,
  ...auditSelect(users),
  photo: fileColumns,
};

/** The query every read of a user starts from (profile, list, show, export): add where/order/limit. */
export const userSelect = (db: Executor) =>
  db
    .select(userColumns)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(files, eq(files.id, users.photo_id))
    .$dynamic();

export type UserRow = Awaited<ReturnType<typeof userSelect>>[number];

/** Permission names of each role, for many roles in one query. */
async function permissionNamesByRole(
  db: Executor,
  roleIds: readonly number[],
): Promise<Map<number, string[]>> {
  const byRole = await permissionsByRole(db, roleIds);
  return new Map(
    [...byRole].map(([roleId, granted]) => [roleId, granted.map((permission) => permission.name)]),
  );
}

export async function rolePermissionNames(db: Executor, roleId: number | null): Promise<string[]> {
  if (roleId === null) return [];
  return (await permissionNamesByRole(db, [roleId])).get(roleId) ?? [];
}

/** Rows of `userSelect` → the contract's `User`, the permissions of every role on the page at once. */
export async function toUsers(db: Executor, rows: UserRow[]): Promise<User[]> {
  const roleIds = rows.flatMap((row) => (row.role_id === null ? [] : [row.role_id]));
  const granted = await permissionNamesByRole(db, roleIds);
  const audit = await auditOf(db, rows);
  // Annotated, so a field the wire schema lacks is an error here (an excess property), not dropped.
  return rows.map((row): User => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phone_number,
    status: row.status,
    role: row.role_id !== null && row.role_name !== null ? { id: row.role_id, name: row.role_name } : null,
    photo: row.photo ? toFileObject(row.photo) : null,
    permissions: row.role_id === null ? [] : (granted.get(row.role_id) ?? []),
    ...audit(row),
  }));
}

export async function findUserById(db: Executor, id: number): Promise<User | null> {
  const [user] = await toUsers(db, await userSelect(db).where(eq(users.id, id)).limit(1));
  return user ?? null;
}

/** The signed-in user as their own account answers it: the user with their preferences. */
export async function findAccountById(db: Executor, id: number): Promise<User | null> {
  const user = await findUserById(db, id);
  if (!user) return null;
  const [row] = await db.select({ theme: users.theme }).from(users).where(eq(users.id, id)).limit(1);
  return { ...user, preferences: { theme: row.theme } };
}

/** Stores the user's own preferences; not an edit of the record, so `updated_at` stays. */
export async function updatePreferences(
  db: Executor,
  id: number,
  preferences: UserPreferences,
): Promise<void> {
  await db
    .update(users)
    .set({ theme: preferences.theme, updated_at: sql`${users.updated_at}` })
    .where(eq(users.id, id));
}

/** What the super-admin rules need of one user. */
export async function findUserGuard(
  db: Executor,
  id: number,
): Promise<{ status: Status; role_id: number | null; is_super: boolean } | null> {
  const [row] = await db
    .select({ status: users.status, role_id: users.role_id, is_super: roles.is_super })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(eq(users.id, id))
    .limit(1);
  return row ? { status: row.status, role_id: row.role_id, is_super: row.is_super ?? false } : null;
}

/**
 * Active users holding the super role (optionally not counting one). Locks the super role's row
 * first, so two concurrent demotions cannot both see the other one still in place.
 */
export async function countActiveSuperAdmins(db: Executor, exceptId?: number): Promise<number> {
  await db.select({ id: roles.id }).from(roles).where(eq(roles.is_super, true)).for('update');
  const [{ total }] = await db
    .select({ total: count() })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(
      and(
        eq(roles.is_super, true),
        eq(users.status, 1),
        exceptId === undefined ? undefined : ne(users.id, exceptId),
      ),
    );
  return total;
}

/** Of the given users, those that are Not Active. */
export async function inactiveUserIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.status, 0)));
  return rows.map((row) => row.id);
}

/** What sign-in needs. The hash never leaves the server: it is only handed to the verifier. */
export interface Credentials {
  id: number;
  status: Status;
  password_hash: string;
}

export async function findCredentialsByEmail(db: Executor, email: string): Promise<Credentials | null> {
  const [row] = await db
    .select({ id: users.id, status: users.status, password_hash: users.password_hash })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function findPasswordHashById(db: Executor, id: number): Promise<string | null> {
  const [row] = await db
    .select({ password_hash: users.password_hash })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row?.password_hash ?? null;
}

export async function findActiveUserIdByEmail(db: Executor, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(users.status, 1)))
    .limit(1);
  return row?.id ?? null;
}

export async function emailTaken(db: Executor, email: string, exceptId?: number): Promise<boolean> {
  const normalized = email.trim().toLowerCase();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      exceptId === undefined
        ? eq(users.email, normalized)
        : and(eq(users.email, normalized), ne(users.id, exceptId)),
    )
    .limit(1);
  return rows.length > 0;
}

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  roleId: number | null;
  status?: Status;
  phoneNumber?: string | null;
  createdBy?: number | null;
}

export async function createUser(db: Executor, user: NewUser): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      name: user.name,
      email: user.email.trim().toLowerCase(),
      password_hash: user.passwordHash,
      role_id: user.roleId,
      status: user.status ?? 1,
      phone_number: user.phoneNumber ?? null,
      created_by: user.createdBy ?? null,
    })
    .returning({ id: users.id });
  return row.id;
}

export interface ProfileUpdate {
  name: string;
  email: string;
  phone_number: string | null;
  photo: number | null;
}

export async function updateProfile(db: Executor, id: number, input: ProfileUpdate): Promise<void> {
  await db
    .update(users)
    .set({
      name: input.name,
      email: input.email.trim().toLowerCase(),
      phone_number: input.phone_number ? input.phone_number : null,
      photo_id: input.photo,
      updated_by: id,
    })
    .where(eq(users.id, id));
}

/** A new password (changed, or reset with a link): the user's remembered devices are forgotten too. */
export async function updatePasswordHash(db: Executor, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ password_hash: passwordHash, updated_by: id }).where(eq(users.id, id));
  await forgetRememberedDevices(db, id);
}
