import { inArray } from 'drizzle-orm';
import type { Status } from '../../src/shared/contracts/account';
import { LABELS, format } from '../../src/shared/messages';
import { ROUTES } from '../../src/shared/routes';
import { REFUSAL_MESSAGES } from '../../src/shared/messages/refusals';
import { userImportRowSchema, usersResource, type UserImportRow } from '../../src/shared/resources/users';
import type { Tx } from '../db/client';
import { roles, users } from '../db/schema';
import { defineServerResource } from '../crud/define';
import {
  auditCells,
  column,
  file,
  importedStatus,
  reference,
  set,
  statusCells,
  statusWrite,
  validatedOnly,
  importNoMatch,
} from '../crud/fields';
import { randomToken } from '../lib/crypto';
import { fieldError, HttpError } from '../lib/httpError';
import { hashPassword } from '../lib/passwords';
import { roleIdsByName, superRoleName } from '../repositories/roles';
import { invalidateResets } from '../repositories/passwordResets';
import { forgetRememberedDevices } from '../repositories/rememberedDevices';
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
import { auditUserDelete, auditUserWrite, beforeUserUpdate } from '../security/auditRecords';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

const lastSuperAdmin = async (tx: Tx) =>
  new HttpError(409, format(REFUSAL_MESSAGES.lastSuperAdmin, { role: await superRoleName(tx) }));

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
  await forgetRememberedDevices(tx, id);
}

/** `/api/users`: the contract's list, CRUD, export and import, with the account-safety rules. */
export const usersServer = defineServerResource({
  contract: usersResource,
  // A user's status and role decide their sessions: a change drops them on every instance.
  sessions: 'users',
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
  filters: {
    status: (values) => inArray(users.status, values),
    role_ids: (ids) => inArray(users.role_id, ids),
  },
  write: {
    name: column(users.name),
    email: async (email, ctx) => {
      if (await emailTaken(ctx.tx, email, ctx.id)) throw fieldError(ctx.field, SERVER_MESSAGES.emailTaken);
      return [set(users.email, email.toLowerCase())];
    },
    phone_number: async (phone) => [set(users.phone_number, phone || null)],
    role_id: async (roleId, ctx) => {
      const assignment = await reference(users.role_id, roles, LABELS.role)(roleId, ctx);
      // Nobody grants what they do not hold (security/grants.ts).
      await assertMayAssignRole(ctx.tx, ctx.user, roleId);
      return assignment;
    },
    ...statusWrite(users),
    photo: file(users.photo_id, 'image', LABELS.photo),
    // On update an empty password keeps the current one (the contract drops '').
    password: async (password) => (password ? [set(users.password_hash, await hashPassword(password))] : []),
    password_confirmation: validatedOnly,
  },
  beforeUpdate: async (tx, id, input, ctx) => {
    await assertMayManageUser(tx, ctx.user, id);
    if (id === ctx.user.id) assertSelfEdit(ctx.user, input);
    if (id === ctx.user.id && input.status === 0)
      throw fieldError('status', REFUSAL_MESSAGES.cannotDeactivateSelf);
    await keepSuperAdmin(tx, id, { status: input.status as Status, roleId: input.role_id });
    await beforeUserUpdate(tx, id);
  },
  afterWrite: async (tx, id, input, ctx) => {
    await revokeIfInactive(tx, id, input.status as Status);
    // Only someone else sets a password here (assertSelfEdit refuses one's own).
    await revokeIfPasswordSet(tx, id, input.password);
    await auditUserWrite(tx, id, input, ctx);
  },
  // History never keeps a password hash: a user restored from the trash has none that signs in (like
  // an imported one) and sets a new password through Forgot password.
  restoreColumns: async () => ({ [users.password_hash.name]: `!restored:${randomToken(24)}` }),
  beforeDelete: async (tx, id, ctx) => {
    if (id === ctx.user.id) throw new HttpError(409, REFUSAL_MESSAGES.cannotDeleteSelf);
    await assertMayManageUser(tx, ctx.user, id);
    await keepSuperAdmin(tx, id, null);
    await auditUserDelete(tx, id, ctx);
  },
  cells: (user) => ({
    name: user.name,
    email: user.email,
    phone_number: user.phone_number,
    role: user.role?.name ?? null,
    ...statusCells(user),
    ...auditCells(user),
  }),
  import: {
    schema: userImportRowSchema,
    key: users.email,
    keyOf: (row: UserImportRow) => row.email.toLowerCase(),
    prepare: async (tx, ctx) => {
      const roleIds = await roleIdsByName(tx);
      const superAdminsBefore = await countActiveSuperAdmins(tx);
      const mayAssign = await roleAssigner(tx, ctx.user);
      const beyond = new Set<number>();
      return {
        existing: async (ids) => {
          for (const id of await usersBeyond(tx, ctx.user, ids)) beyond.add(id);
        },
        row: (row, existingId) => {
          const roleId = roleIds.get(row.role.toLowerCase());
          const status = importedStatus(row.status);
          const errors: string[] = [];
          if (roleId === undefined)
            errors.push(importNoMatch(LABELS.role, row.role, ROUTES.roles, { byName: true }));
          const refused = roleId === undefined ? null : mayAssign(roleId);
          if (refused) errors.push(refused);
          if (existingId !== null && beyond.has(existingId)) errors.push(REFUSAL_MESSAGES.userBeyondYou);
          if (existingId === ctx.user.id && roleId !== undefined && roleId !== ctx.user.roleId)
            errors.push(REFUSAL_MESSAGES.cannotChangeOwnRole);
          if (existingId === ctx.user.id && status === 0) errors.push(REFUSAL_MESSAGES.cannotDeactivateSelf);
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
