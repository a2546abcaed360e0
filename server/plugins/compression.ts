import zlib from 'node:zlib';
import compress, { type FastifyCompressRouteOptions } from '@fastify/compress';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli, then gzip, then deflate, whichever the browser accepts first in that order. zstd is left
 * out so one Node version does not answer differently from another (Node 22.15+ would add it).
 */
const ENCODINGS = ['br', 'gzip', 'deflate'] as const;

/**
 * Compresses API answers above `COMPRESS_THRESHOLD_BYTES` whose type is compressible (JSON, text,
 * CSV...). Files the SPA build already compressed are sent as they are by the static plugin
 * (`preCompressed`, plugins/spa.ts), which sets their Content-Encoding so nothing is compressed twice.
 * Registered before every route: it hooks each route as it is added.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, { threshold: COMPRESS_THRESHOLD_BYTES, encodings: [...ENCODINGS] });
  },
  { name: 'compression' },
);

/**
 * Route option for streamed downloads (exports): every chunk the route writes is flushed through the
 * compressor at once, so the first rows reach the browser while the rest is still being read. The
 * route writes few, large chunks (a batch of rows each); a flush per row would double the size.
 */
export const STREAMED_COMPRESSION: Exclude<FastifyCompressRouteOptions['compress'], false | undefined> = {
  encodings: [...ENCODINGS],
  zlibOptions: { flush: zlib.constants.Z_SYNC_FLUSH },
  brotliOptions: {
    flush: zlib.constants.BROTLI_OPERATION_FLUSH,
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
  },
};
