import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import {
  MIGRATIONS_FOLDER,
  openDatabase,
  threadPglite,
  type PgliteClient,
  type PgliteFactory,
} from '../db/client';
import { PgliteThread } from '../db/pgliteThread';
import { seed } from '../db/seed';

/**
 * Migrated and seeded template databases, so a test's fresh database is a copy instead of a new
 * cluster plus every migration and the seed: PGlite's initdb alone takes seconds, and the tests build
 * hundreds of apps. A copy holds exactly what migrating and seeding an empty database gives (the same
 * migrations, the same seed), so a test sees the same database either way; tests of the start itself
 * (an empty database, a failed migration, another seed) open their own and never come here.
 */

/** The migrations' files and the seed's inputs: a change to either makes another template. */
function templateKey(config: Pick<Config, 'admin' | 'oauth'>): string {
  const hash = createHash('sha256');
  const files = (fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.sql') || name.endsWith('_journal.json'))
    .sort();
  for (const name of files) hash.update(name).update(fs.readFileSync(path.join(MIGRATIONS_FOLDER, name)));
  hash.update(JSON.stringify({ admin: config.admin, oauth: config.oauth }));
  return hash.digest('hex').slice(0, 12);
}

let pgliteTemplate: Promise<ArrayBuffer> | undefined;

/** An in-memory PGlite migrated and seeded once per test process, dumped as PGlite's tarball. */
async function buildPgliteTemplate(config: Config, open: () => Promise<PgliteClient>): Promise<ArrayBuffer> {
  const client = (await open()) as PgliteClient & { dumpDataDir(compression: 'none'): Promise<Blob> };
  const database = await openDatabase({ createPglite: async () => client });
  try {
    await database.migrate();
    await seed(database.db, config);
    return await (await client.dumpDataDir('none')).arrayBuffer();
  } finally {
    await database.close();
  }
}

/**
 * A PGlite factory whose in-memory databases start as the template (a data directory, when one is
 * asked for, starts empty as before). `open` makes the template's own PGlite (the tests' native one).
 */
export function pgliteFromTemplate(config: Config, open: () => Promise<PgliteClient>): PgliteFactory {
  const template = (pgliteTemplate ??= buildPgliteTemplate(config, open).catch((error: unknown) => {
    pgliteTemplate = undefined;
    throw error;
  }));
  return async (dataDir) =>
    dataDir ? threadPglite(dataDir) : PgliteThread.open({ loadDataDir: await template });
}

/** Held while a test process makes the PostgreSQL template, so the others wait and then copy it. */
const TEMPLATE_LOCK = 7_281_137;
let postgresTemplate: Promise<string> | undefined;

const withDatabase = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Makes `name` (migrated, seeded) unless it exists; drops the same server database's older templates. */
async function ensurePostgresTemplate(serverUrl: string, config: Config, name: string, prefix: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return;
    // Built under another name and renamed when complete: a half-built template is never copied.
    const building = `${name}_new`;
    await admin.query(`drop database if exists "${building}" with (force)`);
    await admin.query(`create database "${building}"`);
    const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, building) });
    try {
      await database.migrate();
      await seed(database.db, config);
    } finally {
      await database.close();
    }
    await admin.query(`alter database "${building}" rename to "${name}"`);
    const older = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 and datname <> $2`,
      [`${prefix.replaceAll('_', '\\_')}%`, name],
    );
    for (const { datname } of older.rows)
      await admin.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
}

/**
 * The PostgreSQL template for this run's migrations and seed, on TEST_DATABASE_URL's server, named
 * after that database (`<db>_tpl_<key>`), made once and copied by `create database … template`.
 */
export function postgresTemplateFor(serverUrl: string, config: Config): Promise<string> {
  const prefix = `${new URL(serverUrl).pathname.slice(1)}_tpl_`;
  const name = `${prefix}${templateKey(config)}`;
  postgresTemplate ??= ensurePostgresTemplate(serverUrl, config, name, prefix)
    .then(() => name)
    .catch((error: unknown) => {
      postgresTemplate = undefined;
      throw error;
    });
  return postgresTemplate;
}
