import Bowser from 'bowser';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Session } from '../../src/shared/contracts/sessions';
import type { Executor } from '../db/client';
import { refreshTokens, sessions } from '../db/schema';

/** Characters of a User-Agent kept: enough for any real browser, bounded for a hostile one. */
const USER_AGENT_MAX = 512;

/** A User-Agent's browser (name and major.minor version) and system, or '' where unknown. */
export function parseUserAgent(userAgent: string): { browser: string; browserName: string; system: string } {
  const parsed = Bowser.parse(userAgent);
  const name = parsed.browser.name ?? '';
  const version = (parsed.browser.version ?? '').split('.').slice(0, 2).join('.');
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  return { browser: [name, version].filter(Boolean).join(' '), browserName: name, system: os };
}

/** Still live: the family has a refresh token neither rotated, revoked nor expired. */
const live = (now: Date) =>
  sql`exists (select 1 from ${refreshTokens} where ${and(
    eq(refreshTokens.family_id, sessions.family_id),
    isNull(refreshTokens.rotated_at),
    isNull(refreshTokens.revoked_at),
    gt(refreshTokens.expires_at, now),
  )})`;

export interface NewSession {
  familyId: string;
  userId: number;
  userAgent: string;
  ip: string;
  now: Date;
}

/**
 * Records a sign-in. Answers whether it comes from a browser and address this user never signed in
 * from before (and is not their first sign-in ever): then they are told by mail.
 */
export async function recordSignIn(db: Executor, session: NewSession): Promise<{ newDevice: boolean }> {
  const userAgent = session.userAgent.slice(0, USER_AGENT_MAX);
  const browser = parseUserAgent(userAgent).browserName;
  const [seen] = await db
    .select({
      count: sql<number>`count(*)::int`,
      same: sql<boolean>`bool_or(${sessions.browser} = ${browser} and ${sessions.ip} = ${session.ip})`,
    })
    .from(sessions)
    .where(eq(sessions.user_id, session.userId));
  await db.insert(sessions).values({
    family_id: session.familyId,
    user_id: session.userId,
    user_agent: userAgent,
    browser,
    ip: session.ip,
    created_at: session.now,
    last_used_at: session.now,
  });
  return { newDevice: (seen?.count ?? 0) > 0 && !seen?.same };
}

/** A refresh of a session's tokens: it was used now. */
export async function touchSession(db: Executor, familyId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ last_used_at: now }).where(eq(sessions.family_id, familyId));
}

/** A user's live sessions, the most recently used first; `currentFamily` is marked. */
export async function liveSessions(
  db: Executor,
  userId: number,
  now: Date,
  currentFamily: string | null,
): Promise<Session[]> {
  const rows = await db
    .select({
      id: sessions.id,
      familyId: sessions.family_id,
      userAgent: sessions.user_agent,
      ip: sessions.ip,
      signedInAt: sessions.created_at,
      lastUsedAt: sessions.last_used_at,
    })
    .from(sessions)
    .where(and(eq(sessions.user_id, userId), live(now)))
    .orderBy(desc(sessions.last_used_at), desc(sessions.id));
  return rows.map((row) => {
    const { browser, system } = parseUserAgent(row.userAgent);
    return {
      id: row.id,
      browser,
      system,
      ip: row.ip,
      signed_in_at: row.signedInAt.toISOString(),
      last_used_at: row.lastUsedAt.toISOString(),
      current: row.familyId === currentFamily,
    };
  });
}

/** The family of a live session of `userId`, or null (another user's, ended, or none). */
export async function liveSessionFamily(
  db: Executor,
  userId: number,
  sessionId: number,
  now: Date,
): Promise<{ familyId: string; userAgent: string } | null> {
  const [row] = await db
    .select({ familyId: sessions.family_id, userAgent: sessions.user_agent })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.user_id, userId), live(now)));
  return row ?? null;
}

/** The families of a user's live sessions, but `keepFamily`'s. */
export async function liveFamilies(
  db: Executor,
  userId: number,
  now: Date,
  keepFamily: string | null,
): Promise<string[]> {
  const rows = await db
    .select({ familyId: sessions.family_id })
    .from(sessions)
    .where(
      and(
        eq(sessions.user_id, userId),
        live(now),
        keepFamily ? ne(sessions.family_id, keepFamily) : undefined,
      ),
    );
  return rows.map((row) => row.familyId);
}
