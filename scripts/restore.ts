/**
 * `npm run restore -- FILE [--replace]`: loads a backup of `npm run backup` into the database and the
 * file store this configuration names (DATABASE_URL or PGlite in DATA_DIR; S3_BUCKET or
 * DATA_DIR/uploads), whichever the backup was taken from. Stop the server(s) first. It refuses, in
 * one line and changing nothing, an archive that does not verify, one of a newer schema, and a
 * target that is not empty unless --replace is given. docs/operations.md says more.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RestoreRefused } from '../server/backup/archive';
import { openConfigured, serverRunsOn } from '../server/backup/control';
import { restoreBackup } from '../server/backup/restore';
import { loadConfig, loadDotEnv } from '../server/config';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { replace: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) {
    process.stderr.write('Usage: npm run restore -- FILE [--replace]\n');
    return 2;
  }
  const started = Date.now();
  try {
    loadDotEnv();
    const config = loadConfig();
    if (!config.databaseUrl && (await serverRunsOn(config.dataDir)))
      throw new RestoreRefused(`A server is running on ${config.dataDir}: stop it before restoring.`);
    const { database, store } = await openConfigured(config);
    try {
      const summary = await restoreBackup(path.resolve(positionals[0]), database, store, {
        replace: values.replace,
        log: (line) => process.stdout.write(`  ${line}\n`),
      });
      process.stdout.write(
        `Restored ${summary.rows} rows in ${summary.tables} tables and ${summary.files} files in ` +
          `${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
      );
      return 0;
    } finally {
      await Promise.all([database.close(), store.close()]);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      error instanceof RestoreRefused
        ? `Cannot restore: ${message}\n`
        : `Restore failed, the database is as it was: ${message}\n`,
    );
    return 1;
  }
}

void main().then((code) => process.exit(code));
