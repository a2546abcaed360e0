import type { Config } from './config';
import { SchemaTooNewError, StartError } from './db/prepare';

/**
 * Why a start failed, in one line for the console: the port in use, the database unreachable, a
 * migration that fails. server.ts prints it and exits 1; no stack trace reaches the user.
 */

/** The code of an error or of what it wraps (Drizzle wraps the driver's error in `cause`). */
function codeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    current = cause;
  }
  return undefined;
}

/** The innermost message: the driver's own words rather than 'Failed query: …'. */
function reasonOf(error: unknown): string {
  const messageOf = (value: unknown) =>
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { message?: unknown }).message === 'string'
      ? (value as { message: string }).message
      : undefined;
  let current = error;
  // Errors may come from another realm (a driver's worker, a test sandbox): read them by shape.
  for (let depth = 0; depth < 5; depth++) {
    const { cause } = (current ?? {}) as { cause?: unknown };
    if (messageOf(cause) === undefined) break;
    current = cause;
  }
  const text = messageOf(current) ?? String(current);
  return text.split('\n')[0].trim() || String(current);
}

// Codes of a PostgreSQL server that cannot be reached or refuses the connection (not a bad migration).
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ECONNRESET',
  'EHOSTUNREACH',
  '28P01', // password authentication failed
  '28000', // no such role, or not allowed
  '3D000', // no such database
  '57P03', // the server is starting up
]);

/** Where the data is, without a password. */
function databaseName(config: Config): string {
  if (!config.databaseUrl)
    return config.inMemoryDb ? 'the in-memory database' : `the embedded database in ${config.dataDir}/db`;
  try {
    const url = new URL(config.databaseUrl);
    url.password = '';
    url.username = url.username ? `${url.username}` : '';
    return `the database ${url.toString()}`;
  } catch {
    return 'the database of DATABASE_URL';
  }
}

/** One line saying why a start failed, without a stack trace. */
export function startFailure(error: unknown, config: Config | undefined): string {
  const code = codeOf(error);
  if (!config) return `Cannot start: ${reasonOf(error)}`;
  if (error instanceof StartError) {
    const where = databaseName(config);
    if (error.step === 'schema' && error.cause instanceof SchemaTooNewError) {
      const { database, build } = error.cause;
      return `Cannot start: ${where} has ${database.count} migrations, newer than this build (${build.count}, up to ${build.tag ?? 'none'}); start a build at least as new as the one that migrated it.`;
    }
    if (error.step === 'open' || UNREACHABLE.has(code ?? ''))
      return `Cannot start: ${where} is unreachable (${reasonOf(error.cause)}).`;
    if (error.step === 'migrate')
      return `Cannot start: applying the migrations to ${where} failed (${reasonOf(error.cause)}).`;
    return `Cannot start: preparing ${where} failed (${reasonOf(error.cause)}).`;
  }
  if (code === 'EADDRINUSE')
    return `Cannot start: port ${config.port} on ${config.host} is already in use (set PORT to a free port).`;
  if (code === 'EACCES')
    return `Cannot start: no permission to listen on port ${config.port} on ${config.host} (set PORT above 1023).`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `Cannot start: ${config.host} is not an address of this machine (set HOST).`;
  return `Cannot start: ${reasonOf(error)}`;
}
