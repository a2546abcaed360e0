import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files and their image variants are kept: local disk under DATA_DIR (the embedded
 * default, `disk.ts`) or an S3-compatible bucket (`s3.ts`). Every read and write of a stored file
 * goes through this interface: the upload route, the image variants, `/uploads/*`, the move
 * command, backup and restore. Keys are the `files.path` of the database (`2026-12/abc.png`).
 */
export interface FileStore {
  readonly kind: 'disk' | 's3';
  /** One line for logs and commands: where the files are. */
  readonly description: string;
  /** Writes an object whole (replacing one of the same key); readers never see half of it. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** An object's size and validators, or null when there is none. */
  stat(key: string): Promise<ObjectInfo | null>;
  /** An object's bytes (or one range of them); null when there is none. */
  read(key: string, options?: ReadOptions): Promise<ReadResult | null>;
  /** Removes an object; no error when there is none. */
  delete(key: string): Promise<void>;
  /** Every key held, in no particular order (the move command walks it). */
  keys(): AsyncIterable<string>;
  /** Resolves when the store answers (cheap: for a readiness check); throws FileStoreUnavailable. */
  check(): Promise<void>;
  close(): Promise<void>;
}

export interface ObjectInfo {
  size: number;
  /** A strong or weak HTTP entity tag, quoted. */
  etag: string;
  lastModified: Date;
}

/** A single byte range: `{start, end?}` (end inclusive) or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export interface ReadOptions {
  range?: ByteRange;
  /** The client's If-None-Match: when it names the object's tag, nothing is read. */
  ifNoneMatch?: string;
}

export type ReadResult =
  | (ObjectInfo & { status: 200 | 206; body: Readable; start: number; end: number })
  | (ObjectInfo & { status: 304 })
  | { status: 416; size: number };

/** The store did not answer, or refused us (down, too slow, wrong credentials): a 503, never a 500. */
export class FileStoreUnavailable extends Error {
  constructor(
    readonly store: string,
    readonly cause: unknown,
  ) {
    super(`the file store (${store}) is unavailable: ${describeCause(cause)}`);
    this.name = 'FileStoreUnavailable';
  }
}

const describeCause = (cause: unknown): string => {
  const { name, code, message } = (cause ?? {}) as { name?: string; code?: string; message?: string };
  return [code ?? name, message].filter(Boolean).join(' ') || String(cause);
};

/** What clients load a stored file at: `/uploads/<key>`. */
export const UPLOADS_PREFIX = '/uploads/';

/**
 * A key made of path segments of letters, digits, `_`, `-` and `.`, none starting with a dot: so
 * never `..`, an absolute path, a backslash or a hidden file. Every store refuses any other.
 */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}\/){0,4}[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export const isStorageKey = (key: string): boolean => KEY.test(key);

export function assertKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key.slice(0, 200))}`);
  return key;
}

export const urlOfKey = (key: string): string => `${UPLOADS_PREFIX}${key}`;

/** The key of a stored file's URL (`/uploads/2026-12/a.png` → `2026-12/a.png`), or null for another URL. */
export function keyOfUrl(url: string): string | null {
  if (!url.startsWith(UPLOADS_PREFIX)) return null;
  const key = url.slice(UPLOADS_PREFIX.length);
  return isStorageKey(key) ? key : null;
}

/** Types by extension: the extension of every key was chosen from the content when it was stored. */
const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
};

export const contentTypeOf = (key: string): string =>
  TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

/** Only images (and their previews) are shown in the page; everything else downloads. */
export const servedInline = (key: string): boolean => contentTypeOf(key).startsWith('image/');
