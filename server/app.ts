import formbody from '@fastify/formbody';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { ValidationError } from 'yup';
import { en } from '../src/shared/messages';
import { API_PATHS } from '../src/shared/routes';
import type { Config } from './config';
import type { PgliteFactory } from './db/client';
import { databaseErrorAnswer } from './lib/databaseErrors';
import { HttpError } from './lib/httpError';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { dbPlugin } from './plugins/db';
import { mailPlugin, type Mailer } from './plugins/mail';
import { rateLimitPlugin } from './plugins/rateLimit';
import { securityPlugin } from './plugins/security';
import { isServerPath, spaPlugin } from './plugins/spa';
import { swaggerPlugin } from './plugins/swagger';
import { uploadsPlugin } from './plugins/uploads';
import { accountRoutes } from './routes/account';
import { companyRoutes } from './routes/company';
import { envRoutes } from './routes/env';
import { healthRoutes } from './routes/health';
import { oauthRoutes } from './routes/oauth';
import { passwordRoutes } from './routes/password';
import { resourceRoutes } from './routes/resources';
import { uploadRoutes } from './routes/uploads';
import { versionRoutes } from './routes/version';

export interface AppDeps {
  /** Replaces the configured mail transport (tests capture mail in memory). */
  mailer?: Mailer;
  /** Registers extra routes after the product's own, with every decorator available (tests, later issues). */
  extend?: (app: FastifyInstance) => Promise<void> | void;
  /** Where the generated admin password is shown; stdout by default. */
  announce?: (text: string) => void;
  /** Runs after the database connection is closed. */
  afterClose?: () => Promise<void>;
  /** How to construct the embedded database (tests load PGlite outside Jest's module sandbox). */
  createPglite?: PgliteFactory;
}

// Paths carrying a secret in the URL itself; the log shows them without it.
const SECRET_IN_PATH = new RegExp(`^(${API_PATHS.passwordReset}/)[^/?]+`);

const loggerOptions = (config: Config): FastifyServerOptions['logger'] =>
  config.logLevel === false
    ? false
    : {
        level: config.logLevel,
        redact: {
          paths: [
            'req.headers.authorization',
            'req.headers.cookie',
            'res.headers["set-cookie"]',
            '*.password',
            '*.password_confirmation',
            '*.current_password',
            '*.access_token',
            '*.refresh_token',
            '*.client_secret',
            '*.token',
          ],
          censor: '[redacted]',
        },
        serializers: {
          req: (req: { method: string; url: string; ip?: string }) => ({
            method: req.method,
            url: req.url
              .replace(SECRET_IN_PATH, '$1[redacted]')
              .replace(/([?&](?:token|email)=)[^&]*/g, '$1[redacted]'),
            ip: req.ip,
          }),
        },
      };

interface ErrorAnswer {
  status: number;
  body: { message: string; errors?: Record<string, string[]> };
}

function yupErrors(error: ValidationError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const item of error.inner.length ? error.inner : [error]) {
    const field = item.path ?? '_';
    const messages = (errors[field] ??= []);
    for (const message of item.errors) if (!messages.includes(message)) messages.push(message);
  }
  return errors;
}

function fastifyValidationErrors(error: FastifyError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const item of error.validation ?? []) {
    const missing = (item.params as { missingProperty?: unknown }).missingProperty;
    const field =
      typeof missing === 'string' ? missing : item.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    (errors[field] ??= []).push(`${field} ${item.message ?? 'is invalid'}`);
  }
  return errors;
}

/** Maps every error to the contract's answers; nothing else writes an error body. */
function toAnswer(error: FastifyError | Error): ErrorAnswer {
  if (error instanceof ValidationError) {
    const errors = yupErrors(error);
    return { status: 422, body: { message: Object.values(errors)[0]?.[0] ?? error.message, errors } };
  }
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      body: error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
    };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const errors = fastifyValidationErrors(fastifyError);
    return { status: 422, body: { message: Object.values(errors)[0]?.[0] ?? en.serverErrorBody, errors } };
  }
  const refused = databaseErrorAnswer(error);
  if (refused) return { status: refused.status, body: { message: refused.message } };
  const status = fastifyError.statusCode ?? 500;
  if (status === 429) return { status, body: { message: en.tooManyRequests } };
  // Client errors raised by Fastify or its plugins (malformed JSON, wrong content type, body too large).
  if (status >= 400 && status < 500) return { status, body: { message: fastifyError.message } };
  return { status: 500, body: { message: en.serverErrorBody } };
}

/**
 * Builds the whole server: plugins, then routes, one error handler and one not-found handler.
 * Never listens (server.ts does), so tests drive it with `app.inject`.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    // The onResponse hook below writes the one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { removeAdditional: false, allErrors: true } },
  });

  // One line per request, without bodies.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  // While draining on shutdown, answers close their keep-alive connection so close() need not wait for it to idle out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const { status, body } = toAnswer(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send(body);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !isServerPath(request.url)) {
      return app.serveSpaIndex(request, reply);
    }
    return reply.code(404).send({ message: en.notFoundBody });
  });

  await app.register(dbPlugin, {
    config,
    announce: deps.announce,
    afterClose: deps.afterClose,
    createPglite: deps.createPglite,
  });
  await app.register(securityPlugin, { config });
  // Before every route and the static files: it hooks each route as it is added.
  await app.register(compressionPlugin);
  await app.register(rateLimitPlugin, { config });
  await app.register(formbody);
  await app.register(swaggerPlugin, { config });
  await app.register(mailPlugin, { config, mailer: deps.mailer });
  await app.register(authPlugin);
  await app.register(uploadsPlugin, { config });
  await app.register(spaPlugin, { config });

  await app.register(oauthRoutes, { config });
  await app.register(accountRoutes);
  await app.register(passwordRoutes, { config });
  await app.register(uploadRoutes);
  await app.register(resourceRoutes);
  await app.register(companyRoutes);
  await app.register(envRoutes, { config });
  await app.register(healthRoutes);
  await app.register(versionRoutes);
  if (deps.extend) await app.register(async (child) => deps.extend?.(child));

  await app.ready();
  return app;
}
