import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, type Database, type PgliteFactory } from './client';
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
    readonly step: 'open' | 'migrate' | 'seed',
    readonly cause: unknown,
  ) {
    super(`database ${step} failed`);
    this.name = 'StartError';
  }
}

/**
 * Opens the database, applies the pending migrations and seeds it, before any HTTP app exists: no
 * plugin timer runs while this takes as long as the machine needs. A failure closes what was
 * opened and throws a `StartError` naming the step.
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
      pgliteDir: config.inMemoryDb ? undefined : path.join(config.dataDir, 'db'),
    });
  } catch (error) {
    throw new StartError('open', error);
  }
  try {
    try {
      await database.migrate();
    } catch (error) {
      throw new StartError('migrate', error);
    }
    let result: SeedResult;
    try {
      result = await seed(database.db, config);
    } catch (error) {
      throw new StartError('seed', error);
    }
    if (result.generatedAdmin)
      (options.announce ?? ((text) => process.stdout.write(text)))(adminBanner(result.generatedAdmin));
    return { database, spaClient: result.client };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
