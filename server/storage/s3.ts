import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { S3Settings } from '../config';
import {
  assertKey,
  FileStoreUnavailable,
  servedInline,
  type FileStore,
  type ObjectInfo,
  type ReadOptions,
  type ReadResult,
} from './fileStore';
import { rangeHeader, resolveRange } from './ranges';

/** A stalled body (the store stopped sending mid-file) is cut after this long without a byte. */
const SOCKET_IDLE_MS = 60_000;
/** Connections kept open to the store per instance (uploads, reads and the move command share them). */
const MAX_SOCKETS = 64;

const statusOf = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

const isMissing = (error: unknown): boolean => {
  const name = (error as { name?: string }).name;
  return statusOf(error) === 404 || name === 'NoSuchKey' || name === 'NotFound';
};

/**
 * An S3-compatible bucket through `@aws-sdk/client-s3` (AWS S3, MinIO, Ceph RGW, R2). Every call has
 * a deadline (`timeoutMs` for an answer; a connection gets at most 3 s of it) and one retry, so a
 * store that is down or hangs costs a request a bounded wait and then a FileStoreUnavailable (a 503).
 */
export function s3Store(settings: S3Settings): FileStore {
  const { bucket, timeoutMs } = settings;
  const description = `s3 bucket ${bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
  const agent = { keepAlive: true, maxSockets: MAX_SOCKETS };
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Unset: the SDK's default chain (environment, shared files, the instance's role).
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    maxAttempts: 2,
    // Checksums only where S3 demands them: several S3-compatible stores refuse the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: new NodeHttpHandler({
      connectionTimeout: Math.min(timeoutMs, 3000),
      socketTimeout: SOCKET_IDLE_MS,
      httpAgent: new http.Agent(agent),
      httpsAgent: new https.Agent(agent),
    }),
  });

  const fail = (error: unknown): never => {
    throw new FileStoreUnavailable(description, error);
  };
  /** Sends a command with a deadline for its answer (the headers, for a download). */
  const send = async <Output>(
    run: (signal: AbortSignal) => Promise<Output>,
    ms = timeoutMs,
  ): Promise<Output> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`no answer within ${ms} ms`)), ms);
    try {
      return await run(controller.signal);
    } finally {
      clearTimeout(timer);
    }
  };
  const info = (output: { ContentLength?: number; ETag?: string; LastModified?: Date }): ObjectInfo => ({
    size: output.ContentLength ?? 0,
    etag: output.ETag ?? '""',
    lastModified: output.LastModified ?? new Date(0),
  });

  const stat = async (key: string): Promise<ObjectInfo | null> => {
    try {
      const head = await send((abortSignal) =>
        client.send(new HeadObjectCommand({ Bucket: bucket, Key: assertKey(key) }), { abortSignal }),
      );
      return info(head);
    } catch (error) {
      if (isMissing(error)) return null;
      return fail(error);
    }
  };

  return {
    kind: 's3',
    description,
    async put(key, body, contentType) {
      // Larger bodies get longer: a second more per megabyte.
      const ms = timeoutMs + Math.ceil(body.length / (1024 * 1024)) * 1000;
      await send(
        (abortSignal) =>
          client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: assertKey(key),
              Body: body,
              ContentLength: body.length,
              ContentType: contentType,
              // What a CDN serving the bucket directly would need too (the server sets them itself).
              CacheControl: 'public, max-age=31536000, immutable',
              ...(servedInline(key) ? {} : { ContentDisposition: 'attachment' }),
            }),
            { abortSignal },
          ),
        ms,
      ).catch(fail);
    },
    stat,
    async read(key, options: ReadOptions = {}): Promise<ReadResult | null> {
      let range = options.range;
      if (range && 'suffix' in range) {
        // The last N bytes, asked for as the absolute range they are: not every S3-compatible store
        // knows suffix ranges (a rare request: browsers ask for ranges from a start).
        const current = await stat(key);
        if (!current) return null;
        const absolute = resolveRange(range, current.size);
        if (absolute === 'unsatisfiable') return { status: 416, size: current.size };
        range = absolute ?? undefined;
      }
      try {
        const output = await send((abortSignal) =>
          client.send(
            new GetObjectCommand({
              Bucket: bucket,
              Key: assertKey(key),
              Range: range ? rangeHeader(range) : undefined,
              IfNoneMatch: options.ifNoneMatch,
            }),
            { abortSignal },
          ),
        );
        const body = output.Body as Readable;
        const total = /\/(\d+)$/.exec(output.ContentRange ?? '');
        const size = total ? Number(total[1]) : (output.ContentLength ?? 0);
        const served = /^bytes (\d+)-(\d+)\//.exec(output.ContentRange ?? '');
        return {
          ...info(output),
          size,
          status: served ? 206 : 200,
          body,
          start: served ? Number(served[1]) : 0,
          end: served ? Number(served[2]) : size - 1,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        if (statusOf(error) === 304) {
          const current = await stat(key);
          return current ? { ...current, status: 304 } : null;
        }
        if (statusOf(error) === 416 || (error as { name?: string }).name === 'InvalidRange') {
          const current = await stat(key);
          return current ? { status: 416, size: current.size } : null;
        }
        return fail(error);
      }
    },
    async delete(key) {
      await send((abortSignal) =>
        client.send(new DeleteObjectCommand({ Bucket: bucket, Key: assertKey(key) }), { abortSignal }),
      ).catch(fail);
    },
    async *keys() {
      try {
        for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket }))
          for (const item of page.Contents ?? []) if (item.Key) yield item.Key;
      } catch (error) {
        fail(error);
      }
    },
    async check() {
      await send((abortSignal) =>
        client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal }),
      ).catch(fail);
    },
    async close() {
      client.destroy();
    },
  };
}
