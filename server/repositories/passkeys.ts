import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { passkeys, webauthnChallenges } from '../db/schema';
import { noteSessionChange } from '../security/sessionChanges';

export interface StoredPasskey {
  id: number;
  userId: number;
  name: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const columns = {
  id: passkeys.id,
  userId: passkeys.user_id,
  name: passkeys.name,
  credentialId: passkeys.credential_id,
  publicKey: passkeys.public_key,
  counter: passkeys.counter,
  transports: passkeys.transports,
  deviceType: passkeys.device_type,
  createdAt: passkeys.created_at,
  lastUsedAt: passkeys.last_used_at,
};

export async function listPasskeys(db: Executor, userId: number): Promise<StoredPasskey[]> {
  return db.select(columns).from(passkeys).where(eq(passkeys.user_id, userId)).orderBy(asc(passkeys.id));
}

export async function countPasskeys(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.user_id, userId));
  return Number(row?.n ?? 0);
}

export async function hasPasskey(db: Executor, userId: number): Promise<boolean> {
  return (await countPasskeys(db, userId)) > 0;
}

export async function findPasskeyByCredential(
  db: Executor,
  credentialId: string,
): Promise<StoredPasskey | null> {
  const [row] = await db
    .select(columns)
    .from(passkeys)
    .where(eq(passkeys.credential_id, credentialId))
    .limit(1);
  return row ?? null;
}

export async function findOwnPasskey(
  db: Executor,
  userId: number,
  id: number,
): Promise<StoredPasskey | null> {
  const [row] = await db
    .select(columns)
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.user_id, userId)))
    .limit(1);
  return row ?? null;
}

export async function insertPasskey(
  db: Executor,
  passkey: {
    userId: number;
    name: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    deviceType: string;
    backedUp: boolean;
  },
): Promise<number | null> {
  const rows = await db
    .insert(passkeys)
    .values({
      user_id: passkey.userId,
      name: passkey.name,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports,
      device_type: passkey.deviceType,
      backed_up: passkey.backedUp,
    })
    .onConflictDoNothing({ target: passkeys.credential_id })
    .returning({ id: passkeys.id });
  // A required second factor's enrolment ends with it (security/enrolmentGate.ts): on every instance.
  noteSessionChange({ users: [passkey.userId] });
  return rows[0]?.id ?? null;
}

/**
 * Stores the counter of an accepted assertion; false when another use of the passkey stored a
 * counter at least as high meanwhile (a cloned authenticator, or the same assertion twice).
 */
export async function recordPasskeyUse(
  db: Executor,
  id: number,
  counter: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter, last_used_at: at })
    .where(
      and(
        eq(passkeys.id, id),
        // A counter of 0 is an authenticator that does not count (the library accepts it): nothing to race on.
        sql`(${passkeys.counter} < ${counter} or ${counter} = 0)`,
      ),
    )
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function deletePasskey(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.user_id, userId)))
    .returning({ id: passkeys.id });
  noteSessionChange({ users: [userId] });
  return rows.length > 0;
}

export async function deletePasskeys(db: Executor, userId: number): Promise<number> {
  const rows = await db.delete(passkeys).where(eq(passkeys.user_id, userId)).returning({ id: passkeys.id });
  await db.delete(webauthnChallenges).where(eq(webauthnChallenges.user_id, userId));
  noteSessionChange({ users: [userId] });
  return rows.length;
}

export type ChallengePurpose = 'register' | 'sign-in' | 'second-factor';

export async function saveWebauthnChallenge(
  db: Executor,
  challenge: {
    challenge: string;
    purpose: ChallengePurpose;
    userId: number | null;
    clientId: number | null;
    mfaChallengeId: number | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(webauthnChallenges).values({
    challenge: challenge.challenge,
    purpose: challenge.purpose,
    user_id: challenge.userId,
    client_id: challenge.clientId,
    mfa_challenge_id: challenge.mfaChallengeId,
    expires_at: challenge.expiresAt,
  });
}

/**
 * Takes a challenge for `purpose` that is neither used nor expired, in one statement: a challenge is
 * consumed by its first answer, right or wrong, and never answers twice.
 */
export async function consumeWebauthnChallenge(
  db: Executor,
  challenge: string,
  purpose: ChallengePurpose,
  at: Date,
): Promise<{ userId: number | null; clientId: number | null; mfaChallengeId: number | null } | null> {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ used_at: at })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        isNull(webauthnChallenges.used_at),
        gt(webauthnChallenges.expires_at, at),
      ),
    )
    .returning({
      userId: webauthnChallenges.user_id,
      clientId: webauthnChallenges.client_id,
      mfaChallengeId: webauthnChallenges.mfa_challenge_id,
    });
  return row ?? null;
}

/** Removes challenges that ran out before `before` (they answer nothing anyway). */
export async function deleteStaleWebauthnChallenges(db: Executor, before: Date): Promise<void> {
  await db
    .delete(webauthnChallenges)
    .where(sql`${webauthnChallenges.expires_at} < ${before.toISOString()}::timestamptz`);
}
