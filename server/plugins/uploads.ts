import fs from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { fromBuffer } from 'file-type';
import sharp from 'sharp';
import { en, format } from '../../src/shared/messages';
import { UPLOAD_LIMITS, formatBytes, type UploadKind } from '../../src/shared/limits';
import type { Config } from '../config';
import { randomToken } from '../lib/crypto';
import { HttpError, fieldError } from '../lib/httpError';
import { createFile, type StoredFile } from '../repositories/files';

const UPLOADS_PREFIX = '/uploads/';
const PREVIEW_MAX_PX = 400;
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
      setHeaders: (res) => {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });

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
      if (kind === 'image') {
        const image = sharp(buffer, { failOn: 'error' });
        const meta = await image.metadata().catch(() => null);
        if (!meta?.width || !meta.height) throw fieldError('file', en.uploadBadType);
        width = meta.width;
        height = meta.height;
        const previewName = `${base}.preview.webp`;
        await sharp(buffer)
          .rotate()
          .resize({ width: PREVIEW_MAX_PX, height: PREVIEW_MAX_PX, fit: 'inside', withoutEnlargement: true })
          .webp()
          .toFile(path.join(dir, previewName));
        preview = { path: path.join(month, previewName), url: urlOf(previewName) };
      }
      await fs.writeFile(path.join(dir, fileName), buffer, { flag: 'wx' });

      return createFile(app.db, {
        kind,
        path: path.join(month, fileName),
        url: urlOf(fileName),
        previewPath: preview?.path ?? null,
        previewUrl: preview?.url ?? null,
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
