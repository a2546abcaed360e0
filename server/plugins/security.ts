import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/** Security headers with a CSP the SPA runs under (MUI/emotion inject <style>, hence 'unsafe-inline' for styles). */
export const securityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const connect = ["'self'"];
    if (config.authHost) connect.push(new URL(config.authHost).origin);
    await app.register(helmet, {
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
  },
  { name: 'security' },
);
