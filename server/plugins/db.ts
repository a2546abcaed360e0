import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import type { PreparedDatabase } from '../db/prepare';

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

/** Hands the prepared database to the routes, and closes it last on shutdown. */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, { prepared, afterClose }) => {
    app.decorate('db', prepared.database.db);
    app.decorate('spaClient', prepared.spaClient);
    app.log.info({ driver: prepared.database.driver }, 'database ready');
    app.addHook('onClose', async () => {
      await prepared.database.close();
      await afterClose?.();
    });
  },
  { name: 'db' },
);
