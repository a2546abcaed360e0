/**
 * `npm run backup -- FILE`: the database and the uploaded files in one archive (server/backup),
 * taken while the server runs. On PostgreSQL it reads the database itself (one REPEATABLE READ
 * snapshot); on PGlite it asks the running server through DATA_DIR's control socket, or opens the
 * database itself when no server runs. The archive is written beside FILE and renamed to it once it
 * verifies, so FILE is never a partial backup. docs/operations.md says more.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { openVerifiedArchive } from '../server/backup/archive';
import { controlSocketPath, openConfigured, serverRunsOn } from '../server/backup/control';
import { writeBackup } from '../server/backup/dump';
import { loadConfig, loadDotEnv } from '../server/config';

/** Streams the running server's backup (PGlite) from its control socket into `file`. */
function backupFromServer(dataDir: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath: controlSocketPath(dataDir), path: '/backup', method: 'POST' },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return reject(new Error(`the server answered ${response.statusCode}`));
        }
        pipeline(response, fs.createWriteStream(file)).then(resolve, () =>
          reject(new Error('the server stopped sending the backup (see its log)')),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

async function main(): Promise<number> {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length) {
    process.stderr.write('Usage: npm run backup -- FILE\n');
    return 2;
  }
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  const started = Date.now();
  try {
    loadDotEnv();
    const config = loadConfig();
    if (!config.databaseUrl && (await serverRunsOn(config.dataDir))) {
      process.stdout.write(`Asking the server running on ${config.dataDir} for a backup...\n`);
      await backupFromServer(config.dataDir, partial);
    } else {
      const { database, store } = await openConfigured(config);
      try {
        const summary = await writeBackup(database, store, fs.createWriteStream(partial));
        for (const key of summary.missingFiles.slice(0, 20))
          process.stderr.write(`  missing from the file store (recorded as missing): ${key}\n`);
      } finally {
        await Promise.all([database.close(), store.close()]);
      }
    }
    const { manifest, close } = await openVerifiedArchive(partial);
    close();
    fs.renameSync(partial, target);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const megabytes = (fs.statSync(target).size / 1e6).toFixed(1);
    process.stdout.write(
      `Backup written to ${target}: ${rows} rows in ${manifest.tables.length} tables, ${manifest.files.length} files, ` +
        `${megabytes} MB, schema ${manifest.schema.tag ?? manifest.schema.when}, in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
    );
    return 0;
  } catch (error) {
    fs.rmSync(partial, { force: true });
    process.stderr.write(`Cannot back up: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

void main().then((code) => process.exit(code));
