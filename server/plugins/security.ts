import helmet from 'helmet';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * What only a document reads (its CSP, framing, window isolation, the XSS auditor...). A script or a
 * style sheet is never shown as a document, so these would travel with every chunk for nothing.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const SCRIPT_OR_STYLE = /^(?:application|text)\/(?:javascript|css)\b/;

/** Security headers with a CSP the SPA runs under (MUI/emotion inject <style>, hence 'unsafe-inline' for styles). */
export const securityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const connect = ["'self'"];
    if (config.authHost) connect.push(new URL(config.authHost).origin);
    // helmet's middleware, made once: making it parses and checks every option (the CSP above all),
    // which @fastify/helmet did again on every request (~2 % of an unfiltered list request's time).
    const setHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // No inline event handlers, whatever markup gets in.
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Rich text may show images from any https address (the sanitiser allows /uploads/ and https).
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: connect,
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
        },
      },
      // Uploaded images are loaded by the SPA from the same origin only; nothing cross-origin needs them.
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });
    app.addHook('onRequest', (request, reply, done) =>
      setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
    );
    // nosniff, CORP and HSTS stay: they matter for scripts and style sheets too.
    app.addHook('onSend', async (_request, reply) => {
      if (!SCRIPT_OR_STYLE.test(String(reply.getHeader('content-type') ?? ''))) return;
      // helmet writes straight onto the raw response.
      for (const header of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(header);
    });
  },
  { name: 'security' },
);
