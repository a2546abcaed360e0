import path from 'node:path';
import sharp from 'sharp';
import type { ImageVariant } from '../../src/shared/resources/wire';
import { contentTypeOf, urlOfKey, type FileStore } from './fileStore';

/** The longest side of an image's preview (the lists' and forms' thumbnails). */
export const PREVIEW_MAX_PX = 400;
/** The widths of an image's WebP web variants (those below the original's width are made). */
export const WEB_WIDTHS = [480, 960, 1600] as const;

/** The image's pixels could not be decoded (a valid header over broken or truncated data). */
export class UnreadableImage extends Error {
  constructor(readonly cause: unknown) {
    super('the image could not be decoded');
    this.name = 'UnreadableImage';
  }
}

export interface ImageVariantsInput {
  /** The original's key (`2026-12/abc.png`); the variants are stored beside it. */
  key: string;
  /** The original's bytes; read from the store when not given (a queued job holds only the key). */
  buffer?: Buffer;
  /** Images with more pixels are not decoded (the upload refused them already; a job checks again). */
  maxPixels: number;
}

export interface ImageVariants {
  preview: { key: string; url: string };
  /** WebP at `WEB_WIDTHS` narrower than the original, narrowest first. */
  variants: ImageVariant[];
  /** Every key written, preview first (to remove them again if what follows fails). */
  keys: string[];
}

/**
 * Makes an image's preview and web variants and writes them to `store`: the one place they are
 * made, so the upload runs it inline today and a queued job can run it later with the same store
 * (`{key, maxPixels}` only; then set `files.preview_*` and `files.variants` from the answer). All
 * of them are decoded before any is written: an image that fails writes nothing.
 */
export async function makeImageVariants(store: FileStore, input: ImageVariantsInput): Promise<ImageVariants> {
  const buffer = input.buffer ?? (await readWhole(store, input.key));
  const options = { failOn: 'error', limitInputPixels: input.maxPixels } as const;
  const dir = path.posix.dirname(input.key);
  const base = path.posix.basename(input.key, path.posix.extname(input.key));
  const keyOf = (suffix: string) => `${dir}/${base}.${suffix}.webp`;

  const rendered: { key: string; data: Buffer; width: number; height: number }[] = [];
  try {
    const preview = await sharp(buffer, options)
      .rotate()
      .resize({ width: PREVIEW_MAX_PX, height: PREVIEW_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp()
      .toBuffer({ resolveWithObject: true });
    rendered.push({ key: keyOf('preview'), data: preview.data, ...preview.info });
    const { width = 0 } = await sharp(buffer, { ...options, limitInputPixels: false }).metadata();
    // Web variants: WebP at the widths a website's srcset needs, never wider than the original.
    for (const target of WEB_WIDTHS.filter((w) => w < width)) {
      const variant = await sharp(buffer, options)
        .rotate()
        .resize({ width: target, withoutEnlargement: true })
        .webp()
        .toBuffer({ resolveWithObject: true });
      rendered.push({ key: keyOf(`w${target}`), data: variant.data, ...variant.info });
    }
  } catch (error) {
    throw new UnreadableImage(error);
  }

  const written: string[] = [];
  try {
    for (const item of rendered) {
      await store.put(item.key, item.data, contentTypeOf(item.key));
      written.push(item.key);
    }
  } catch (error) {
    await removeQuietly(store, written);
    throw error;
  }
  const [preview, ...variants] = rendered;
  return {
    preview: { key: preview.key, url: urlOfKey(preview.key) },
    variants: variants.map(({ key, width, height }) => ({ width, height, url: urlOfKey(key) })),
    keys: written,
  };
}

/** An object's bytes (a stored file is at most the largest upload: a few megabytes). */
export async function readWhole(store: FileStore, key: string): Promise<Buffer> {
  const found = await store.read(key);
  if (!found || found.status !== 200) throw new Error(`no stored file ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Removes what a failed upload wrote; a store that is down keeps them (orphans harm nothing). */
export async function removeQuietly(store: FileStore, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => store.delete(key).catch(() => undefined)));
}
