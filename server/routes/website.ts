import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  hasPermission,
  PERMISSIONS,
  permissionKey,
  type PermissionGroup,
} from '../../src/shared/permissions';
import {
  createdWebsiteKeyWire,
  previewCreateSchema,
  previewWire,
  websiteKeyCreateSchema,
  websiteKeyWire,
  type WebsiteKey,
} from '../../src/shared/resources/website';
import { en } from '../../src/shared/messages';
import { API_PATHS } from '../../src/shared/routes';
import { dataAnswer } from '../../src/shared/resources/wire';
import type { Config } from '../config';
import { bearer, errorResponses } from '../crud/openapi';
import { hasPublicRead, type PublicResource } from '../crud/publicRead';
import { idOf, notFound } from '../crud/resource';
import { previewTokens, websiteKeys } from '../db/schema';
import { HttpError } from '../lib/httpError';
import { parseBody } from '../lib/validation';
import { currentUser } from '../plugins/auth';
import { RESOURCES } from '../resources';
import { actorOf, recordAudit } from '../security/audit';
import { sitemapUrl } from './sitemap';
import { digest, keyPrefix, newSecret } from '../website/keys';

const tags = ['website'];
const params = Type.Object({ id: Type.String() });

type KeyRow = typeof websiteKeys.$inferSelect;
const keyWire = (row: KeyRow): WebsiteKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
  revoked_at: row.revoked_at?.toISOString() ?? null,
});

/**
 * Setting › Website (permission group `website`): the website's read keys (a key is shown once, in
 * the answer of its create; only its sha256 is kept; revoking is for good), and "Preview on site":
 * a preview token of one item, minted by who may change it.
 */
export async function websiteRoutes(
  app: FastifyInstance,
  { config, now }: { config: Config; now: () => Date },
) {
  keyRoutes(app, now);
  previewRoutes(app, config, now);
}

function keyRoutes(app: FastifyInstance, now: () => Date): void {
  listKeysRoute(app);
  createKeyRoute(app, now);
  revokeKeyRoute(app, now);
}

/** `GET …/keys`: the keys, never a key itself. */
function listKeysRoute(app: FastifyInstance): void {
  app.get(
    API_PATHS.websiteKeys,
    {
      preValidation: app.requirePermission(PERMISSIONS.websiteIndex),
      schema: {
        tags,
        summary: "The website's read keys (never the keys themselves), newest first",
        security: bearer,
        response: { 200: dataAnswer(Type.Array(websiteKeyWire)), ...errorResponses() },
      },
    },
    async () => ({
      data: (await app.db.select().from(websiteKeys).orderBy(desc(websiteKeys.id))).map(keyWire),
    }),
  );
}

/** `POST …/keys`: a new key, shown in this answer only. */
function createKeyRoute(app: FastifyInstance, now: () => Date): void {
  app.post(
    API_PATHS.websiteKeys,
    {
      preValidation: app.requirePermission(PERMISSIONS.websiteStore),
      schema: {
        tags,
        summary: 'A new read key: the answer holds the key, the only time it is shown',
        security: bearer,
        body: Type.Object({ name: Type.String() }),
        response: { 201: dataAnswer(createdWebsiteKeyWire), ...errorResponses(422) },
      },
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      const { name } = await parseBody(websiteKeyCreateSchema, request.body);
      const user = currentUser(request);
      const key = newSecret('wk');
      const row = await app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(websiteKeys)
          .values({
            name,
            prefix: keyPrefix(key),
            key_hash: digest(key),
            created_by: user.id,
            created_at: now(),
          })
          .returning();
        await recordAudit(tx, {
          kind: 'website-key.created',
          actor: actorOf(user),
          resource: 'website',
          recordId: created.id,
          summary: `Website key created: ${name} (${created.prefix}…)`,
        });
        return created;
      });
      return reply.code(201).send({ data: { ...keyWire(row), key } });
    },
  );
}

/** `DELETE …/keys/:id`: the key revoked for good. */
function revokeKeyRoute(app: FastifyInstance, now: () => Date): void {
  app.delete(
    API_PATHS.websiteKey,
    {
      preValidation: app.requirePermission(PERMISSIONS.websiteDestroy),
      schema: {
        tags,
        summary: 'Revoke a read key (for good: a read carrying it is a 401)',
        security: bearer,
        params,
        response: { 200: dataAnswer(websiteKeyWire), ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const id = idOf(request);
      const user = currentUser(request);
      const row = await app.db.transaction(async (tx) => {
        const [found] = await tx.select().from(websiteKeys).where(eq(websiteKeys.id, id)).for('update');
        if (!found) throw notFound();
        if (found.revoked_at) throw new HttpError(409, 'This website key is already revoked.');
        const [revoked] = await tx
          .update(websiteKeys)
          .set({ revoked_at: now() })
          .where(eq(websiteKeys.id, id))
          .returning();
        await recordAudit(tx, {
          kind: 'website-key.revoked',
          actor: actorOf(user),
          resource: 'website',
          recordId: id,
          summary: `Website key revoked: ${found.name} (${found.prefix}…)`,
        });
        return revoked;
      });
      return { data: keyWire(row) };
    },
  );
}

/** The kinds a preview can show: those the website reads by slug. */
const previewable = (): PublicResource[] =>
  (RESOURCES as readonly unknown[]).filter(
    (resource): resource is PublicResource =>
      hasPublicRead(resource as never) && Boolean((resource as PublicResource).publicRead.slug),
  );

/** Who may preview an item of `group`: who may change it (its `update`). */
const mayPreview = (request: FastifyRequest, group: string): boolean =>
  hasPermission(request.user?.permissions, permissionKey(group as PermissionGroup, 'update'));

/** The keys that may make (or revoke) some preview: each previewable kind's `update`. */
export const previewKeys = (): string[] =>
  previewable().map((resource) => permissionKey(resource.contract.group as PermissionGroup, 'update'));

/** The website's preview address of an item: PREVIEW_URL on HOST_APP_URL, its path the sitemap's. */
export function previewAddress(
  config: Config,
  group: string,
  slug: string,
  token: string,
): { url: string | null; path: string } {
  const pattern = config.sitemapPaths[group] || `/${group}/{slug}`;
  const path = sitemapUrl('', pattern, slug, group);
  const url = config.hostAppUrl
    ? config.website.previewUrl
        .replace('{HOST_APP_URL}', config.hostAppUrl.replace(/\/$/, ''))
        .replace('{token}', encodeURIComponent(token))
        .replace('{path}', encodeURIComponent(path))
    : null;
  return { url, path };
}

function previewRoutes(app: FastifyInstance, config: Config, now: () => Date): void {
  createPreviewRoute(app, config, now);
  revokePreviewRoute(app, now);
}

/** `POST /api/previews`: a preview token of one item. */
function createPreviewRoute(app: FastifyInstance, config: Config, now: () => Date): void {
  app.post(
    API_PATHS.previews,
    {
      preValidation: app.requireAnyPermission(previewKeys()),
      schema: {
        tags,
        summary: 'A preview token of one item the website shows, for "Preview on site"',
        description:
          'Needs the update permission of the item’s kind (`news.update`, …). The token shows that one item, as it is, to the public by-slug read carrying it, until it expires (PREVIEW_TTL_MINUTES, 60) or is revoked.',
        security: bearer,
        body: Type.Object({ resource: Type.String(), id: Type.Integer() }),
        response: { 201: dataAnswer(previewWire), ...errorResponses(404, 422) },
      },
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      const input = await parseBody(previewCreateSchema, request.body);
      const resource = previewable().find((one) => one.contract.group === input.resource);
      if (!resource) throw new HttpError(422, 'Resource is invalid', { resource: ['Resource is invalid'] });
      if (!mayPreview(request, resource.contract.group)) throw new HttpError(403, en.unauthorized);
      const slugColumn = resource.publicRead.slug as NonNullable<PublicResource['publicRead']['slug']>;
      const [found] = (await app.db
        .select({ slug: slugColumn })
        .from(resource.table)
        .where(eq(resource.table.id, input.id))) as { slug: string }[];
      if (!found) throw notFound();
      const user = currentUser(request);
      const token = newSecret('pv');
      const at = now();
      const expires = new Date(at.getTime() + config.website.previewTtlMinutes * 60_000);
      const created = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(previewTokens)
          .values({
            token_hash: digest(token),
            resource: resource.contract.group,
            record_id: input.id,
            created_by: user.id,
            created_at: at,
            expires_at: expires,
          })
          .returning({ id: previewTokens.id });
        await recordAudit(tx, {
          kind: 'preview.created',
          actor: actorOf(user),
          resource: resource.contract.group as PermissionGroup,
          recordId: input.id,
          summary: `Preview link created for ${resource.contract.item.toLowerCase()} ${found.slug} (until ${expires.toISOString()})`,
        });
        return row;
      });
      const address = previewAddress(config, resource.contract.group, found.slug, token);
      return reply.code(201).send({
        data: { id: created.id, token, ...address, expires_at: expires.toISOString() },
      });
    },
  );
}

/** `DELETE /api/previews/:id`: a preview token revoked. */
function revokePreviewRoute(app: FastifyInstance, now: () => Date): void {
  app.delete(
    API_PATHS.preview,
    {
      preValidation: app.requireAnyPermission(previewKeys()),
      schema: {
        tags,
        summary: 'Revoke a preview token (its link stops at once)',
        description: 'Needs the update permission of the item’s kind, as making one.',
        security: bearer,
        params,
        response: { 200: Type.Object({ message: Type.String() }), ...errorResponses(404) },
      },
    },
    async (request) => {
      const id = idOf(request);
      const [found] = await app.db
        .select()
        .from(previewTokens)
        .where(and(eq(previewTokens.id, id), isNull(previewTokens.revoked_at)));
      if (!found) throw notFound();
      if (!mayPreview(request, found.resource)) throw new HttpError(403, en.unauthorized);
      const user = currentUser(request);
      await app.db.transaction(async (tx) => {
        await tx.update(previewTokens).set({ revoked_at: now() }).where(eq(previewTokens.id, id));
        await recordAudit(tx, {
          kind: 'preview.revoked',
          actor: actorOf(user),
          resource: found.resource as PermissionGroup,
          recordId: found.record_id,
          summary: `Preview link revoked (${found.resource} ${found.record_id})`,
        });
      });
      return { message: 'Preview link revoked' };
    },
  );
}
