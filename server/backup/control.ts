import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Writable } from 'node:stream';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { createFileStore, type FileStore } from '../storage';
import { writeBackup, type BackupSummary } from './dump';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes a consistent backup of this server's database and files to `out` (server/backup). */
    writeBackup(out: Writable): Promise<BackupSummary>;
  }
}

/** Where a server on PGlite answers `npm run backup` (and says that it runs, to `npm run restore`). */
export const controlSocketPath = (dataDir: string): string => path.join(dataDir, 'control.sock');
/** A Unix socket's path is at most this long (sun_path, 108 bytes with its NUL on Linux). */
const SOCKET_PATH_MAX = 107;

/**
 * What the backup and restore commands work on: the configured database (PostgreSQL, or PGlite in
 * DATA_DIR opened by this process: the caller checked that no server has it) and file store.
 */
export async function openConfigured(config: Config): Promise<{ database: Database; store: FileStore }> {
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'db') },
  );
  return { database, store: createFileStore(config) };
}

/** Whether a server answers on the control socket of `dataDir`. */
export function serverRunsOn(dataDir: string): Promise<boolean> {
  const socketPath = controlSocketPath(dataDir);
  if (!fs.existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const request = http.request({ socketPath, path: '/ping', method: 'GET', timeout: 5000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
    request.on('timeout', () => request.destroy());
    request.end();
  });
}

/**
 * `app.writeBackup`, and on a PGlite database kept on disk, a Unix socket in DATA_DIR (mode 0600)
 * through which `npm run backup` asks the running server for the backup: PGlite is one process's
 * database, so while the server runs no other process may open it. Whoever may use the socket can
 * read DATA_DIR's database files anyway. A stale socket of a server that died is replaced.
 */
export const backupPlugin = fp<{ config: Config; database: Database }>(
  async (app, { config, database }) => {
    app.decorate('writeBackup', (out: Writable) => writeBackup(database, app.storage, out));
    if (database.driver !== 'pglite' || config.inMemoryDb) return;

    const socketPath = controlSocketPath(config.dataDir);
    if (Buffer.byteLength(socketPath) > SOCKET_PATH_MAX) {
      app.log.warn(
        { socketPath },
        'DATA_DIR is too long a path for the backup socket: back up with the server stopped',
      );
      return;
    }
    if (await serverRunsOn(config.dataDir)) {
      app.log.warn({ socketPath }, 'another server answers on this DATA_DIR’s backup socket');
      return;
    }
    fs.rmSync(socketPath, { force: true });
    const server = http.createServer((request, response) => {
      if (request.url === '/ping') return response.end('ok');
      if (request.method !== 'POST' || request.url !== '/backup') {
        response.statusCode = 404;
        return response.end();
      }
      response.setHeader('Content-Type', 'application/zip');
      app.writeBackup(response).then(
        (summary) => app.log.info({ summary }, 'backup written'),
        (error: unknown) => {
          app.log.error({ err: error }, 'backup failed');
          // The client sees the archive end early, so it never keeps a partial file.
          response.destroy(error as Error);
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
    fs.chmodSync(socketPath, 0o600);
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(socketPath, { force: true });
    });
  },
  { name: 'backup', dependencies: ['db', 'uploads'] },
);
