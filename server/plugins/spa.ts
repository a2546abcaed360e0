import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BUILD_ID_HEADER, BUILD_INFO_FILE, SERVER_PREFIXES } from '../../src/shared/routes';
import type { Config } from '../config';

// webpack names hashed files like main.3f2a9c1e.js or 123.abcdef12.chunk.css; the build writes a
// brotli and a gzip copy beside each (main.3f2a9c1e.js.br), cached like the file itself.
const HASHED = /[.-][0-9a-f]{8,}\.(?:chunk\.)?\w+(?:\.(?:br|gz))?$/i;
const NOT_BUILT = 'The web app is not built yet: run `npm run build`, then reload this page.\n';

export const isServerPath = (url: string): boolean => {
  const pathname = url.split('?')[0];
  return SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a GET outside the server prefixes with the SPA's index.html (history fallback). */
    serveSpaIndex: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * The id of the SPA build being served (webpack's compilation hash, from the build's
     * BUILD_INFO_FILE), or null without a build. `reread` looks at the file again, for a build
     * replaced while the server runs.
     */
    spaBuildId: (reread?: boolean) => string | null;
  }
}

interface BuildInfo {
  id: string | null;
  /** When the file was written; -1 when there is none. */
  mtimeMs: number;
}

function readBuildInfo(file: string, known?: BuildInfo): BuildInfo {
  try {
    const { mtimeMs } = fs.statSync(file);
    if (known && known.mtimeMs === mtimeMs) return known;
    const { id } = JSON.parse(fs.readFileSync(file, 'utf8')) as { id?: unknown };
    return { id: typeof id === 'string' && id ? id : null, mtimeMs };
  } catch {
    // No build yet, or one from before builds had an id: nothing to compare a tab's id with.
    return { id: null, mtimeMs: -1 };
  }
}

/**
 * Serves the built SPA from STATIC_DIR: hashed assets cached for a year, index.html never cached.
 * Each file goes out as the build's brotli or gzip copy when the browser accepts one (`preCompressed`),
 * else as it is (compressed on the fly by plugins/compression.ts when it has none worth keeping).
 */
export const spaPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const root = config.staticDir;
    const indexFile = path.join(root, 'index.html');

    if (fs.existsSync(root)) {
      await app.register(fastifyStatic, {
        root,
        prefix: '/',
        index: false,
        cacheControl: false,
        preCompressed: true,
        // Directory requests fall through to the not-found handler, which answers with index.html.
        redirect: false,
        // Source maps hold the whole source of the SPA: never served, even if a build left some.
        allowedPath: (pathName) => !pathName.endsWith('.map'),
        setHeaders: (res, filePath) => {
          // Which copy is sent depends on Accept-Encoding, so caches must keep one per encoding.
          res.setHeader('Vary', 'accept-encoding');
          res.setHeader(
            'Cache-Control',
            HASHED.test(path.basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    const serveSpaIndex = async (_request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (!fs.existsSync(indexFile)) {
        await reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(NOT_BUILT);
        return;
      }
      await reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html', root);
    };
    app.decorate('serveSpaIndex', serveSpaIndex);

    const buildFile = path.join(root, BUILD_INFO_FILE);
    let build = readBuildInfo(buildFile);
    app.decorate('spaBuildId', (reread = false) => {
      if (reread) build = readBuildInfo(buildFile, build);
      return build.id;
    });
    // Every answer names the build, so a tab can notice a new one from any call it makes.
    app.addHook('onSend', async (_request, reply) => {
      if (build.id) reply.header(BUILD_ID_HEADER, build.id);
    });
    // The static handler treats '/' as a directory listing request; the SPA answers it instead.
    app.get('/', { schema: { hide: true } }, serveSpaIndex);
  },
  { name: 'spa' },
);
