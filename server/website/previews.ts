import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { PREVIEW_HEADER, PREVIEW_QUERY, PREVIEW_TOKEN_PATTERN } from '../../src/shared/resources/website';
import type { Executor } from '../db/client';
import { previewTokens } from '../db/schema';
import { digest } from './keys';

/** `Cache-Control` of an answer that carries a preview: never kept by a browser, a CDN or a proxy. */
export const PREVIEW_CACHE = 'private, no-store';

/**
 * The preview token a public read carries (`X-Preview-Token`, or `?preview=`): undefined when it
 * carries none, null when what it carries is not a token's shape.
 */
export function presentedPreview(request: FastifyRequest): string | null | undefined {
  const header = request.headers[PREVIEW_HEADER];
  const query = (request.query as Record<string, unknown> | undefined)?.[PREVIEW_QUERY];
  const raw = typeof header === 'string' ? header : typeof query === 'string' ? query : undefined;
  if (raw === undefined) return undefined;
  return PREVIEW_TOKEN_PATTERN.test(raw.trim()) ? raw.trim() : null;
}

/** The item a live preview token shows (not expired at `at`, not revoked), or null. */
export async function previewedItem(
  db: Executor,
  token: string,
  at: Date,
): Promise<{ resource: string; recordId: number } | null> {
  const [found] = await db
    .select({ resource: previewTokens.resource, recordId: previewTokens.record_id })
    .from(previewTokens)
    .where(
      and(
        eq(previewTokens.token_hash, digest(token)),
        isNull(previewTokens.revoked_at),
        gt(previewTokens.expires_at, at),
      ),
    )
    .limit(1);
  return found ?? null;
}
