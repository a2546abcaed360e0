import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { mfaChallenges, recoveryCodes, userAuthenticators, users } from '../db/schema';
import { noteSessionChange } from '../security/sessionChanges';
import { forgetRememberedDevices } from './rememberedDevices';

export interface Authenticator {
  id: number;
  secret: string;
  confirmedAt: Date | null;
  lastUsedStep: number | null;
}

export async function findAuthenticator(db: Executor, userId: number): Promise<Authenticator | null> {
  const [row] = await db
    .select({
      id: userAuthenticators.id,
      secret: userAuthenticators.secret,
      confirmedAt: userAuthenticators.confirmed_at,
      lastUsedStep: userAuthenticators.last_used_step,
    })
    .from(userAuthenticators)
    .where(eq(userAuthenticators.user_id, userId))
    .limit(1);
  return row ?? null;
}

export async function hasActiveAuthenticator(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userAuthenticators.id })
    .from(userAuthenticators)
    .where(and(eq(userAuthenticators.user_id, userId), isNotNull(userAuthenticators.confirmed_at)))
    .limit(1);
  return Boolean(row);
}

/** Starts (or restarts) an enrolment: a pending authenticator with a new secret. Never replaces an active one. */
export async function savePendingAuthenticator(
  db: Executor,
  userId: number,
  secret: string,
): Promise<boolean> {
  const rows = await db
    .insert(userAuthenticators)
    .values({ user_id: userId, secret })
    .onConflictDoUpdate({
      target: userAuthenticators.user_id,
      set: { secret, last_used_step: null, updated_at: new Date() },
      setWhere: isNull(userAuthenticators.confirmed_at),
    })
    .returning({ id: userAuthenticators.id });
  return rows.length > 0;
}

/**
 * Records that a code of time step `step` was accepted, and activates a pending authenticator.
 * False when a code of that step or a later one was accepted meanwhile (the replay check, race-safe).
 */
export async function recordTimeStep(db: Executor, id: number, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(userAuthenticators)
    .set({
      last_used_step: step,
      confirmed_at: sql`coalesce(${userAuthenticators.confirmed_at}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(userAuthenticators.id, id),
        or(isNull(userAuthenticators.last_used_step), lt(userAuthenticators.last_used_step, step)),
      ),
    )
    .returning({ id: userAuthenticators.id });
  return rows.length > 0;
}

/** Removes the authenticator, its recovery codes, its open challenges and the remembered devices. */
export async function deleteFactors(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .delete(userAuthenticators)
    .where(eq(userAuthenticators.user_id, userId))
    .returning({ id: userAuthenticators.id });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  await db.delete(mfaChallenges).where(eq(mfaChallenges.user_id, userId));
  // Two-factor off or reset: no browser skips a second step any more.
  await forgetRememberedDevices(db, userId);
  // Whether a required second factor is due again (security/enrolmentGate.ts): on every instance.
  noteSessionChange({ users: [userId] });
  return rows.length > 0;
}

/** Replaces the user's recovery codes with these (hashes). */
export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  await db.insert(recoveryCodes).values(hashes.map((code_hash) => ({ user_id: userId, code_hash })));
  // Called as an authenticator is confirmed: a required second factor is no longer due.
  noteSessionChange({ users: [userId] });
}

export async function unusedRecoveryCodes(
  db: Executor,
  userId: number,
): Promise<{ id: number; hash: string }[]> {
  return db
    .select({ id: recoveryCodes.id, hash: recoveryCodes.code_hash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)));
}

/** Consumes a recovery code; false when it was used concurrently. */
export async function markRecoveryCodeUsed(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ used_at: now })
    .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.used_at)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function createMfaChallenge(
  db: Executor,
  challenge: { userId: number; clientId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(mfaChallenges).values({
    user_id: challenge.userId,
    client_id: challenge.clientId,
    token_hash: challenge.tokenHash,
    expires_at: challenge.expiresAt,
  });
}

export interface OpenChallenge {
  id: number;
  userId: number;
  clientId: number;
}

/** An unused, unexpired challenge with fewer than `maxFailures` wrong codes, or null (all look the same). */
export async function findOpenChallenge(
  db: Executor,
  tokenHash: string,
  now: Date,
  maxFailures: number,
): Promise<OpenChallenge | null> {
  const [row] = await db
    .select({ id: mfaChallenges.id, userId: mfaChallenges.user_id, clientId: mfaChallenges.client_id })
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.token_hash, tokenHash),
        isNull(mfaChallenges.used_at),
        gt(mfaChallenges.expires_at, now),
        lt(mfaChallenges.failed_attempts, maxFailures),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function countChallengeFailure(db: Executor, id: number): Promise<void> {
  await db
    .update(mfaChallenges)
    .set({ failed_attempts: sql`${mfaChallenges.failed_attempts} + 1` })
    .where(eq(mfaChallenges.id, id));
}

/** Consumes a challenge; false when it was consumed concurrently. */
export async function markChallengeUsed(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ used_at: now })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.used_at)))
    .returning({ id: mfaChallenges.id });
  return rows.length > 0;
}

/** The e-mail of an active user, or null (gone or Not Active). */
export async function activeUserEmail(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 1)))
    .limit(1);
  return row?.email ?? null;
}
