import { LABELS, en, format, validation } from '../../src/shared/messages';
import {
  ROLE_LABELS,
  roleCreateSchema,
  rolesResource,
  roleUpdateSchema,
  type RoleUpdateInput,
} from '../../src/shared/resources/roles';
import { roles } from '../db/schema';
import { fieldError, HttpError } from '../lib/httpError';
import {
  allPermissionIds,
  findRoleGuard,
  roleNameTaken,
  roleSelect,
  setRolePermissions,
  toRoles,
  unknownPermissionIds,
  usersCount,
} from '../repositories/roles';
import { assertMayGrantPermissions, assertMayManageRole } from '../security/grants';
import { defineServerResource } from './define';

/** `/api/roles`: the contract's list and CRUD; the super role keeps every permission and stays. */
export const rolesServer = defineServerResource({
  contract: rolesResource,
  table: roles,
  select: roleSelect,
  toItems: toRoles,
  optionLabel: roles.name,
  search: [roles.name],
  sort: {
    name: roles.name,
    users_count: usersCount,
    created_at: roles.created_at,
    updated_at: roles.updated_at,
  },
  schemas: { create: roleCreateSchema, update: roleUpdateSchema },
  values: async (tx, input, ctx) => {
    if (await roleNameTaken(tx, input.name, ctx.id)) {
      throw fieldError('name', format(en.taken, { item: LABELS.name }));
    }
    if ((await unknownPermissionIds(tx, input.permissions)).length) {
      throw fieldError('permissions', validation.invalid(ROLE_LABELS.permissions));
    }
    await assertMayGrantPermissions(tx, ctx.user, ctx.id, input.permissions);
    return { name: input.name };
  },
  beforeUpdate: async (tx, id, input: RoleUpdateInput, ctx) => {
    await assertMayManageRole(tx, ctx.user, id);
    const role = await findRoleGuard(tx, id);
    if (!role?.is_super) return;
    const kept = new Set(input.permissions);
    if ((await allPermissionIds(tx)).some((permissionId) => !kept.has(permissionId))) {
      throw fieldError('permissions', format(en.superRoleKeepsPermissions, { role: role.name }));
    }
  },
  afterWrite: (tx, id, input) => setRolePermissions(tx, id, input.permissions),
  beforeDelete: async (tx, id, ctx) => {
    await assertMayManageRole(tx, ctx.user, id);
    const role = await findRoleGuard(tx, id);
    if (role?.is_super) throw new HttpError(409, format(en.superRoleUndeletable, { role: role.name }));
    if (role?.users_count) throw new HttpError(409, format(en.roleInUse, { count: role.users_count }));
  },
});
