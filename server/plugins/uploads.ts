import fs from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import multipart, { type Multipart } from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromBuffer } from 'file-type';
import sharp from 'sharp';
import { en, format } from '../../src/shared/messages';
import { UPLOAD_LIMITS, formatBytes, type UploadKind } from '../../src/shared/limits';
import type { Config, SheetLimits } from '../config';
import { randomToken } from '../lib/crypto';
import { HttpError, fieldError } from '../lib/httpError';
import { createFile, type StoredFile } from '../repositories/files';
import type { ImageVariant } from '../../src/shared/resources/wire';

const UPLOADS_PREFIX = '/uploads/';
/** Stored files shown inline: the image types (and their previews); everything else is an attachment. */
const INLINE = /\.(?:jpe?g|png|webp)$/i;
const PREVIEW_MAX_PX = 400;
/** The widths of an image's WebP web variants (those below the original's width are made). */
export const WEB_WIDTHS = [480, 960, 1600] as const;
const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_LIMITS).map((limit) => limit.maxBytes));

export interface UploadInput {
  kind: UploadKind;
  buffer: Buffer;
  originalName: string;
  userId: number;
}

export interface UploadService {
  store(input: UploadInput): Promise<StoredFile>;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadService;
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
    throw new HttpError(400, en.uploadMalformed);
  }
}

export const tooLarge = (kind: UploadKind): HttpError =>
  new HttpError(413, format(en.uploadTooLarge, { size: formatBytes(UPLOAD_LIMITS[kind].maxBytes) }));

const safeName = (name: string): string =>
  path
    .basename(name)
    // Control characters, quotes and slashes have no place in a Content-Disposition file name.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f"\\/]/g, '')
    .slice(0, 255) || 'file';

/** Stores uploads on local disk under `${DATA_DIR}/uploads`, typed by content, never by name. */
export const uploadsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const root = config.uploadsDir;
    mkdirSync(root, { recursive: true });

    await app.register(multipart, {
      // The per-kind limit is checked after reading; this only stops a body larger than any kind allows.
      limits: { fileSize: LARGEST_UPLOAD, files: 1, fields: 10, parts: 12 },
    });

    await app.register(fastifyStatic, {
      root,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      setHeaders: (res, filePath) => {
        // The type is the one stored (the extension was chosen from the content); never sniffed.
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        // Opened directly, a file runs nothing and reaches nothing (a PDF's JavaScript, an SVG's script).
        res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
        // Only images are shown in the page; anything else (PDFs) is downloaded, never rendered here.
        if (!INLINE.test(filePath)) res.setHeader('Content-Disposition', 'attachment');
      },
    });
    app.decorate('sheetLimits', config.sheetLimits);

    const store = async ({ kind, buffer, originalName, userId }: UploadInput): Promise<StoredFile> => {
      const limit = UPLOAD_LIMITS[kind];
      if (buffer.length > limit.maxBytes) throw tooLarge(kind);
      const detected = await fromBuffer(buffer);
      const allowed: readonly string[] = limit.mimes;
      if (!detected || !allowed.includes(detected.mime)) throw fieldError('file', en.uploadBadType);

      const month = new Date().toISOString().slice(0, 7);
      const dir = path.join(root, month);
      await fs.mkdir(dir, { recursive: true });
      const base = randomToken(18);
      const fileName = `${base}.${detected.ext}`;
      const urlOf = (name: string) => `${UPLOADS_PREFIX}${month}/${name}`;

      let width: number | null = null;
      let height: number | null = null;
      let preview: { path: string; url: string } | null = null;
      const variants: ImageVariant[] = [];
      if (kind === 'image') {
        const options = { failOn: 'error', limitInputPixels: config.imageMaxPixels } as const;
        // The header alone (no decoding): too many pixels is refused before any memory goes to them.
        const meta = await sharp(buffer, { ...options, limitInputPixels: false })
          .metadata()
          .catch(() => null);
        if (!meta?.width || !meta.height) throw fieldError('file', en.uploadBadType);
        if (meta.width * meta.height > config.imageMaxPixels)
          throw fieldError(
            'file',
            format(en.uploadTooManyPixels, { megapixels: Math.floor(config.imageMaxPixels / 1_000_000) }),
          );
        width = meta.width;
        height = meta.height;
        const previewName = `${base}.preview.webp`;
        try {
          await sharp(buffer, options)
            .rotate()
            .resize({
              width: PREVIEW_MAX_PX,
              height: PREVIEW_MAX_PX,
              fit: 'inside',
              withoutEnlargement: true,
            })
            .webp()
            .toFile(path.join(dir, previewName));
        } catch {
          // A valid header over broken or truncated pixel data.
          await fs.rm(path.join(dir, previewName), { force: true });
          throw fieldError('file', en.uploadUnreadable);
        }
        preview = { path: path.join(month, previewName), url: urlOf(previewName) };
        // Web variants: WebP at the widths a website's srcset needs, never wider than the original.
        for (const target of WEB_WIDTHS.filter((w) => w < meta.width!)) {
          const variantName = `${base}.w${target}.webp`;
          const info = await sharp(buffer, options)
            .rotate()
            .resize({ width: target, withoutEnlargement: true })
            .webp()
            .toFile(path.join(dir, variantName));
          variants.push({ width: info.width, height: info.height, url: urlOf(variantName) });
        }
      }
      await fs.writeFile(path.join(dir, fileName), buffer, { flag: 'wx' });

      return createFile(app.db, {
        kind,
        path: path.join(month, fileName),
        url: urlOf(fileName),
        previewPath: preview?.path ?? null,
        previewUrl: preview?.url ?? null,
        variants: variants.length ? variants : null,
        name: safeName(originalName),
        mime: detected.mime,
        size: buffer.length,
        width,
        height,
        createdBy: userId,
      });
    };

    app.decorate('uploads', { store });
  },
  { name: 'uploads', dependencies: ['db'] },
);
