import { LABELS, format, validation } from '../../src/shared/messages';
import { REFUSAL_MESSAGES } from '../../src/shared/messages/refusals';
import { ROLE_LABELS, rolesResource } from '../../src/shared/resources/roles';
import { roles } from '../db/schema';
import { defineServerResource } from '../crud/define';
import { column, uniqueName } from '../crud/fields';
import { hasPermission, permissionKey } from '../../src/shared/permissions';
import { en } from '../../src/shared/messages';
import { fieldError, HttpError } from '../lib/httpError';
import {
  allPermissionIds,
  findRoleGuard,
  roleSelect,
  setRolePermissions,
  toRoles,
  unknownPermissionIds,
  usersCount,
} from '../repositories/roles';
import { assertMayGrantPermissions, assertMayManageRole } from '../security/grants';
import { auditRoleDelete, auditRoleWrite, beforeRoleUpdate } from '../security/auditRecords';

/** `/api/roles`: the contract's list and CRUD; the super role keeps every permission and stays. */
export const rolesServer = defineServerResource({
  contract: rolesResource,
  // A role's permissions decide its users' sessions: a change drops them on every instance.
  sessions: 'roles',
  table: roles,
  select: roleSelect,
  toItems: toRoles,
  search: [roles.name],
  sort: {
    name: roles.name,
    users_count: usersCount,
    created_at: roles.created_at,
    updated_at: roles.updated_at,
  },
  filters: {},
  write: {
    name: uniqueName(roles.name, LABELS.name),
    // Checked here, stored by `afterWrite` (the role's own row has no permission column).
    permissions: async (ids, ctx) => {
      if ((await unknownPermissionIds(ctx.tx, ids)).length)
        throw fieldError(ctx.field, validation.invalid(ROLE_LABELS.permissions));
      await assertMayGrantPermissions(ctx.tx, ctx.user, ctx.id, ids);
      return [];
    },
    // Only roles.update holders turn it on (a roles.store holder creates a role without it).
    require_second_factor: (value, ctx) => {
      if (value && !hasPermission(ctx.user.permissions, permissionKey('roles', 'update')))
        throw new HttpError(403, en.unauthorized);
      return column(roles.require_second_factor)(value, ctx);
    },
  },
  beforeUpdate: async (tx, id, input, ctx) => {
    await assertMayManageRole(tx, ctx.user, id);
    const role = await findRoleGuard(tx, id);
    await beforeRoleUpdate(tx, id);
    if (!role?.is_super) return;
    const kept = new Set(input.permissions);
    if ((await allPermissionIds(tx)).some((permissionId) => !kept.has(permissionId))) {
      throw fieldError(
        'permissions',
        format(REFUSAL_MESSAGES.superRoleKeepsPermissions, { role: role.name }),
      );
    }
  },
  afterWrite: async (tx, id, input, ctx) => {
    await setRolePermissions(tx, id, input.permissions);
    await auditRoleWrite(tx, id, ctx);
  },
  beforeDelete: async (tx, id, ctx) => {
    await assertMayManageRole(tx, ctx.user, id);
    const role = await findRoleGuard(tx, id);
    if (role?.is_super)
      throw new HttpError(409, format(REFUSAL_MESSAGES.superRoleUndeletable, { role: role.name }));
    if (role?.users_count)
      throw new HttpError(409, format(REFUSAL_MESSAGES.roleInUse, { count: role.users_count }));
    await auditRoleDelete(tx, id, ctx);
  },
});
