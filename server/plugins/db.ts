import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { openDatabase, type Db, type PgliteFactory } from '../db/client';
import { adminBanner, seed } from '../db/seed';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** The SPA's OAuth client, served by /env.js. */
    spaClient: { clientId: string; clientSecret: string };
  }
}

export interface DbPluginOptions {
  config: Config;
  /** Where the generated admin password is shown; stdout by default, never the request log. */
  announce?: (text: string) => void;
  /** Runs after the connection is closed (tests drop their throwaway database here). */
  afterClose?: () => Promise<void>;
  createPglite?: PgliteFactory;
}

/** Opens the database, applies pending migrations, seeds, and closes it last on shutdown. */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, { config, announce, afterClose, createPglite }) => {
    const database = await openDatabase({
      createPglite,
      onIdleError: (error) => app.log.warn({ err: error }, 'idle database connection lost'),
      databaseUrl: config.databaseUrl,
      pgliteDir: config.inMemoryDb ? undefined : path.join(config.dataDir, 'db'),
    });
    try {
      await database.migrate();
      const result = await seed(database.db, config);
      if (result.generatedAdmin)
        (announce ?? ((text) => process.stdout.write(text)))(adminBanner(result.generatedAdmin));
      app.decorate('db', database.db);
      app.decorate('spaClient', result.client);
      app.log.info({ driver: database.driver }, 'database ready');
    } catch (error) {
      await database.close();
      await afterClose?.();
      throw error;
    }
    app.addHook('onClose', async () => {
      await database.close();
      await afterClose?.();
    });
  },
  { name: 'db' },
);
