import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { format } from '../../src/shared/messages';
import { MEDIA_RESOURCE_LABELS, MEDIA_TEXT } from '../../src/shared/messages/media';
import { PERMISSIONS } from '../../src/shared/permissions';
import { UPLOAD_LIMITS } from '../../src/shared/limits';
import {
  mediaFilePath,
  mediaItemPath,
  mediaUsagePath,
  mediaUsageWire,
  mediaWire,
  type MediaUsage,
} from '../../src/shared/resources/media';
import { API_PATHS } from '../../src/shared/routes';
import { dataAnswer, writeAnswer, MessageSchema } from '../../src/shared/resources/wire';
import { listRoute } from '../crud/list';
import { bearer, errorResponses, idParams } from '../crud/openapi';
import { idOf, loadItem, notFound, type AnyResource } from '../crud/resource';
import { HttpError } from '../lib/httpError';
import { currentUser } from '../plugins/auth';
import { tooLarge, uploadedFile } from '../plugins/uploads';
import {
  addressesOf,
  deleteFileRow,
  fileSummary,
  fileUsage,
  rewriteTextReferences,
  textSources,
  textUsage,
  usageSources,
  type UsageSource,
} from '../repositories/media';
import { RESOURCES } from '../resources';
import { mediaServer } from '../resources/media';
import { actorOf, recordAudit } from '../security/audit';
import { removeQuietly } from '../storage/variants';

const tags = ['media'];
const media = mediaServer as unknown as AnyResource;

/** `Product “Kestrel valve” (Image)`: a record using a file, as a refusal names it. */
const usageName = (usage: MediaUsage): string =>
  `${MEDIA_RESOURCE_LABELS[usage.resource as keyof typeof MEDIA_RESOURCE_LABELS] ?? usage.resource} “${usage.title}”`;

/**
 * Setting › Media (permission group `media`, issue 39): the list of every uploaded file (the list
 * machinery's route), where one is used, a file replaced everywhere at once, and a delete refused
 * while a live item uses the file.
 */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const resources = RESOURCES.map((resource) => resource as unknown as AnyResource);
  const sources = usageSources(resources);
  const texts = textSources(resources);
  listRoute(app, media, API_PATHS.media);
  showRoute(app);
  usageRoute(app, sources);
  replaceRoute(app, texts);
  deleteRoute(app, sources, texts);
}

/** `GET /api/media/:id`: one file as the list shows it. */
function showRoute(app: FastifyInstance): void {
  app.get(
    mediaItemPath(':id'),
    {
      preValidation: app.requirePermission(PERMISSIONS.mediaIndex),
      schema: {
        tags,
        summary: 'One uploaded file',
        security: bearer,
        params: idParams,
        response: { 200: dataAnswer(mediaWire), ...errorResponses(404) },
      },
    },
    async (request) => ({ data: await loadItem(media, app.db, idOf(request)) }),
  );
}

/** `GET /api/media/:id/usage`: the records using the file, in which field, live or not. */
function usageRoute(app: FastifyInstance, sources: readonly UsageSource[]): void {
  app.get(
    mediaUsagePath(':id'),
    {
      preValidation: app.requirePermission(PERMISSIONS.mediaIndex),
      schema: {
        tags,
        summary: 'Where a file is used: each record and field, and whether the website shows it now',
        security: bearer,
        params: idParams,
        response: { 200: dataAnswer(Type.Array(mediaUsageWire)), ...errorResponses(404) },
      },
    },
    async (request) => {
      const id = idOf(request);
      if (!(await fileSummary(app.db, id))) throw notFound();
      return { data: await fileUsage(app.db, sources, id) };
    },
  );
}

/**
 * `POST /api/media/:id/file` (multipart `file`): the file's bytes replaced by an upload of the same
 * kind; its id stays, so every record using it shows the new one; its preview and web variants are
 * made again from the new bytes. Rich text, links and sections holding its old addresses are moved
 * to the new ones in the same transaction (the old objects are removed after it).
 */
function replaceRoute(app: FastifyInstance, texts: readonly UsageSource[]): void {
  app.post(
    mediaFilePath(':id'),
    {
      preValidation: app.requirePermission(PERMISSIONS.mediaUpdate),
      schema: {
        tags,
        summary: 'Replace a file everywhere it is used (multipart `file`, of the same kind)',
        consumes: ['multipart/form-data'],
        security: bearer,
        params: idParams,
        response: { 200: writeAnswer(mediaWire), ...errorResponses(404, 413, 422) },
      },
    },
    async (request) => {
      const id = idOf(request);
      const user = currentUser(request);
      const existing = await fileSummary(app.db, id);
      if (!existing) throw notFound();
      const received = await uploadedFile(request);
      if (received.buffer.length > UPLOAD_LIMITS[existing.kind].maxBytes) throw tooLarge(existing.kind);
      let rewritten = 0;
      const replaced = await app.uploads.replace(
        id,
        { kind: existing.kind, buffer: received.buffer, originalName: received.filename, userId: user.id },
        async (tx, before, stored) => {
          rewritten = await rewriteTextReferences(tx, texts, before, addressesOf(stored));
        },
      );
      if (!replaced) throw notFound();
      await recordAudit(app.db, {
        kind: 'media.replaced',
        actor: actorOf(user),
        resource: 'media',
        recordId: id,
        summary: `File replaced: ${existing.name} → ${replaced.name}`,
        ...(rewritten ? { details: { text_references_moved: rewritten } } : {}),
      });
      return { data: await loadItem(media, app.db, id), message: MEDIA_TEXT.replaced };
    },
  );
}

/**
 * `DELETE /api/media/:id`: refused (409, naming them) while a live item uses the file, by a file
 * field or in its text (a picture in rich text would break on the website); otherwise the file goes,
 * its references are cleared (`on delete set null`), its objects are removed.
 */
function deleteRoute(
  app: FastifyInstance,
  sources: readonly UsageSource[],
  texts: readonly UsageSource[],
): void {
  app.delete(
    mediaItemPath(':id'),
    {
      preValidation: app.requirePermission(PERMISSIONS.mediaDestroy),
      schema: {
        tags,
        summary: 'Delete a file no live item uses (409 naming the live ones otherwise)',
        security: bearer,
        params: idParams,
        response: { 200: MessageSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const id = idOf(request);
      const user = currentUser(request);
      const keys = await app.db.transaction(async (tx) => {
        const existing = await fileSummary(tx, id, { lock: true });
        if (!existing) throw notFound();
        const live = [
          ...(await fileUsage(tx, sources, id)),
          ...(await textUsage(tx, texts, existing.addresses)),
        ].filter((usage) => usage.live);
        if (live.length)
          throw new HttpError(
            409,
            format(MEDIA_TEXT.deleteRefused, { records: [...new Set(live.map(usageName))].join(', ') }),
          );
        await deleteFileRow(tx, id);
        await recordAudit(tx, {
          kind: 'media.deleted',
          actor: actorOf(user),
          resource: 'media',
          recordId: id,
          summary: `File deleted: ${existing.name}`,
        });
        return existing.keys;
      });
      await removeQuietly(app.storage, keys);
      return { message: MEDIA_TEXT.deleted };
    },
  );
}
