import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, type Database, type PgliteFactory } from './client';
import {
  buildSchemaVersion,
  databaseSchemaVersion,
  isNewerThanBuild,
  type SchemaVersion,
} from './schemaVersion';
import { adminBanner, seed, type SeedResult } from './seed';

/** A database ready for the app: opened, migrated and seeded. */
export interface PreparedDatabase {
  database: Database;
  spaClient: SeedResult['client'];
}

export interface PrepareOptions {
  createPglite?: PgliteFactory;
  /** Where the generated admin password is shown; stdout by default, never the request log. */
  announce?: (text: string) => void;
  /** Told of an error on an idle pooled PostgreSQL connection. */
  onIdleError?: (error: Error) => void;
}

/** The step of a start that failed, for its one-line message (server.ts). */
export class StartError extends Error {
  constructor(
    readonly step: 'open' | 'schema' | 'migrate' | 'seed',
    readonly cause: unknown,
  ) {
    super(`database ${step} failed`);
    this.name = 'StartError';
  }
}

/** The database's schema is newer than this build's: an older build must not run against it. */
export class SchemaTooNewError extends Error {
  constructor(
    readonly database: SchemaVersion,
    readonly build: SchemaVersion,
  ) {
    super(
      `the database has ${database.count} migrations, newer than this build's ${build.count} (up to ${build.tag ?? 'none'})`,
    );
    this.name = 'SchemaTooNewError';
  }
}

/**
 * Opens the database, refuses one whose schema is newer than this build's, applies the pending
 * migrations and seeds it, under the database's start-up lock, before any HTTP app exists: no plugin
 * timer runs while this takes as long as the machine needs. A failure closes what was opened and
 * throws a `StartError` naming the step.
 */
export async function prepareDatabase(
  config: Config,
  options: PrepareOptions = {},
): Promise<PreparedDatabase> {
  let database: Database;
  try {
    database = await openDatabase({
      createPglite: options.createPglite,
      onIdleError: options.onIdleError,
      databaseUrl: config.databaseUrl,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      pgliteDir: config.inMemoryDb ? undefined : path.join(config.dataDir, 'db'),
    });
  } catch (error) {
    throw new StartError('open', error);
  }
  const announce = options.announce ?? ((text: string) => process.stdout.write(text));
  try {
    // Under the start-up lock: instances started together check, migrate and seed one at a time,
    // and the later ones find the work done.
    const result = await database
      .exclusive(
        async () => {
          const build = buildSchemaVersion();
          let current: SchemaVersion;
          try {
            current = await databaseSchemaVersion(database.db);
          } catch (error) {
            throw new StartError('open', error);
          }
          if (isNewerThanBuild(current, build))
            throw new StartError('schema', new SchemaTooNewError(current, build));
          try {
            await database.migrate();
          } catch (error) {
            throw new StartError('migrate', error);
          }
          try {
            return await seed(database.db, config);
          } catch (error) {
            throw new StartError('seed', error);
          }
        },
        () => announce('Another instance is preparing the database; waiting for it to finish.\n'),
      )
      .catch((error: unknown) => {
        throw error instanceof StartError ? error : new StartError('open', error);
      });
    if (result.generatedAdmin) announce(adminBanner(result.generatedAdmin));
    return { database, spaClient: result.client };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
