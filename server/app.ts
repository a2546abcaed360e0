import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { ValidationError } from 'yup';
import { en } from '../src/shared/messages';
import { setOrganisationNames, setPasswordMinLength } from '../src/shared/passwordPolicy';
import { API_PATHS } from '../src/shared/routes';
import { organisationNamesOf, type Config } from './config';
import type { PgliteFactory } from './db/client';
import { prepareDatabase, type PreparedDatabase } from './db/prepare';
import { databaseErrorAnswer, isDatabaseUnavailable } from './lib/databaseErrors';
import { HttpError } from './lib/httpError';
import { FileStoreUnavailable } from './storage';
import { now as clockNow } from './lib/clock';
import { registerStrictParsers } from './lib/strictInput';
import { backupPlugin } from './backup/control';
import { auditPlugin } from './plugins/audit';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { dbPlugin } from './plugins/db';
import { jobsPlugin } from './plugins/jobs';
import { mailPlugin, type Mailer } from './plugins/mail';
import { rateLimitPlugin } from './plugins/rateLimit';
import { readinessPlugin } from './plugins/readiness';
import { redisPlugin } from './plugins/redis';
import { retentionPlugin } from './plugins/retention';
import { securityPlugin } from './plugins/security';
import { isServerPath, spaPlugin } from './plugins/spa';
import { swaggerPlugin } from './plugins/swagger';
import { webhookRoutes } from './routes/webhooks';
import { webhooksPlugin } from './webhooks/plugin';
import { companyZonePlugin } from './plugins/companyZone';
import { uploadsPlugin } from './plugins/uploads';
import { accountRoutes } from './routes/account';
import { sessionRoutes } from './routes/sessions';
import { rememberedDeviceRoutes } from './routes/rememberedDevices';
import { companyRoutes } from './routes/company';
import { envRoutes } from './routes/env';
import { healthRoutes } from './routes/health';
import { inboxRoutes } from './routes/inbox';
import { oauthRoutes } from './routes/oauth';
import { passkeyRoutes } from './routes/passkeys';
import { singleSignOnRoutes } from './routes/singleSignOn';
import { twoFactorRoutes } from './routes/twoFactor';
import { passwordRoutes } from './routes/password';
import { publicRoutes } from './routes/public';
import { websiteRoutes } from './routes/website';
import { resourceRoutes } from './routes/resources';
import { searchRoutes } from './routes/search';
import { dashboardRoutes } from './routes/dashboard';
import { calendarRoutes } from './routes/calendar';
import { calendarMoveRoutes } from './routes/calendarMove';
import { calendarFeedRoutes } from './routes/calendarFeed';
import { privacyRoutes } from './routes/privacy';
import { uploadRoutes } from './routes/uploads';
import { versionRoutes } from './routes/version';
import { SERVER_MESSAGES } from '../src/shared/messages/serverAnswers';

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
  /**
   * The database, already opened, migrated and seeded (server.ts does this before building the
   * app). Without it, `buildApp` prepares one first, still before the HTTP app exists.
   */
  prepared?: PreparedDatabase;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /**
   * The clock of the public API (its publishing rules and bot checks; tests set the time). By
   * default the server's clock (`server/lib/clock.ts`, which `setClock` replaces), the one the admin
   * lists' publish states use, so both sides agree.
   */
  now?: () => Date;
}

const REDACTED = '[redacted]';
// Paths carrying a secret in the URL itself; the log shows them without it.
const SECRET_IN_PATH = new RegExp(`^(${API_PATHS.passwordReset}/)[^/?]+`);
/** Field and parameter names whose values never reach the log. */
const SECRET_NAME =
  /pass(word|phrase)?|secret|token|authori[sz]ation|cookie|api[-_]?key|credential|signature/i;
// Query parameters that are no secret by name but are personal (a reset link's address).
const PERSONAL_PARAMS = new Set(['email', 'username']);

const paramName = (part: string): string => {
  const raw = part.split('=')[0].replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

/**
 * A URL as the log shows it: the token endpoint's query string dropped whole (a client that puts
 * credentials there is refused, but must not leave them in the log), a reset token in the path and
 * any secret-named or personal parameter replaced.
 */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at)).replace(SECRET_IN_PATH, `$1${REDACTED}`);
  if (at < 0) return path;
  if (path === API_PATHS.token) return `${path}?${REDACTED}`;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((part) => {
      const name = paramName(part);
      return SECRET_NAME.test(name) || PERSONAL_PARAMS.has(name.toLowerCase())
        ? `${part.split('=')[0]}=${REDACTED}`
        : part;
    });
  return `${path}?${query.join('&')}`;
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/** A copy of a log object with the value of every secret-named field replaced, at any depth. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  if (!isPlain(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_NAME.test(key) && item !== null && item !== undefined
        ? REDACTED
        : redactSecrets(item, depth + 1),
    ]),
  );
}

const loggerOptions = (config: Config, stream?: AppDeps['logStream']): FastifyServerOptions['logger'] =>
  config.logLevel === false
    ? false
    : {
        level: config.logLevel,
        ...(stream ? { stream } : {}),
        // Redaction at the logger: whatever a line carries, a secret-named field never gets out.
        formatters: { log: (object) => redactSecrets(object) as Record<string, unknown> },
        serializers: {
          req: (req: { method: string; url: string; ip?: string; user?: { id: number } | null }) => ({
            method: req.method,
            url: loggedUrl(req.url),
            ip: req.ip,
            ...(req.user ? { userId: req.user.id } : {}),
          }),
        },
      };

interface ErrorAnswer {
  status: number;
  body: { message: string; errors?: Record<string, string[]> };
  headers?: Record<string, string>;
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

/** The API's own answers (not its documentation pages): never cached. */
const isApiPath = (url: string): boolean =>
  (url.startsWith('/api/') || url.startsWith('/oauth/')) && !url.startsWith(`${API_PATHS.docs}`);

/** Maps every error to the contract's answers; nothing else writes an error body. */
function toAnswer(error: FastifyError | Error): ErrorAnswer {
  if (error instanceof ValidationError) {
    const errors = yupErrors(error);
    return { status: 422, body: { message: Object.values(errors)[0]?.[0] ?? error.message, errors } };
  }
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      body: {
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.code ? { code: error.code } : {}),
      },
      headers: error.headers,
    };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const errors = fastifyValidationErrors(fastifyError);
    return { status: 422, body: { message: Object.values(errors)[0]?.[0] ?? en.serverErrorBody, errors } };
  }
  // The database or the file store is down, too slow or refusing us: a clear 503 the client may
  // retry, never a 500.
  if (isDatabaseUnavailable(error))
    return {
      status: 503,
      body: { message: SERVER_MESSAGES.serviceUnavailable },
      headers: { 'Retry-After': '5' },
    };
  if (error instanceof FileStoreUnavailable)
    return {
      status: 503,
      body: { message: SERVER_MESSAGES.fileStoreUnavailable },
      headers: { 'Retry-After': '5' },
    };
  const refused = databaseErrorAnswer(error);
  if (refused) return { status: refused.status, body: { message: refused.message } };
  const status = fastifyError.statusCode ?? 500;
  if (status === 429) return { status, body: { message: SERVER_MESSAGES.tooManyRequests } };
  // Client errors raised by Fastify or its plugins (malformed JSON, wrong content type, body too large).
  if (status >= 400 && status < 500) return { status, body: { message: fastifyError.message } };
  return { status: 500, body: { message: en.serverErrorBody } };
}

/**
 * Builds the whole server: plugins, then routes, one error handler and one not-found handler.
 * Never listens (server.ts does), so tests drive it with `app.inject`.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  let prepared: PreparedDatabase;
  try {
    prepared =
      deps.prepared ??
      (await prepareDatabase(config, { createPglite: deps.createPglite, announce: deps.announce }));
  } catch (error) {
    await deps.afterClose?.();
    throw error;
  }
  let app: FastifyInstance;
  try {
    app = await buildHttpApp(config, deps, prepared);
  } catch (error) {
    await prepared.database.close().catch(() => undefined);
    await deps.afterClose?.();
    throw error;
  }
  return app;
}

/** Every error as the contract's answer (status, body, headers); a 500 or 503 logged, a 401 says Bearer. */
function setErrorAnswers(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const { status, body, headers } = toAnswer(error);
    if (status === 503) request.log.warn({ err: error }, 'request failed: the database is unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    for (const [name, value] of Object.entries(headers ?? {})) reply.header(name, value);
    // RFC 6750 §3: a 401 of a Bearer-protected API says so, and whether the token sent was the fault.
    if (status === 401 && !reply.hasHeader('www-authenticate'))
      reply.header(
        'WWW-Authenticate',
        request.headers.authorization ? 'Bearer realm="api", error="invalid_token"' : 'Bearer realm="api"',
      );
    return reply.code(status).send(body);
  });
}

/** The server's options: logging, the proxies believed, the body limit, strict schemas. */
function fastifyOptions(config: Config, deps: AppDeps) {
  return {
    // The slow part of a start (the database) is done before the app exists; no plugin is killed by
    // a timer on a busy machine, where a healthy registration can take longer than any fixed budget.
    pluginTimeout: 0,
    logger: loggerOptions(config, deps.logStream),
    // The onResponse hook below writes the one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY; nobody by default).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // No coercion: `["me@x"]` where a string is expected is refused, never unwrapped.
    ajv: { customOptions: { removeAdditional: false, allErrors: true, coerceTypes: false } },
  };
}

async function buildHttpApp(
  config: Config,
  deps: AppDeps,
  prepared: PreparedDatabase,
): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptions(config, deps));
  registerStrictParsers(app);
  setPasswordMinLength(config.passwordMinLength);
  setOrganisationNames(organisationNamesOf(config));

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
  app.addHook('onSend', async (request, reply) => {
    if (closing) reply.header('Connection', 'close');
    // API answers carry personal data and tokens: no browser or proxy keeps a copy.
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('Cache-Control', 'no-store');
  });

  setErrorAnswers(app);

  app.setNotFoundHandler(async (request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !isServerPath(request.url)) {
      return app.serveSpaIndex(request, reply);
    }
    return reply.code(404).send({ message: SERVER_MESSAGES.notFoundBody });
  });

  await app.register(readinessPlugin);
  await app.register(dbPlugin, { prepared, afterClose: deps.afterClose });
  await app.register(jobsPlugin, {
    raw: prepared.database.raw,
    settings: config.jobs,
    exclusive: prepared.database.exclusive,
  });
  await app.register(companyZonePlugin);
  await app.register(retentionPlugin, { config });
  await app.register(webhooksPlugin, { config, now: deps.now ?? (() => new Date(clockNow())) });
  await app.register(securityPlugin, { config });
  // Before every route and the static files: it hooks each route as it is added.
  await app.register(compressionPlugin);
  await app.register(swaggerPlugin, { config });
  await app.register(mailPlugin, { config, mailer: deps.mailer });
  await app.register(redisPlugin, { config });
  await app.register(authPlugin, { authCacheMs: config.authCacheMs });
  await app.register(auditPlugin, { config });
  await app.register(rateLimitPlugin, { config });
  await app.register(uploadsPlugin, { config });
  await app.register(backupPlugin, { config, database: prepared.database });
  await app.register(spaPlugin, { config });

  await app.register(oauthRoutes, { config });
  await app.register(singleSignOnRoutes, { config });
  await app.register(accountRoutes, { config });
  await app.register(twoFactorRoutes, { config });
  await app.register(passkeyRoutes, { config });
  await app.register(sessionRoutes);
  await app.register(rememberedDeviceRoutes);
  await app.register(passwordRoutes, { config });
  await app.register(uploadRoutes, { config });
  await app.register(resourceRoutes);
  await app.register(inboxRoutes, { config });
  await app.register(searchRoutes);
  await app.register(dashboardRoutes);
  await app.register(calendarRoutes);
  await app.register(calendarMoveRoutes);
  await app.register(calendarFeedRoutes, { config });
  await app.register(webhookRoutes);
  await app.register(privacyRoutes);
  await app.register(publicRoutes, { config, now: deps.now ?? (() => new Date(clockNow())) });
  await app.register(websiteRoutes, { config, now: deps.now ?? (() => new Date(clockNow())) });
  await app.register(companyRoutes);
  await app.register(envRoutes, { config });
  await app.register(healthRoutes);
  await app.register(versionRoutes);
  if (deps.extend) await app.register(async (child) => deps.extend?.(child));

  await app.ready();
  return app;
}
