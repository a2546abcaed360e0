import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { roles, users } from '../db/schema';
import type { WriteContext } from '../crud/define';
import { rolePermissionNames } from '../repositories/users';
import { actorOf, changedFields, recordAudit, rememberBefore, takeBefore } from './audit';

/**
 * The audit entries of the users and roles declarations (server/resources/users.ts, roles.ts),
 * called from their hooks so each entry is written in the transaction of its change:
 * `before…` from `beforeUpdate` (what the record was), `audit…Write` from `afterWrite` (created, or
 * which fields changed), `audit…Delete` from `beforeDelete`. Field names only, never a value of a
 * password or its hash.
 */

/** What the audit log compares of a user: the form's fields as names (the role by name). */
async function userState(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      name: users.name,
      email: users.email,
      phone_number: users.phone_number,
      role: roles.name,
      status: users.status,
      photo: users.photo_id,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(eq(users.id, id));
  return row;
}

const userKey = (id: number) => `users:${id}`;

export async function beforeUserUpdate(tx: Tx, id: number): Promise<void> {
  rememberBefore(tx, userKey(id), await userState(tx, id));
}

export async function auditUserWrite(
  tx: Tx,
  id: number,
  input: { password?: string | null },
  ctx: WriteContext,
): Promise<void> {
  const before = takeBefore<Awaited<ReturnType<typeof userState>>>(tx, userKey(id));
  const after = await userState(tx, id);
  if (!after) return;
  const base = { actor: actorOf(ctx.user), resource: 'users' as const, recordId: id };
  if (!before) {
    await recordAudit(tx, {
      ...base,
      kind: 'user.created',
      summary: `User ${after.name} (${after.email}) created with role ${after.role ?? '—'}`,
      details: { name: after.name, email: after.email, role: after.role },
    });
    return;
  }
  // The password is named when one was set; its value (or hash) never is.
  const fields = [...changedFields(before, after), ...(input.password ? ['password'] : [])];
  if (!fields.length) return;
  const deactivated = before.status === 1 && after.status === 0;
  const roleChanged = before.role !== after.role;
  await recordAudit(tx, {
    ...base,
    kind: deactivated ? 'user.deactivated' : 'user.changed',
    summary: `User ${after.name} (${after.email}) ${deactivated ? 'deactivated' : 'changed'}: ${fields.join(', ')}${
      roleChanged ? ` (role ${before.role ?? '—'} → ${after.role ?? '—'})` : ''
    }`,
    details: {
      fields,
      ...(roleChanged ? { role_before: before.role, role_after: after.role } : {}),
    },
  });
}

export async function auditUserDelete(tx: Tx, id: number, ctx: WriteContext): Promise<void> {
  const user = await userState(tx, id);
  if (!user) return;
  await recordAudit(tx, {
    kind: 'user.deleted',
    actor: actorOf(ctx.user),
    resource: 'users',
    recordId: id,
    summary: `User ${user.name} (${user.email}) deleted`,
    details: { name: user.name, email: user.email, role: user.role },
  });
}

/** What the audit log compares of a role: its name and its permissions by name. */
async function roleState(tx: Tx, id: number) {
  const [row] = await tx
    .select({ name: roles.name, requireSecondFactor: roles.require_second_factor })
    .from(roles)
    .where(eq(roles.id, id));
  return row
    ? {
        name: row.name,
        requireSecondFactor: row.requireSecondFactor,
        permissions: (await rolePermissionNames(tx, id)).sort(),
      }
    : undefined;
}

const roleKey = (id: number) => `roles:${id}`;

export async function beforeRoleUpdate(tx: Tx, id: number): Promise<void> {
  rememberBefore(tx, roleKey(id), await roleState(tx, id));
}

/** After the role's permissions are stored: created with which, or which were added and removed. */
export async function auditRoleWrite(tx: Tx, id: number, ctx: WriteContext): Promise<void> {
  const before = takeBefore<Awaited<ReturnType<typeof roleState>>>(tx, roleKey(id));
  const after = await roleState(tx, id);
  if (!after) return;
  const base = { actor: actorOf(ctx.user), resource: 'roles' as const, recordId: id };
  if (!before) {
    await recordAudit(tx, {
      ...base,
      kind: 'role.created',
      summary: `Role ${after.name} created with ${after.permissions.length} permissions`,
      details: {
        name: after.name,
        permissions: after.permissions,
        require_second_factor: after.requireSecondFactor,
      },
    });
    return;
  }
  const added = after.permissions.filter((name) => !before.permissions.includes(name));
  const removed = before.permissions.filter((name) => !after.permissions.includes(name));
  const renamed = before.name !== after.name;
  const secondFactor = before.requireSecondFactor !== after.requireSecondFactor;
  if (!added.length && !removed.length && !renamed && !secondFactor) return;
  const parts = [
    ...(renamed ? [`renamed from ${before.name}`] : []),
    ...(secondFactor
      ? [after.requireSecondFactor ? 'now requires a second factor' : 'no longer requires a second factor']
      : []),
    ...(added.length ? [`added ${added.join(', ')}`] : []),
    ...(removed.length ? [`removed ${removed.join(', ')}`] : []),
  ];
  await recordAudit(tx, {
    ...base,
    kind: 'role.changed',
    summary: `Role ${after.name} changed: ${parts.join('; ')}`,
    details: {
      added,
      removed,
      ...(renamed ? { name_before: before.name, name_after: after.name } : {}),
      ...(secondFactor
        ? {
            require_second_factor_before: before.requireSecondFactor,
            require_second_factor_after: after.requireSecondFactor,
          }
        : {}),
    },
  });
}

export async function auditRoleDelete(tx: Tx, id: number, ctx: WriteContext): Promise<void> {
  const role = await roleState(tx, id);
  if (!role) return;
  await recordAudit(tx, {
    kind: 'role.deleted',
    actor: actorOf(ctx.user),
    resource: 'roles',
    recordId: id,
    summary: `Role ${role.name} deleted`,
    details: { name: role.name, permissions: role.permissions },
  });
}
