import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Permission, Role } from '../../src/shared/resources/roles';
import type { Executor } from '../db/client';
import { permissions, rolePermissions, roles, users } from '../db/schema';
import { auditOf, auditSelect } from './audit';
import { referenceCount } from './referenceCount';

const permissionColumns = { id: permissions.id, name: permissions.name, method: permissions.method };

/** How many users hold the role (sortable, so a SQL expression rather than a second query). */
export const usersCount = referenceCount(users.role_id, roles);

/** The query every read of a role starts from: add where/order/limit. */
export const roleSelect = (db: Executor) =>
  db
    .select({
      id: roles.id,
      name: roles.name,
      is_super: roles.is_super,
      require_second_factor: roles.require_second_factor,
      users_count: usersCount,
      ...auditSelect(roles),
    })
    .from(roles)
    .$dynamic();

export type RoleRow = Awaited<ReturnType<typeof roleSelect>>[number];

/** The permissions of each role, by id, for many roles in one query (a page of roles or of users). */
export async function permissionsByRole(
  db: Executor,
  roleIds: readonly number[],
): Promise<Map<number, Permission[]>> {
  const byRole = new Map<number, Permission[]>();
  if (!roleIds.length) return byRole;
  const granted = await db
    .select({ role_id: rolePermissions.role_id, ...permissionColumns })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(inArray(rolePermissions.role_id, [...new Set(roleIds)]))
    .orderBy(asc(permissions.id));
  for (const { role_id, ...permission } of granted) {
    byRole.set(role_id, [...(byRole.get(role_id) ?? []), permission]);
  }
  return byRole;
}

/** Rows of `roleSelect` → the contract's `Role`, with the permissions of the whole page in one query. */
export async function toRoles(db: Executor, rows: RoleRow[]): Promise<Role[]> {
  const byRole = await permissionsByRole(
    db,
    rows.map((row) => row.id),
  );
  const audit = await auditOf(db, rows);
  // Annotated, so a field the wire schema lacks is an error here (an excess property), not dropped.
  return rows.map((row): Role => ({
    id: row.id,
    name: row.name,
    is_super: row.is_super,
    permissions: byRole.get(row.id) ?? [],
    require_second_factor: row.require_second_factor,
    users_count: row.users_count,
    ...audit(row),
  }));
}

/** The whole permission catalogue, by id. */
export const permissionCatalogue = (db: Executor): Promise<Permission[]> =>
  db.select(permissionColumns).from(permissions).orderBy(asc(permissions.id));

/** Of the given permission ids, those that do not exist. */
export async function unknownPermissionIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.id, [...ids]));
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

export async function allPermissionIds(db: Executor): Promise<number[]> {
  return (await db.select({ id: permissions.id }).from(permissions)).map((row) => row.id);
}

/** Replaces the role's permissions with exactly `ids`. */
export async function setRolePermissions(
  db: Executor,
  roleId: number,
  ids: readonly number[],
): Promise<void> {
  await db.delete(rolePermissions).where(eq(rolePermissions.role_id, roleId));
  if (ids.length) {
    await db
      .insert(rolePermissions)
      .values([...new Set(ids)].map((permissionId) => ({ role_id: roleId, permission_id: permissionId })));
  }
}

export async function findRoleGuard(
  db: Executor,
  id: number,
): Promise<{ is_super: boolean; name: string; users_count: number } | null> {
  const [row] = await db
    .select({ is_super: roles.is_super, name: roles.name })
    .from(roles)
    .where(eq(roles.id, id))
    .limit(1);
  if (!row) return null;
  const [{ total }] = await db.select({ total: count() }).from(users).where(eq(users.role_id, id));
  return { ...row, users_count: total };
}

/** Role ids by lower-cased name (imports name the role). */
export async function roleIdsByName(db: Executor): Promise<Map<string, number>> {
  const rows = await db.select({ id: roles.id, name: roles.name }).from(roles);
  return new Map(rows.map((row) => [row.name.trim().toLowerCase(), row.id]));
}

/** The super role's display name (it may have been renamed). */
export async function superRoleName(db: Executor): Promise<string> {
  const [row] = await db.select({ name: roles.name }).from(roles).where(eq(roles.is_super, true)).limit(1);
  return row?.name ?? 'Super Admin';
}
