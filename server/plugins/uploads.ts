import path from 'node:path';
import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromBuffer } from 'file-type';
import sharp from 'sharp';
import { format, validation } from '../../src/shared/messages';
import { UPLOAD_LIMITS, formatBytes, type UploadKind } from '../../src/shared/limits';
import type { Config, SheetLimits } from '../config';
import type { Executor } from '../db/client';
import { randomToken } from '../lib/crypto';
import { HttpError, fieldError } from '../lib/httpError';
import { createFile, replaceFile, type NewFile, type StoredFile } from '../repositories/files';
import { fileSummary, type FileAddresses } from '../repositories/media';
import {
  contentTypeOf,
  createFileStore,
  isStorageKey,
  servedInline,
  UPLOADS_PREFIX,
  urlOfKey,
  type FileStore,
  type ObjectInfo,
} from '../storage';
import { parseRange } from '../storage/ranges';
import { makeImageVariants, removeQuietly, UnreadableImage } from '../storage/variants';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';
import { SCREEN_TEXT } from '../../src/shared/messages/screens';
const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_LIMITS).map((limit) => limit.maxBytes));

export interface UploadInput {
  kind: UploadKind;
  buffer: Buffer;
  originalName: string;
  userId: number;
}

export interface UploadService {
  store(input: UploadInput): Promise<StoredFile>;
  /**
   * Replaces file `id`'s bytes with a new upload of the same kind (the media library): a new key,
   * preview and web variants made again, the row's path, type, size and dimensions changed, its id,
   * alt text and every reference to it kept; the old objects are removed once the row is changed.
   * The row is locked for it (a second replace waits and replaces what the first left); `also` runs
   * in the same transaction with the old addresses and the new file (the text references moved).
   * Undefined when there is no such file (or it is of another kind).
   */
  replace(
    id: number,
    input: UploadInput,
    also?: (tx: Executor, before: FileAddresses, replaced: StoredFile) => Promise<void>,
  ): Promise<StoredFile | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadService;
    /** Where uploaded files live (local disk or an S3-compatible bucket); `check()` for readiness. */
    storage: FileStore;
    /** What an uploaded spreadsheet may unpack to (imports). */
    sheetLimits: SheetLimits;
  }
}

/**
 * Reads a multipart body's parts, turning what the parser refuses (no boundary, a part that never
 * ends, a header it cannot read) into a 400 instead of letting it escape as a 500. Errors the
 * caller's own handling raises (HttpError) pass through.
 */
export async function eachPart(
  request: FastifyRequest,
  handle: (part: Multipart) => Promise<void>,
): Promise<void> {
  try {
    for await (const part of request.parts()) await handle(part);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // The plugin's own refusals (too large, too many parts, not multipart) keep their 4xx status.
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw error;
    throw new HttpError(400, SERVER_MESSAGES.uploadMalformed);
  }
}

/** The request's uploaded `file` (the first file part), or a 422 on `file`; too large → 413. */
export async function uploadedFile(request: FastifyRequest): Promise<{ buffer: Buffer; filename: string }> {
  let file: { buffer: Buffer; filename: string } | undefined;
  if (request.isMultipart())
    await eachPart(request, async (part) => {
      if (part.type !== 'file' || file) return;
      const buffer = await part.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('document');
        throw error;
      });
      file = { buffer, filename: part.filename };
    });
  const upload = file as { buffer: Buffer; filename: string } | undefined;
  if (!upload) throw fieldError('file', validation.required('File'));
  return upload;
}

export const tooLarge = (kind: UploadKind): HttpError =>
  new HttpError(413, format(SCREEN_TEXT.uploadTooLarge, { size: formatBytes(UPLOAD_LIMITS[kind].maxBytes) }));

const safeName = (name: string): string =>
  path
    .basename(name)
    // Control characters, quotes and slashes have no place in a Content-Disposition file name.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f"\\/]/g, '')
    .slice(0, 255) || 'file';

/**
 * The headers every stored file is served with, from disk or from the bucket alike: the stored type
 * (its extension was chosen from the content), never sniffed; cached for a year (a key is never
 * reused); a CSP under which the file, opened directly, runs and reaches nothing (a PDF's
 * JavaScript, an SVG's script); and anything but an image downloads instead of rendering here.
 */
function fileHeaders(reply: FastifyReply, key: string, info: ObjectInfo): void {
  reply.header('Content-Type', contentTypeOf(key));
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
  if (!servedInline(key)) reply.header('Content-Disposition', 'attachment');
  reply.header('Accept-Ranges', 'bytes');
  reply.header('ETag', info.etag);
  reply.header('Last-Modified', info.lastModified.toUTCString());
}

/** Stores uploads through the file store (server/storage), typed by content, never by name, and serves them. */
export const uploadsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const storage = createFileStore(config);
    app.decorate('storage', storage);
    app.addHook('onClose', async () => storage.close());

    await app.register(multipart, {
      // The per-kind limit is checked after reading; this only stops a body larger than any kind allows.
      limits: { fileSize: LARGEST_UPLOAD, files: 1, fields: 10, parts: 12 },
    });
    app.decorate('sheetLimits', config.sheetLimits);

    const notFound = (reply: FastifyReply) => reply.code(404).send({ message: SERVER_MESSAGES.notFoundBody });
    // Streamed through this server from either store, so the headers above hold wherever the bytes
    // live (docs/decisions/2026-12-01-files-streamed-not-redirected.md).
    app.route({
      method: ['GET', 'HEAD'],
      url: `${UPLOADS_PREFIX}*`,
      schema: { hide: true },
      handler: async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        if (!isStorageKey(key)) return notFound(reply);
        if (request.method === 'HEAD') {
          const info = await storage.stat(key);
          if (!info) return notFound(reply);
          fileHeaders(reply, key, info);
          reply.header('Content-Length', info.size);
          return reply.send();
        }
        const found = await storage.read(key, {
          range: parseRange(request.headers.range),
          ifNoneMatch: request.headers['if-none-match'],
        });
        if (!found) return notFound(reply);
        if (found.status === 416) {
          reply.header('Content-Range', `bytes */${found.size}`);
          return reply.code(416).send({ message: SERVER_MESSAGES.notFoundBody });
        }
        fileHeaders(reply, key, found);
        if (found.status === 304) return reply.code(304).send();
        reply.header('Content-Length', found.end - found.start + 1);
        if (found.status === 206)
          reply.header('Content-Range', `bytes ${found.start}-${found.end}/${found.size}`);
        return reply.code(found.status).send(found.body);
      },
    });

    app.decorate('uploads', uploadService(app, storage, config));
  },
  { name: 'uploads', dependencies: ['db'] },
);

/** A checked upload written to the store: the row's columns, and every key written (to undo). */
interface WrittenUpload {
  file: Omit<NewFile, 'kind' | 'createdBy'>;
  written: string[];
}

/** The type by content, the pixels and the variants of an upload, then its objects written. */
async function writeUpload(
  storage: FileStore,
  config: Config,
  { kind, buffer, originalName }: Omit<UploadInput, 'userId'>,
): Promise<WrittenUpload> {
  const limit = UPLOAD_LIMITS[kind];
  if (buffer.length > limit.maxBytes) throw tooLarge(kind);
  const detected = await fromBuffer(buffer);
  const allowed: readonly string[] = limit.mimes;
  if (!detected || !allowed.includes(detected.mime)) throw fieldError('file', SCREEN_TEXT.uploadBadType);

  const month = new Date().toISOString().slice(0, 7);
  const key = `${month}/${randomToken(18)}.${detected.ext}`;
  const image = kind === 'image' ? await imageOf(storage, config, key, buffer) : null;
  const written = image?.made.keys ?? [];
  try {
    await storage.put(key, buffer, detected.mime);
  } catch (error) {
    await removeQuietly(storage, written);
    throw error;
  }
  written.push(key);
  return {
    file: {
      path: key,
      url: urlOfKey(key),
      previewPath: image?.made.preview.key ?? null,
      previewUrl: image?.made.preview.url ?? null,
      variants: image?.made.variants.length ? image.made.variants : null,
      name: safeName(originalName),
      mime: detected.mime,
      size: buffer.length,
      width: image?.width ?? null,
      height: image?.height ?? null,
    },
    written,
  };
}

/** An image's size (refused over the pixel limit before decoding) and its preview and variants, written. */
async function imageOf(storage: FileStore, config: Config, key: string, buffer: Buffer) {
  // The header alone (no decoding): too many pixels is refused before any memory goes to them.
  const meta = await sharp(buffer, { failOn: 'error', limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw fieldError('file', SCREEN_TEXT.uploadBadType);
  if (meta.width * meta.height > config.imageMaxPixels)
    throw fieldError(
      'file',
      format(SERVER_MESSAGES.uploadTooManyPixels, {
        megapixels: Math.floor(config.imageMaxPixels / 1_000_000),
      }),
    );
  try {
    const made = await makeImageVariants(storage, { key, buffer, maxPixels: config.imageMaxPixels });
    return { width: meta.width, height: meta.height, made };
  } catch (error) {
    if (error instanceof UnreadableImage) throw fieldError('file', SERVER_MESSAGES.uploadUnreadable);
    throw error;
  }
}

/** Stores uploads (a new file row) and replaces a file's bytes (the same row), through the file store. */
function uploadService(app: FastifyInstance, storage: FileStore, config: Config): UploadService {
  const store = async (input: UploadInput): Promise<StoredFile> => {
    const { file, written } = await writeUpload(storage, config, input);
    try {
      return await createFile(app.db, { ...file, kind: input.kind, createdBy: input.userId });
    } catch (error) {
      await removeQuietly(storage, written);
      throw error;
    }
  };
  const replace: UploadService['replace'] = async (id, input, also) => {
    const { file, written } = await writeUpload(storage, config, input);
    let done: { before: string[]; row: StoredFile } | undefined;
    try {
      done = await app.db.transaction(async (tx) => {
        const before = await fileSummary(tx, id, { lock: true });
        const row = before && (await replaceFile(tx, id, input.kind, file));
        if (!before || !row) return undefined;
        await also?.(tx, before.addresses, row);
        return { before: before.keys, row };
      });
    } catch (error) {
      await removeQuietly(storage, written);
      throw error;
    }
    // Gone, or another kind: nothing of the new upload is kept.
    await removeQuietly(storage, done ? done.before : written);
    return done?.row;
  };
  return { store, replace };
}
