import { inArray } from 'drizzle-orm';
import type { Status, User } from '../../src/shared/contracts/account';
import { LABELS, en, format, validation } from '../../src/shared/messages';
import { statusLabel } from '../../src/shared/resources/catalog';
import {
  userCreateSchema,
  userImportRowSchema,
  usersResource,
  userUpdateSchema,
  type UserCreateInput,
  type UserImportRow,
  type UserUpdateInput,
} from '../../src/shared/resources/users';
import type { Tx } from '../db/client';
import { roles, users } from '../db/schema';
import { randomToken } from '../lib/crypto';
import { fieldError, HttpError } from '../lib/httpError';
import { hashPassword } from '../lib/passwords';
import { idExists } from '../repositories/catalog';
import { checkFile } from '../repositories/files';
import { roleIdsByName, superRoleName } from '../repositories/roles';
import { invalidateResets } from '../repositories/passwordResets';
import { revokeUserTokens } from '../repositories/tokens';
import {
  countActiveSuperAdmins,
  emailTaken,
  findUserGuard,
  inactiveUserIds,
  toUsers,
  userSelect,
} from '../repositories/users';
import {
  assertMayAssignRole,
  assertMayManageUser,
  assertSelfEdit,
  roleAssigner,
  usersBeyond,
} from '../security/grants';
import { importedStatus } from './catalog';
import { defineServerResource, type WriteContext } from './define';

const lastSuperAdmin = async (tx: Tx) =>
  new HttpError(409, format(en.lastSuperAdmin, { role: await superRoleName(tx) }));

/**
 * Refuses a change that would leave no active user holding the super role: `id` stops being one
 * (deleted, deactivated or given another role) while no other active one exists.
 */
async function keepSuperAdmin(tx: Tx, id: number, after: { status: Status; roleId: number | null } | null) {
  const before = await findUserGuard(tx, id);
  if (!before?.is_super || before.status !== 1) return;
  if (after && after.status === 1 && after.roleId === before.role_id) return;
  if ((await countActiveSuperAdmins(tx, id)) === 0) throw await lastSuperAdmin(tx);
}

/** A user's tokens die with their account or its deactivation (the auth plugin also refuses inactive users). */
async function revokeIfInactive(tx: Tx, id: number, status: Status) {
  if (status === 0) await revokeUserTokens(tx, id, new Date());
}

/**
 * A password set by someone else ends every session of that user and every reset link sent to them:
 * whoever held the account before holds nothing of it after.
 */
async function revokeIfPasswordSet(tx: Tx, id: number, password: string | undefined) {
  if (!password) return;
  const now = new Date();
  await revokeUserTokens(tx, id, now);
  await invalidateResets(tx, id, now);
}

async function userValues(tx: Tx, input: UserCreateInput | UserUpdateInput, ctx: WriteContext) {
  if (await emailTaken(tx, input.email, ctx.id)) throw fieldError('email', en.emailTaken);
  if (!(await idExists(tx, roles, input.role_id)))
    throw fieldError('role_id', validation.invalid(LABELS.role));
  await assertMayAssignRole(tx, ctx.user, input.role_id);
  const photoId = await checkFile(tx, 'photo', LABELS.photo, input.photo, 'image');
  return {
    name: input.name,
    email: input.email.toLowerCase(),
    phone_number: input.phone_number || null,
    role_id: input.role_id,
    status: input.status as Status,
    photo_id: photoId,
    ...(input.password ? { password_hash: await hashPassword(input.password) } : {}),
  };
}

/** `/api/users`: the contract's list, CRUD, export and import, with the account-safety rules. */
export const usersServer = defineServerResource({
  contract: usersResource,
  table: users,
  select: userSelect,
  toItems: toUsers,
  search: [users.name, users.email, users.phone_number],
  sort: {
    name: users.name,
    email: users.email,
    role: roles.name,
    status: users.status,
    created_at: users.created_at,
    updated_at: users.updated_at,
  },
  status: users.status,
  filters: { role_ids: (ids) => inArray(users.role_id, ids) },
  schemas: { create: userCreateSchema, update: userUpdateSchema },
  values: userValues,
  beforeUpdate: async (tx, id, input: UserUpdateInput, ctx) => {
    await assertMayManageUser(tx, ctx.user, id);
    if (id === ctx.user.id) assertSelfEdit(ctx.user, input);
    if (id === ctx.user.id && input.status === 0) throw fieldError('status', en.cannotDeactivateSelf);
    await keepSuperAdmin(tx, id, { status: input.status as Status, roleId: input.role_id });
  },
  afterWrite: async (tx, id, input) => {
    await revokeIfInactive(tx, id, input.status as Status);
    // Only someone else sets a password here (assertSelfEdit refuses one's own).
    await revokeIfPasswordSet(tx, id, input.password);
  },
  beforeDelete: async (tx, id, ctx) => {
    if (id === ctx.user.id) throw new HttpError(409, en.cannotDeleteSelf);
    await assertMayManageUser(tx, ctx.user, id);
    await keepSuperAdmin(tx, id, null);
  },
  cells: (user: User) => ({
    name: user.name,
    email: user.email,
    phone_number: user.phone_number,
    role: user.role?.name ?? null,
    status: statusLabel(user.status),
    created_at: user.created_at,
  }),
  import: {
    schema: userImportRowSchema,
    key: users.email,
    keyOf: (row: UserImportRow) => row.email.toLowerCase(),
    prepare: async (tx, ctx, existingIds) => {
      const roleIds = await roleIdsByName(tx);
      const superAdminsBefore = await countActiveSuperAdmins(tx);
      const mayAssign = await roleAssigner(tx, ctx.user);
      const beyond = await usersBeyond(tx, ctx.user, existingIds);
      return {
        row: (row, existingId) => {
          const roleId = roleIds.get(row.role.toLowerCase());
          const status = importedStatus(row.status);
          const errors: string[] = [];
          if (roleId === undefined) errors.push(validation.invalid(LABELS.role));
          const refused = roleId === undefined ? null : mayAssign(roleId);
          if (refused) errors.push(refused);
          if (existingId !== null && beyond.has(existingId)) errors.push(en.userBeyondYou);
          if (existingId === ctx.user.id && roleId !== undefined && roleId !== ctx.user.roleId)
            errors.push(en.cannotChangeOwnRole);
          if (existingId === ctx.user.id && status === 0) errors.push(en.cannotDeactivateSelf);
          if (errors.length) return { errors };
          return {
            values: {
              name: row.name,
              email: row.email.toLowerCase(),
              phone_number: row.phone_number || null,
              role_id: roleId,
              status,
              // New users choose their password through "forgot password"; this matches none.
              ...(existingId === null ? { password_hash: `!imported:${randomToken(24)}` } : {}),
            },
          };
        },
        after: async ({ updated }) => {
          if (superAdminsBefore > 0 && (await countActiveSuperAdmins(tx)) === 0)
            throw await lastSuperAdmin(tx);
          for (const id of await inactiveUserIds(tx, updated)) await revokeIfInactive(tx, id, 0);
        },
      };
    },
  },
});
