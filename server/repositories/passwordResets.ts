import { and, count, eq, gt, gte, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { passwordResets } from '../db/schema';

export async function createPasswordReset(
  db: Executor,
  reset: { userId: number; email: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values({
    user_id: reset.userId,
    email: reset.email.trim().toLowerCase(),
    token_hash: reset.tokenHash,
    expires_at: reset.expiresAt,
  });
}

export interface ValidReset {
  id: number;
  userId: number;
  email: string;
}

/** An unused, unexpired reset, or null (unknown, used and expired tokens all look the same). */
export async function findValidReset(db: Executor, tokenHash: string, now: Date): Promise<ValidReset | null> {
  const [row] = await db
    .select({ id: passwordResets.id, userId: passwordResets.user_id, email: passwordResets.email })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.token_hash, tokenHash),
        isNull(passwordResets.used_at),
        gt(passwordResets.expires_at, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Consumes a reset; false when it was consumed concurrently. */
export async function markResetUsed(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ used_at: now })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.used_at)))
    .returning({ id: passwordResets.id });
  return rows.length > 0;
}

/**
 * Ends every unused reset link of a user: when a newer one is sent (only the newest works), and when
 * the password is set another way.
 */
export async function invalidateResets(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ used_at: now })
    .where(and(eq(passwordResets.user_id, userId), isNull(passwordResets.used_at)));
}

/** How many reset links the user was sent since `since` (the per-account cap on reset mails). */
export async function resetsSince(db: Executor, userId: number, since: Date): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.user_id, userId), gte(passwordResets.created_at, since)));
  return total;
}
