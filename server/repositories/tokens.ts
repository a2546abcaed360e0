import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Status } from '../../src/shared/contracts/account';
import type { Executor } from '../db/client';
import { accessTokens, passkeys, refreshTokens, roles, userAuthenticators, users } from '../db/schema';
import { noteSessionChange } from '../security/sessionChanges';
import { rolePermissionNames } from './users';

export interface NewTokenPair {
  userId: number;
  clientId: number;
  familyId: string;
  scope: string;
  accessHash: string;
  accessExpiresAt: Date;
  refreshHash: string;
  refreshExpiresAt: Date;
}

export async function createTokenPair(db: Executor, pair: NewTokenPair): Promise<void> {
  const [access] = await db
    .insert(accessTokens)
    .values({
      token_hash: pair.accessHash,
      user_id: pair.userId,
      client_id: pair.clientId,
      family_id: pair.familyId,
      scope: pair.scope,
      expires_at: pair.accessExpiresAt,
    })
    .returning({ id: accessTokens.id });
  await db.insert(refreshTokens).values({
    token_hash: pair.refreshHash,
    access_token_id: access.id,
    user_id: pair.userId,
    client_id: pair.clientId,
    family_id: pair.familyId,
    scope: pair.scope,
    expires_at: pair.refreshExpiresAt,
  });
}

/** The signed-in user as every request sees it: loaded fresh so role, permission and status changes apply at once. */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  status: Status;
  roleId: number | null;
  /** Whether the role is the super role (it alone may assign itself). */
  isSuper: boolean;
  permissions: string[];
  /**
   * The role requires a second factor and the user has neither an active authenticator app nor a
   * passkey: every call but enrolling answers 403 `mfa_enrolment_required` (security/enrolmentGate.ts).
   */
  mustEnrolSecondFactor: boolean;
  tokenId: number;
  familyId: string;
}

/** Whether the user's role requires a second factor that the user has not enrolled (SQL, one row). */
const mustEnrolSecondFactor = () =>
  sql<boolean>`coalesce(${roles.require_second_factor}, false)
  and not exists (select 1 from ${userAuthenticators} where ${userAuthenticators.user_id} = ${users.id}
    and ${userAuthenticators.confirmed_at} is not null)
  and not exists (select 1 from ${passkeys} where ${passkeys.user_id} = ${users.id})`.mapWith(Boolean);

/** A live (unrevoked, unexpired) access token of an active user, or null. */
export async function findAuthUserByAccessHash(
  db: Executor,
  hash: string,
  now: Date,
): Promise<AuthUser | null> {
  return (await findSessionByAccessHash(db, hash, now))?.user ?? null;
}

/** The user of a live access token of an active user, and when the token expires; or null. */
export async function findSessionByAccessHash(
  db: Executor,
  hash: string,
  now: Date,
): Promise<{ user: AuthUser; expiresAt: Date } | null> {
  const [row] = await db
    .select({
      tokenId: accessTokens.id,
      familyId: accessTokens.family_id,
      expiresAt: accessTokens.expires_at,
      id: users.id,
      name: users.name,
      email: users.email,
      status: users.status,
      roleId: roles.id,
      isSuper: roles.is_super,
      mustEnrolSecondFactor: mustEnrolSecondFactor(),
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.user_id))
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(
      and(
        eq(accessTokens.token_hash, hash),
        isNull(accessTokens.revoked_at),
        gt(accessTokens.expires_at, now),
      ),
    )
    .limit(1);
  if (!row || row.status !== 1) return null;
  const { expiresAt, ...user } = row;
  return {
    user: {
      ...user,
      isSuper: user.isSuper ?? false,
      permissions: await rolePermissionNames(db, user.roleId),
    },
    expiresAt,
  };
}

export interface RefreshTokenRow {
  id: number;
  userId: number;
  clientId: number;
  familyId: string;
  scope: string;
  expiresAt: Date;
  rotatedAt: Date | null;
  revokedAt: Date | null;
  userStatus: Status;
}

export async function findRefreshToken(db: Executor, hash: string): Promise<RefreshTokenRow | null> {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.user_id,
      clientId: refreshTokens.client_id,
      familyId: refreshTokens.family_id,
      scope: refreshTokens.scope,
      expiresAt: refreshTokens.expires_at,
      rotatedAt: refreshTokens.rotated_at,
      revokedAt: refreshTokens.revoked_at,
      userStatus: users.status,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.user_id))
    .where(eq(refreshTokens.token_hash, hash))
    .limit(1);
  return row ?? null;
}

/** Marks a refresh token as exchanged; false when another request got there first. */
export async function markRefreshRotated(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotated_at: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotated_at), isNull(refreshTokens.revoked_at)))
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

/** Revokes every access and refresh token of one sign-in (and has every instance drop it). */
export async function revokeFamily(db: Executor, familyId: string, now: Date): Promise<void> {
  noteSessionChange({ families: [familyId] });
  await db
    .update(accessTokens)
    .set({ revoked_at: now })
    .where(and(eq(accessTokens.family_id, familyId), isNull(accessTokens.revoked_at)));
  await db
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)));
}

/** Revokes every token of a user, except those of the sign-in `keepFamilyId` when given. */
export async function revokeUserTokens(
  db: Executor,
  userId: number,
  now: Date,
  keepFamilyId?: string,
): Promise<void> {
  noteSessionChange({ users: [userId] });
  const keep = (familyColumn: typeof accessTokens.family_id | typeof refreshTokens.family_id) =>
    keepFamilyId === undefined ? undefined : ne(familyColumn, keepFamilyId);
  await db
    .update(accessTokens)
    .set({ revoked_at: now })
    .where(
      and(eq(accessTokens.user_id, userId), isNull(accessTokens.revoked_at), keep(accessTokens.family_id)),
    );
  await db
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(
      and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at), keep(refreshTokens.family_id)),
    );
}
