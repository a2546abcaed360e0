import { and, asc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rememberedDevices } from '../db/schema';

export interface RememberedDeviceRow {
  id: number;
  userAgent: string;
  ip: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date;
}

export async function saveRememberedDevice(
  db: Executor,
  device: { userId: number; tokenHash: string; userAgent: string; ip: string; expiresAt: Date },
): Promise<number> {
  const [row] = await db
    .insert(rememberedDevices)
    .values({
      user_id: device.userId,
      token_hash: device.tokenHash,
      user_agent: device.userAgent,
      ip: device.ip,
      expires_at: device.expiresAt,
    })
    .returning({ id: rememberedDevices.id });
  return row.id;
}

/**
 * The remembered device of this token for this user, unexpired, marked used now; or null. The user
 * is part of the match: a token never stands for anybody else.
 */
export async function touchRememberedDevice(
  db: Executor,
  userId: number,
  tokenHash: string,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .update(rememberedDevices)
    .set({ last_used_at: now })
    .where(
      and(
        eq(rememberedDevices.token_hash, tokenHash),
        eq(rememberedDevices.user_id, userId),
        gt(rememberedDevices.expires_at, now),
      ),
    )
    .returning({ id: rememberedDevices.id });
  return row?.id ?? null;
}

/** The user's unexpired remembered devices, oldest first (a user has a handful: no paging). */
export async function listRememberedDevices(
  db: Executor,
  userId: number,
  now: Date,
): Promise<RememberedDeviceRow[]> {
  return db
    .select({
      id: rememberedDevices.id,
      userAgent: rememberedDevices.user_agent,
      ip: rememberedDevices.ip,
      createdAt: rememberedDevices.created_at,
      lastUsedAt: rememberedDevices.last_used_at,
      expiresAt: rememberedDevices.expires_at,
    })
    .from(rememberedDevices)
    .where(and(eq(rememberedDevices.user_id, userId), gt(rememberedDevices.expires_at, now)))
    .orderBy(asc(rememberedDevices.created_at), asc(rememberedDevices.id));
}

/** Forgets one of the user's devices: its user agent (for the audit log), or null when it is not theirs or gone. */
export async function forgetRememberedDevice(
  db: Executor,
  userId: number,
  id: number,
): Promise<{ userAgent: string } | null> {
  const [row] = await db
    .delete(rememberedDevices)
    .where(and(eq(rememberedDevices.id, id), eq(rememberedDevices.user_id, userId)))
    .returning({ userAgent: rememberedDevices.user_agent });
  return row ?? null;
}

/** Forgets every device of the user (password changed, two-factor off or reset); how many there were. */
export async function forgetRememberedDevices(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .delete(rememberedDevices)
    .where(eq(rememberedDevices.user_id, userId))
    .returning({ id: rememberedDevices.id });
  return rows.length;
}
