import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { roles, ssoHandovers, ssoRequests, userIdentities, users } from '../db/schema';

/** A user as single sign-on needs them: whether they may sign in, and their address. */
export interface SsoUser {
  id: number;
  status: number;
  email: string;
}

const ssoUserColumns = { id: users.id, status: users.status, email: users.email };

export async function insertSsoRequest(
  db: Executor,
  row: { browserHash: string; state: string; nonce: string; codeVerifier: string; expiresAt: Date },
): Promise<void> {
  await db.insert(ssoRequests).values({
    browser_hash: row.browserHash,
    state: row.state,
    nonce: row.nonce,
    code_verifier: row.codeVerifier,
    expires_at: row.expiresAt,
  });
}

/**
 * The authorization request of the browser holding the cookie, marked used in the same statement:
 * an expired, used or unknown one is null, and two callbacks racing with one cookie get it once.
 */
export async function takeSsoRequest(
  db: Executor,
  browserHash: string,
  at: Date,
): Promise<{ state: string; nonce: string; codeVerifier: string } | null> {
  const [row] = await db
    .update(ssoRequests)
    .set({ used_at: at })
    .where(
      and(
        eq(ssoRequests.browser_hash, browserHash),
        isNull(ssoRequests.used_at),
        gt(ssoRequests.expires_at, at),
      ),
    )
    .returning({
      state: ssoRequests.state,
      nonce: ssoRequests.nonce,
      codeVerifier: ssoRequests.code_verifier,
    });
  return row ?? null;
}

/** Expired or used requests and one-time codes older than a day go (called when a sign-on starts). */
export async function purgeSsoRows(db: Executor, at: Date): Promise<void> {
  const dayAgo = new Date(at.getTime() - 24 * 60 * 60 * 1000);
  await db.delete(ssoRequests).where(or(lt(ssoRequests.expires_at, at), lt(ssoRequests.created_at, dayAgo)));
  await db
    .delete(ssoHandovers)
    .where(or(lt(ssoHandovers.expires_at, at), lt(ssoHandovers.created_at, dayAgo)));
}

/** The user linked to the provider's account (issuer and subject), marking the sign-in. */
export async function findUserByIdentity(
  db: Executor,
  issuer: string,
  subject: string,
  at: Date,
): Promise<SsoUser | null> {
  const [link] = await db
    .update(userIdentities)
    .set({ last_sign_in_at: at })
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
    .returning({ userId: userIdentities.user_id });
  if (!link) return null;
  const [row] = await db.select(ssoUserColumns).from(users).where(eq(users.id, link.userId));
  return row ?? null;
}

export async function findSsoUserByEmail(db: Executor, email: string): Promise<SsoUser | null> {
  const [row] = await db
    .select(ssoUserColumns)
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/**
 * Links the provider's account to the user. False when the user already has another account of
 * this issuer, or the account is linked to someone else (unique), so nothing is overwritten.
 */
export async function linkIdentity(
  db: Executor,
  link: { userId: number; issuer: string; subject: string; at: Date },
): Promise<boolean> {
  const [existing] = await db
    .select({ id: userIdentities.id })
    .from(userIdentities)
    .where(and(eq(userIdentities.user_id, link.userId), eq(userIdentities.issuer, link.issuer)))
    .limit(1);
  if (existing) return false;
  const inserted = await db
    .insert(userIdentities)
    .values({ user_id: link.userId, issuer: link.issuer, subject: link.subject, last_sign_in_at: link.at })
    .onConflictDoNothing()
    .returning({ id: userIdentities.id });
  return inserted.length === 1;
}

/** Whether the user signs in through the provider (password sign-in may be off for them). */
export async function hasIdentity(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userIdentities.id })
    .from(userIdentities)
    .where(eq(userIdentities.user_id, userId))
    .limit(1);
  return Boolean(row);
}

export async function findRoleByName(
  db: Executor,
  name: string,
): Promise<{ id: number; isSuper: boolean } | null> {
  const [row] = await db
    .select({ id: roles.id, isSuper: roles.is_super })
    .from(roles)
    .where(sql`lower(${roles.name}) = ${name.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/** A user first seen through the provider: active, with the configured role and an unusable password. */
export async function insertSsoUser(
  db: Executor,
  user: { name: string; email: string; roleId: number; passwordHash: string },
): Promise<SsoUser | null> {
  const [row] = await db
    .insert(users)
    .values({
      name: user.name,
      email: user.email.trim().toLowerCase(),
      role_id: user.roleId,
      status: 1,
      password_hash: user.passwordHash,
    })
    .onConflictDoNothing()
    .returning(ssoUserColumns);
  return row ?? null;
}

export async function insertHandover(
  db: Executor,
  row: { codeHash: string; userId: number; clientId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(ssoHandovers).values({
    code_hash: row.codeHash,
    user_id: row.userId,
    client_id: row.clientId,
    expires_at: row.expiresAt,
  });
}

/** The user a one-time code was issued for, marked used in the same statement (null: unknown, used, expired, another client's). */
export async function takeHandover(
  db: Executor,
  codeHash: string,
  clientId: number,
  at: Date,
): Promise<number | null> {
  const [row] = await db
    .update(ssoHandovers)
    .set({ used_at: at })
    .where(
      and(
        eq(ssoHandovers.code_hash, codeHash),
        eq(ssoHandovers.client_id, clientId),
        isNull(ssoHandovers.used_at),
        gt(ssoHandovers.expires_at, at),
      ),
    )
    .returning({ userId: ssoHandovers.user_id });
  return row?.userId ?? null;
}
