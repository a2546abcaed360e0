import { inArray } from 'drizzle-orm';
import { format } from '../../src/shared/messages';
import { REFUSAL_MESSAGES } from '../../src/shared/messages/refusals';
import type { Executor } from '../db/client';
import { permissions, roles, users } from '../db/schema';
import { fieldError, HttpError } from '../lib/httpError';
import { permissionsByRole } from '../repositories/roles';
import type { AuthUser } from '../repositories/tokens';

/**
 * Who may grant what: a user grants only what they hold. Assigning a role needs every permission of
 * that role; the super role is assigned only by a super user; a role's permissions are extended only
 * with permissions the editor holds; a user or role that holds more than the editor is not theirs to
 * change; nobody changes their own role or their own role's permissions. The users and roles
 * declarations call these from their hooks, the users import from its row mapper.
 */

interface RoleGrant {
  id: number;
  name: string;
  isSuper: boolean;
  /** Permission names. */
  permissions: string[];
  permissionIds: number[];
}

async function loadRoles(db: Executor, ids?: readonly number[]): Promise<Map<number, RoleGrant>> {
  const query = db.select({ id: roles.id, name: roles.name, isSuper: roles.is_super }).from(roles);
  const rows = ids ? await query.where(inArray(roles.id, [...new Set(ids)])) : await query;
  const granted = await permissionsByRole(
    db,
    rows.map((row) => row.id),
  );
  return new Map(
    rows.map((row) => {
      const held = granted.get(row.id) ?? [];
      return [
        row.id,
        {
          ...row,
          permissions: held.map((permission) => permission.name),
          permissionIds: held.map((permission) => permission.id),
        },
      ];
    }),
  );
}

/** Whether `role` holds something `user` does not (the super role: unless the user is a super user). */
const exceeds = (user: AuthUser, role: RoleGrant): boolean =>
  role.isSuper ? !user.isSuper : role.permissions.some((name) => !user.permissions.includes(name));

/** Why `user` may not assign `role`, or null when they may. */
const assignProblem = (user: AuthUser, role: RoleGrant): string | null => {
  if (role.isSuper && !user.isSuper)
    return format(REFUSAL_MESSAGES.superRoleOnlyBySuper, { role: role.name });
  return exceeds(user, role) ? REFUSAL_MESSAGES.roleNotAssignable : null;
};

/** 422 on `field` unless `user` may assign the role (an unknown role is the caller's to report). */
export async function assertMayAssignRole(
  db: Executor,
  user: AuthUser,
  roleId: number,
  field = 'role_id',
): Promise<void> {
  const role = (await loadRoles(db, [roleId])).get(roleId);
  const problem = role ? assignProblem(user, role) : null;
  if (problem) throw fieldError(field, problem);
}

/**
 * For an import: every role loaded once, then a synchronous check per row. The answer is why the
 * role may not be assigned, or null.
 */
export async function roleAssigner(db: Executor, user: AuthUser): Promise<(roleId: number) => string | null> {
  const all = await loadRoles(db);
  return (roleId) => {
    const role = all.get(roleId);
    return role ? assignProblem(user, role) : null;
  };
}

/** Of `userIds`, those whose role holds more than `user` (they are not `user`'s to change). */
export async function usersBeyond(
  db: Executor,
  user: AuthUser,
  userIds: readonly number[],
): Promise<Set<number>> {
  const rows: { id: number; roleId: number | null }[] = [];
  // In slices: an import may update many thousands of users, past a statement's parameter limit.
  for (let start = 0; start < userIds.length; start += 1000) {
    rows.push(
      ...(await db
        .select({ id: users.id, roleId: users.role_id })
        .from(users)
        .where(inArray(users.id, userIds.slice(start, start + 1000)))),
    );
  }
  const roleIds = rows.flatMap((row) => (row.roleId === null ? [] : [row.roleId]));
  const byId = await loadRoles(db, roleIds);
  return new Set(
    rows.flatMap((row) => {
      const role = row.roleId === null ? undefined : byId.get(row.roleId);
      return role && exceeds(user, role) ? [row.id] : [];
    }),
  );
}

/** 403 when the user `userId` holds more than `user` (changing their password would be a takeover). */
export async function assertMayManageUser(db: Executor, user: AuthUser, userId: number): Promise<void> {
  if ((await usersBeyond(db, user, [userId])).size) throw new HttpError(403, REFUSAL_MESSAGES.userBeyondYou);
}

/** 403 when the role holds more than `user`. */
export async function assertMayManageRole(db: Executor, user: AuthUser, roleId: number): Promise<void> {
  const role = (await loadRoles(db, [roleId])).get(roleId);
  if (role && exceeds(user, role)) throw new HttpError(403, REFUSAL_MESSAGES.roleBeyondYou);
}

/**
 * 422 on `permissions` when a role (`roleId`, or a new one) would gain a permission `user` does not
 * hold, or when it is `user`'s own role and its permissions would change at all.
 */
export async function assertMayGrantPermissions(
  db: Executor,
  user: AuthUser,
  roleId: number | undefined,
  permissionIds: readonly number[],
): Promise<void> {
  const current =
    roleId === undefined ? [] : ((await loadRoles(db, [roleId])).get(roleId)?.permissionIds ?? []);
  const wanted = new Set(permissionIds);
  const before = new Set(current);
  const added = [...wanted].filter((id) => !before.has(id));
  const changed = added.length > 0 || current.some((id) => !wanted.has(id));
  if (roleId !== undefined && roleId === user.roleId && changed)
    throw fieldError('permissions', REFUSAL_MESSAGES.cannotChangeOwnRolePermissions);
  const names = added.length
    ? await db.select({ name: permissions.name }).from(permissions).where(inArray(permissions.id, added))
    : [];
  const notHeld = names.map((row) => row.name).filter((name) => !user.permissions.includes(name));
  if (notHeld.length)
    throw fieldError(
      'permissions',
      format(REFUSAL_MESSAGES.permissionsNotGrantable, { names: notHeld.join(', ') }),
    );
}

/**
 * A user editing their own record through the users routes keeps their role, e-mail and password:
 * the role is not theirs to change, and the e-mail and password change where the current password
 * is asked for (profile, Change Password).
 */
export function assertSelfEdit(
  user: AuthUser,
  input: { role_id: number; email: string; password?: string | null },
): void {
  if (input.role_id !== user.roleId) throw fieldError('role_id', REFUSAL_MESSAGES.cannotChangeOwnRole);
  if (input.email.trim().toLowerCase() !== user.email)
    throw fieldError('email', REFUSAL_MESSAGES.ownEmailInProfile);
  if (input.password) throw fieldError('password', REFUSAL_MESSAGES.ownPasswordInChangePassword);
}
