import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import type { PreparedDatabase } from '../db/prepare';
import { buildSchemaVersion, databaseSchemaVersion } from '../db/schemaVersion';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** The SPA's OAuth client, served by /env.js. */
    spaClient: { clientId: string; clientSecret: string };
  }
}

export interface DbPluginOptions {
  /** Opened, migrated and seeded before the app was built (db/prepare.ts). */
  prepared: PreparedDatabase;
  /** Runs after the connection is closed (tests drop their throwaway database here). */
  afterClose?: () => Promise<void>;
}

/**
 * Hands the prepared database to the routes, and closes it last on shutdown. Ready while the
 * database answers and holds this build's migrations.
 */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, { prepared, afterClose }) => {
    app.decorate('db', prepared.database.db);
    app.decorate('spaClient', prepared.spaClient);
    app.log.info({ driver: prepared.database.driver }, 'database ready');
    const build = buildSchemaVersion();
    app.readiness.add('database', async () => void (await app.db.execute(sql`select 1`)));
    app.readiness.add('migrations', async () => {
      const current = await databaseSchemaVersion(app.db);
      if (current.when < build.when) throw new Error(`the database lacks migrations up to ${build.tag}`);
    });
    app.addHook('onClose', async () => {
      await prepared.database.close();
      await afterClose?.();
    });
  },
  { name: 'db', dependencies: ['readiness'] },
);
