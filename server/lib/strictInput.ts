import { isUtf8 } from 'node:buffer';
import querystring from 'node:querystring';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './httpError';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

/**
 * Bodies and query strings that are not UTF-8 are refused (400) before anything reads them, instead
 * of being decoded into replacement characters and stored.
 */
export const invalidUtf8 = (): HttpError => new HttpError(400, SERVER_MESSAGES.invalidUtf8);

/**
 * Whether every percent-escape of a query or form string is well formed and decodes to UTF-8
 * (decodeURIComponent throws on either fault).
 */
const urlEncodedIsUtf8 = (text: string): boolean => {
  if (!text.includes('%')) return true;
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
};

/** An `application/x-www-form-urlencoded` body: refused unless UTF-8, then Node's parser. */
export function parseUrlEncoded(text: string): Record<string, string | string[]> {
  if (!urlEncodedIsUtf8(text)) throw invalidUtf8();
  return { ...querystring.parse(text) } as Record<string, string | string[]>;
}

/**
 * Replaces the JSON and form parsers with ones that refuse bytes that are not UTF-8, and refuses a
 * query string that does not decode to UTF-8 before any route reads it.
 */
export function registerStrictParsers(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const at = request.url.indexOf('?');
    if (at >= 0 && !urlEncodedIsUtf8(request.url.slice(at + 1))) throw invalidUtf8();
  });
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) return done(invalidUtf8(), undefined);
    return json(request, bytes.toString('utf8'), done);
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer' },
    (_request, body, done) => {
      const bytes = body as Buffer;
      if (!isUtf8(bytes)) return done(invalidUtf8(), undefined);
      try {
        done(null, parseUrlEncoded(bytes.toString('utf8')));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
