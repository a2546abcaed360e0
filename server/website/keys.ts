import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { WEBSITE_KEY_HEADER, WEBSITE_KEY_PATTERN } from '../../src/shared/resources/website';
import type { Executor } from '../db/client';
import { websiteKeys } from '../db/schema';

/** sha256 of a key or token, base64url: what the tables keep instead of it. */
export const digest = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

/** A new secret: `prefix_` and 32 random bytes, base64url (43 characters). */
export const newSecret = (prefix: 'wk' | 'pv'): string =>
  `${prefix}_${randomBytes(32).toString('base64url')}`;

/** The characters of a key the screen shows to tell keys apart (`wk_` and 6 more). */
export const keyPrefix = (key: string): string => key.slice(0, 9);

/** A minute: `last_used_at` is written at most this often per key (a read is not a write). */
const TOUCH_MS = 60_000;

/**
 * The website key a request carries: `Authorization: Bearer wk_…` or `X-Website-Key: wk_…`;
 * undefined when it carries none, null when what it carries is not a key's shape.
 */
export function presentedKey(request: FastifyRequest): string | null | undefined {
  const header = request.headers[WEBSITE_KEY_HEADER];
  const auth = request.headers.authorization;
  const raw =
    typeof header === 'string'
      ? header
      : typeof auth === 'string'
        ? /^Bearer\s+(.+)$/i.exec(auth)?.[1]
        : undefined;
  if (raw === undefined) return undefined;
  const key = raw.trim();
  return WEBSITE_KEY_PATTERN.test(key) ? key : null;
}

/** Whether `key` is a live (not revoked) website key; notes its use (at most once a minute). */
export async function keyHolds(db: Executor, key: string, at: Date): Promise<boolean> {
  const [found] = await db
    .select({ id: websiteKeys.id, last_used_at: websiteKeys.last_used_at })
    .from(websiteKeys)
    .where(and(eq(websiteKeys.key_hash, digest(key)), isNull(websiteKeys.revoked_at)))
    .limit(1);
  if (!found) return false;
  if (!found.last_used_at || at.getTime() - found.last_used_at.getTime() >= TOUCH_MS)
    await db
      .update(websiteKeys)
      .set({ last_used_at: at })
      .where(
        and(
          eq(websiteKeys.id, found.id),
          or(
            isNull(websiteKeys.last_used_at),
            lt(websiteKeys.last_used_at, new Date(at.getTime() - TOUCH_MS)),
          ),
        ),
      );
  return true;
}
