import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, count, gt, inArray, max } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { dayAt } from '../lib/clock';
import { PUBLIC_API } from '../../src/shared/routes';
import type { Config } from '../config';
import {
  hasPublicRead,
  matches,
  publicCacheOf,
  publicReadHeaders,
  type PublicResource,
} from '../crud/publicRead';
import { publicErrorResponses } from '../crud/openapi';
import { notFound } from '../crud/resource';
import type { Executor } from '../db/client';
import { RESOURCES } from '../resources';

/** Rows read per query: the sitemap is written as it is read, one keyset page at a time. */
export const SITEMAP_BATCH = 1000;
/** The sitemap protocol's limit of URLs in one file (sitemaps.org); the rest is left out. */
export const SITEMAP_MAX_URLS = 50_000;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);

/** The kinds the website shows by slug, in the sitemap's order, with the path pattern of each. */
function sitemapKinds(config: Config): { resource: PublicResource; slug: PgColumn; pattern: string }[] {
  return (RESOURCES as readonly unknown[])
    .filter((resource): resource is PublicResource => hasPublicRead(resource as never))
    .flatMap((resource) => {
      const slug = resource.publicRead.slug;
      const pattern = config.sitemapPaths[resource.contract.group];
      return slug && pattern ? [{ resource, slug, pattern }] : [];
    });
}

/** The website's URL of an item: its kind's pattern with `{slug}`; a page keyed `home` is the site's root. */
export function sitemapUrl(origin: string, pattern: string, slug: string, group: string): string {
  const path =
    group === 'pages' && slug === 'home' ? '/' : pattern.replace('{slug}', encodeURIComponent(slug));
  return `${origin}${path}`;
}

/**
 * `GET /public/v1/sitemap.xml`: every item the public API shows by slug (the kinds of
 * `config.sitemapPaths`, published by each kind's own rule at the app's clock), as the website's URL
 * (`HOST_APP_URL` + the kind's path pattern) with its `lastmod` (the item's last change). Read by
 * keyset pages of `SITEMAP_BATCH` ids and written as they come, never held whole nor paged by
 * OFFSET. Its ETag is a fingerprint of every kind's row count and latest change and of the day
 * (dated content goes live by the day alone), taken before the body is read, so a match answers
 * 304 without reading any item.
 */
export async function sitemapRoute(
  app: FastifyInstance,
  { config, now }: { config: Config; now: () => Date },
): Promise<void> {
  const origin = config.hostAppUrl.replace(/\/+$/, '');
  const kinds = sitemapKinds(config);

  async function fingerprint(db: Executor, at: Date): Promise<string> {
    const hash = createHash('sha256').update(dayAt(at.getTime()));
    for (const { resource } of kinds) {
      const { table } = resource;
      const [row] = await db.select({ rows: count(), last: max(table.updated_at) }).from(table);
      // To the millisecond (a Date's string form stops at the second: two saves in one second).
      const last = row.last == null ? '' : new Date(row.last as Date | string).toISOString();
      hash.update(`\n${resource.contract.group}:${row.rows}:${last}`);
    }
    // The related kinds' changes (a category switched off hides its products) are among these.
    return `W/"${hash.digest('base64url').slice(0, 27)}"`;
  }

  async function* entries(at: Date): AsyncGenerator<string> {
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
    let written = 0;
    for (const { resource, slug, pattern } of kinds) {
      const { table } = resource;
      const group = resource.contract.group;
      for (let after = 0; written < SITEMAP_MAX_URLS;) {
        // The publishing rule may name joined tables (a product's brand): the declaration's select finds the ids.
        const page = (await resource
          .select(app.db)
          .where(and(resource.publicRead.published(at), gt(table.id, after)))
          .orderBy(asc(table.id))
          .limit(SITEMAP_BATCH)) as { id: number }[];
        if (!page.length) break;
        const ids = page.map((row) => Number(row.id));
        after = ids[ids.length - 1];
        const rows = (await app.db
          .select({ id: table.id, slug, updated_at: table.updated_at })
          .from(table)
          .where(inArray(table.id, ids))
          .orderBy(asc(table.id))) as { id: number; slug: string; updated_at: Date }[];
        let chunk = '';
        for (const row of rows) {
          if (written >= SITEMAP_MAX_URLS) break;
          written++;
          chunk += `<url><loc>${xml(sitemapUrl(origin, pattern, row.slug, group))}</loc><lastmod>${new Date(row.updated_at).toISOString()}</lastmod></url>\n`;
        }
        yield chunk;
        if (page.length < SITEMAP_BATCH) break;
      }
    }
    yield '</urlset>\n';
  }

  app.get(
    PUBLIC_API.sitemap,
    {
      schema: {
        tags: ['public'],
        summary: "The website's sitemap (sitemaps.org XML): every published item's URL and last change",
        description:
          'Built from HOST_APP_URL and the path pattern of each kind (SITEMAP_PATHS); 404 when HOST_APP_URL is not set. ETag and Cache-Control as the other reads; at most 50 000 URLs.',
        headers: Type.Object(publicReadHeaders),
        response: {
          200: {
            description: 'The sitemap (sitemaps.org 0.9), or 304 when If-None-Match names its ETag',
            content: { 'application/xml': { schema: Type.String() } },
          },
          ...publicErrorResponses(404),
        },
      },
    },
    async (request, reply) => {
      if (!origin) throw notFound();
      const at = now();
      const etag = await fingerprint(app.db, at);
      reply.header('ETag', etag).header('Cache-Control', publicCacheOf(request));
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('application/xml; charset=utf-8').send(Readable.from(entries(at)));
    },
  );
}
