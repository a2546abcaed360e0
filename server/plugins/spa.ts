import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_PREFIXES } from '../../src/shared/routes';
import type { Config } from '../config';

// webpack names hashed files like main.3f2a9c1e.js or 123.abcdef12.chunk.css.
const HASHED = /[.-][0-9a-f]{8,}\.(?:chunk\.)?\w+$/i;
const NOT_BUILT = 'The web app is not built yet: run `npm run build`, then reload this page.\n';

export const isServerPath = (url: string): boolean => {
  const pathname = url.split('?')[0];
  return SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a GET outside the server prefixes with the SPA's index.html (history fallback). */
    serveSpaIndex: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Serves the built SPA from STATIC_DIR: hashed assets cached for a year, index.html never cached. */
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
        // Directory requests fall through to the not-found handler, which answers with index.html.
        redirect: false,
        // Source maps hold the whole source of the SPA: never served, even if a build left some.
        allowedPath: (pathName) => !pathName.endsWith('.map'),
        setHeaders: (res, filePath) => {
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
    // The static handler treats '/' as a directory listing request; the SPA answers it instead.
    app.get('/', { schema: { hide: true } }, serveSpaIndex);
  },
  { name: 'spa' },
);
