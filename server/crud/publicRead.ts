import { createHash } from 'node:crypto';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { SEARCH_MAX } from '../../src/shared/resources/resource';
import { listAnswer, dataAnswer } from '../../src/shared/resources/wire';
import { publicPath } from '../../src/shared/routes';
import type { Executor } from '../db/client';
import { HttpError } from '../lib/httpError';
import { publicErrorResponses } from './openapi';
import { likePattern } from './list';
import { notFound, type AnyResource } from './resource';
import { redirectedRecord } from './slugRedirects';
import { PREVIEW_HEADER, PREVIEW_QUERY, WEBSITE_KEY_HEADER } from '../../src/shared/resources/website';
import { PREVIEW_CACHE, presentedPreview, previewedItem } from '../website/previews';

/**
 * The website's read side (API contract: Public API): a declaration opts in with `publicRead` and
 * gets `GET /public/v1/<group>` (paged, searchable, its public filters) and
 * `GET /public/v1/<group>/{slug}` (when it has a slug). Only rows its `published` rule lets through are ever read, and
 * only the properties of its public `wire` (an allow-list, applied deeply) are ever sent: no status,
 * no audit column, no user. Answers carry `ETag` and `Cache-Control`; a matching `If-None-Match`
 * answers 304.
 */
export interface PublicRead {
  /** The item as the website gets it: only these properties of the admin item, at any depth. */
  wire: TObject;
  /**
   * The publishing rule at `now` (the app's clock): the rows the public may see. Status Active at
   * least; content adds its date rules (scheduled and ended items are not live), its days starting
   * in `zone` (default the company's time zone; another when the zone is being changed).
   */
  published: (now: Date, zone?: string) => SQL | undefined;
  /**
   * The day columns `published` depends on (content): an item goes live at the start of its
   * `start` day and ends after its `end` day. Webhooks schedule a job at each such moment
   * (`server/webhooks/changes.ts`), so `published` / `unpublished` is delivered when it happens.
   */
  dates?: { start: PgColumn; end?: PgColumn };
  /**
   * The column `/{slug}` finds an item by (a text column). Without one the kind is a list only
   * (product highlights: the home page shows them all, in order, and has no page per item).
   */
  slug?: PgColumn;
  /** The list's order (the id follows, so pages never overlap). */
  order: readonly SQL[];
  /** Query parameters beyond `page`, `per_page` and `search`: a value → a condition (or a 422). */
  filters?: Record<string, { description: string; where: (value: string) => SQL }>;
  /**
   * What the items refer to that the public may not see either (a highlight's product that is not
   * published): a page of items → the same items with those references taken out.
   */
  hideUnpublished?: (db: Executor, items: Record<string, unknown>[]) => Promise<void>;
}

export const PUBLIC_PAGE_SIZE = 20;
export const PUBLIC_PAGE_MAX = 100;

/** `Cache-Control` of public reads: short, then served stale while a fresh copy is fetched. */
export const cacheControl = ({
  cacheMaxAge,
  cacheStale,
}: {
  cacheMaxAge: number;
  cacheStale: number;
}): string => `public, max-age=${cacheMaxAge}, stale-while-revalidate=${cacheStale}`;

/** The default `Cache-Control` (PUBLIC_CACHE_MAX_AGE and PUBLIC_CACHE_STALE_WHILE_REVALIDATE unset). */
export const PUBLIC_CACHE = cacheControl({ cacheMaxAge: 60, cacheStale: 300 });

declare module 'fastify' {
  interface FastifyInstance {
    /** The public answers' `Cache-Control` (config.website), on the public routes' instance. */
    publicCache?: string;
  }
}

/** The `Cache-Control` the public routes answer with (the configured one). */
export const publicCacheOf = (request: FastifyRequest): string => request.server.publicCache ?? PUBLIC_CACHE;

/** The request headers every public read reads (documented; the server's, never a browser's). */
export const publicReadHeaders = {
  authorization: Type.Optional(
    Type.String({
      description:
        "`Bearer wk_…`: a website read key (Setting › Website). A read carrying a live key is not limited per address; a key revoked or not valid is a 401. Send it from the website's server only.",
    }),
  ),
  [WEBSITE_KEY_HEADER]: Type.Optional(
    Type.String({ description: 'The website read key, instead of Authorization' }),
  ),
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A copy of `value` with only what `schema` names: object properties by the schema's, arrays item by
 * item, a nullable union by its non-null branch. Whatever the admin item carries beyond the public
 * schema (status, audit, a user) is not copied.
 */
export function pickBySchema(schema: TSchema, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(schema.anyOf)) {
    const branch = (schema.anyOf as TSchema[]).find((item) => item.type !== 'null');
    return branch ? pickBySchema(branch, value) : null;
  }
  if (schema.type === 'object' && schema.properties && typeof value === 'object') {
    const source = value as Record<string, unknown>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    return Object.fromEntries(
      Object.entries(schema.properties as Record<string, TSchema>)
        // An optional property the item lacks stays absent (a page's sections of another key).
        .filter(([key]) => required.has(key) || source[key] !== undefined)
        .map(([key, sub]) => [key, pickBySchema(sub, source[key])]),
    );
  }
  if (schema.type === 'array' && Array.isArray(value))
    return value.map((item) => pickBySchema(schema.items as TSchema, item));
  if (typeof value === 'object') return null; // an object where the schema has a scalar: never sent
  return value;
}

const etagOf = (body: string): string =>
  `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Whether `If-None-Match` names this entity tag (weak comparison, RFC 9110 §13.1.2). */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === bare);
}

/** Sends a public JSON answer with its `ETag` and `Cache-Control`, or `304` when the client has it. */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  cache?: string,
): FastifyReply {
  const json = JSON.stringify(body);
  const etag = etagOf(json);
  reply.header('ETag', etag).header('Cache-Control', cache ?? publicCacheOf(request));
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

interface PublicQuery {
  page: number;
  per_page: number;
  search?: string;
  filters: Record<string, string>;
}

/** Reads a public list query; anything malformed is a 422 naming the parameter. */
function parsePublicQuery(read: PublicRead, raw: Record<string, unknown>): PublicQuery {
  const errors: Record<string, string[]> = {};
  const one = (key: string): string | undefined => {
    const value = raw[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') {
      errors[key] = [`${key} is invalid`];
      return undefined;
    }
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  };
  const int = (key: string, fallback: number, max: number): number => {
    const value = one(key);
    if (value === undefined) return fallback;
    const parsed = /^\d{1,6}$/.test(value) ? Number(value) : 0;
    if (parsed >= 1 && parsed <= max) return parsed;
    errors[key] = [`${key} is invalid`];
    return fallback;
  };
  const page = int('page', 1, 100_000);
  const perPage = int('per_page', PUBLIC_PAGE_SIZE, PUBLIC_PAGE_MAX);
  const search = one('search');
  if (search !== undefined && search.length > SEARCH_MAX) errors.search = ['search is invalid'];
  const filters: Record<string, string> = {};
  for (const name of Object.keys(read.filters ?? {})) {
    const value = one(name);
    if (value === undefined) continue;
    if (!SLUG.test(value) || value.length > 255) errors[name] = [`${name} is invalid`];
    else filters[name] = value;
  }
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(422, first[0], errors);
  return { page, per_page: perPage, search, filters };
}

const queryDoc = (read: PublicRead) =>
  Type.Object({
    page: Type.Optional(Type.String({ description: 'From 1' })),
    per_page: Type.Optional(
      Type.String({ description: `1–${PUBLIC_PAGE_MAX}, default ${PUBLIC_PAGE_SIZE}` }),
    ),
    search: Type.Optional(Type.String({ description: 'Free text over the searchable columns' })),
    ...Object.fromEntries(
      Object.entries(read.filters ?? {}).map(([name, filter]) => [
        name,
        Type.Optional(Type.String({ description: filter.description })),
      ]),
    ),
  });

/** A declaration that opts into the public read side. */
export type PublicResource = AnyResource & { publicRead: PublicRead };

export const hasPublicRead = (resource: AnyResource): resource is PublicResource =>
  Boolean((resource as { publicRead?: PublicRead }).publicRead);

/** The message of a 301 to an item's current slug. */
export const PUBLIC_MOVED = 'Moved Permanently';

/** A by-slug read of an old slug: where the item lives now (also in `Location`). */
const movedAnswer = Type.Object(
  {
    message: Type.String({ examples: [PUBLIC_MOVED] }),
    data: Type.Object({
      slug: Type.String({ description: "The item's current slug" }),
      path: Type.String({ description: 'The by-slug path to read it at (the same as `Location`)' }),
    }),
  },
  { description: "An old slug: the item's current slug, also in the `Location` header" },
);

/**
 * The current slug of the published item `slug` was an old slug of (a rename, or a chain of them:
 * the redirect names the record, so every old slug leads to its latest one); null when the slug
 * was never one, or the item is deleted or not published (a draft's slug is never told).
 */
async function currentSlug(
  db: Executor,
  resource: PublicResource,
  slugColumn: PgColumn,
  slug: string,
  at: Date,
): Promise<string | null> {
  const id = await redirectedRecord(db, resource.contract.group, slug);
  if (id === null) return null;
  const { table } = resource;
  // The publishing rule may name joined tables (a product's brand): read it through the declaration's select.
  const [published] = await resource
    .select(db)
    .where(and(eq(table.id, id), resource.publicRead.published(at)))
    .limit(1);
  if (!published) return null;
  const [row] = (await db.select({ slug: slugColumn }).from(table).where(eq(table.id, id))) as {
    slug: string;
  }[];
  return row?.slug ?? null;
}

/** `GET /public/v1/<group>` and `GET /public/v1/<group>/{slug}` of one declaration. */
export function publicReadRoutes(app: FastifyInstance, resource: PublicResource, now: () => Date): void {
  publicListRoute(app, resource, now);
  if (resource.publicRead.slug) publicItemRoute(app, resource, resource.publicRead.slug, now);
}

const tags = ['public'];
const publisher = (read: PublicRead) => (item: unknown) => pickBySchema(read.wire, item);

/** `GET /public/v1/<group>`: a page of the published items. */
function publicListRoute(app: FastifyInstance, resource: PublicResource, now: () => Date): void {
  const { contract, publicRead: read } = resource;
  const base = publicPath(contract.group);
  const publish = publisher(read);
  app.get(
    base,
    {
      schema: {
        tags,
        summary: `Published ${contract.group}`,
        querystring: queryDoc(read),
        headers: Type.Object(publicReadHeaders),
        response: { 200: listAnswer(read.wire), ...publicErrorResponses(422) },
      },
    },
    async (request, reply) => {
      const query = parsePublicQuery(read, (request.query ?? {}) as Record<string, unknown>);
      const where = and(
        read.published(now()),
        query.search && resource.search.length
          ? or(...resource.search.map((col) => ilike(col, likePattern(query.search as string))))
          : undefined,
        ...Object.entries(query.filters).map(([name, value]) => read.filters?.[name].where(value)),
      );
      const rows = await resource
        .select(app.db)
        .where(where)
        .orderBy(...read.order, asc(resource.table.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      const [{ total }] = await app.db.select({ total: count() }).from(resource.table).where(where);
      const items = await resource.toItems(app.db, rows);
      await read.hideUnpublished?.(app.db, items as Record<string, unknown>[]);
      return sendCached(request, reply, {
        data: items.map(publish),
        meta: {
          current_page: query.page,
          per_page: query.per_page,
          total,
          last_page: Math.max(1, Math.ceil(total / query.per_page)),
        },
      });
    },
  );
}

/** `GET /public/v1/<group>/{slug}`: one published item (an old slug: 301 to its current one). */
function publicItemRoute(
  app: FastifyInstance,
  resource: PublicResource,
  slugColumn: NonNullable<PublicRead['slug']>,
  now: () => Date,
): void {
  const { contract, publicRead: read } = resource;
  const base = publicPath(contract.group);
  const publish = publisher(read);
  app.get(
    `${base}/:slug`,
    {
      schema: {
        tags,
        summary: `One published ${contract.item.toLowerCase()} by slug`,
        params: Type.Object({ slug: Type.String() }),
        querystring: Type.Object({
          [PREVIEW_QUERY]: Type.Optional(
            Type.String({ description: 'A preview token, instead of X-Preview-Token' }),
          ),
        }),
        headers: Type.Object({
          ...publicReadHeaders,
          [PREVIEW_HEADER]: Type.Optional(
            Type.String({
              description:
                '`pv_…`: a preview token ("Preview on site"). The item it was made for is answered as it is, published or not, with `Cache-Control: private, no-store`; any other slug is a 404; a token expired, revoked or not valid is a 403.',
            }),
          ),
        }),
        description:
          'An old slug of a published item (it was renamed) answers 301 with `Location` and its current slug. ' +
          'With a preview token (X-Preview-Token or `?preview=`), the one item it was made for, unpublished as it is.',
        response: { 200: dataAnswer(read.wire), 301: movedAnswer, ...publicErrorResponses(404) },
      },
    },
    async (request, reply) => {
      const { slug } = request.params as { slug: string };
      const token = presentedPreview(request);
      if (token !== undefined) return previewAnswer(app, request, reply, resource, slugColumn, token, now());
      if (!SLUG.test(slug) || slug.length > 255) throw notFound();
      const at = now();
      const rows = await resource
        .select(app.db)
        .where(and(read.published(at), eq(slugColumn, slug)))
        .limit(1);
      const [item] = await resource.toItems(app.db, rows);
      if (!item) {
        const current = await currentSlug(app.db, resource, slugColumn, slug, at);
        if (!current) throw notFound();
        const path = `${base}/${current}`;
        return reply
          .code(301)
          .header('Location', path)
          .header('Cache-Control', publicCacheOf(request))
          .send({ message: PUBLIC_MOVED, data: { slug: current, path } });
      }
      await read.hideUnpublished?.(app.db, [item as Record<string, unknown>]);
      return sendCached(request, reply, { data: publish(item) });
    },
  );
}

/** The answer to a preview token: refused when it is not live. */
const PREVIEW_REFUSED = 'This preview link is not valid or has expired.';

/**
 * A by-slug read carrying a preview token: the one item the token was made for, as it is (its
 * publishing rule not applied), when `slug` is its current slug; any other item is a 404 (a token
 * never reveals another); a token expired, revoked or not valid is a 403. Never cached.
 */
async function previewAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  resource: PublicResource,
  slugColumn: PgColumn,
  token: string | null,
  at: Date,
): Promise<FastifyReply> {
  reply.header('Cache-Control', PREVIEW_CACHE);
  const previewed = token ? await previewedItem(app.db, token, at) : null;
  if (!previewed) throw new HttpError(403, PREVIEW_REFUSED, undefined, { 'Cache-Control': PREVIEW_CACHE });
  const { slug } = request.params as { slug: string };
  const rows =
    previewed.resource === resource.contract.group
      ? await resource
          .select(app.db)
          .where(and(eq(resource.table.id, previewed.recordId), eq(slugColumn, slug)))
          .limit(1)
      : [];
  const [item] = await resource.toItems(app.db, rows);
  if (!item) throw new HttpError(404, notFound().message, undefined, { 'Cache-Control': PREVIEW_CACHE });
  await resource.publicRead.hideUnpublished?.(app.db, [item as Record<string, unknown>]);
  return sendCached(request, reply, { data: pickBySchema(resource.publicRead.wire, item) }, PREVIEW_CACHE);
}
