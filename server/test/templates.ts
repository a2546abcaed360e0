import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
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
import { PERMISSION_CATALOGUE } from '../../src/shared/permissions';

/**
 * Migrated and seeded template databases, so a test's fresh database is a copy instead of a new
 * cluster plus every migration and the seed: PGlite's initdb alone takes seconds, and the tests build
 * hundreds of apps. A copy holds exactly what migrating and seeding an empty database gives (the same
 * migrations, the same seed), so a test sees the same database either way; tests of the start itself
 * (an empty database, a failed migration, another seed) open their own and never come here.
 */

/** Every file under `folder` whose name ends with one of `endings`, relative to it, sorted. */
const filesIn = (folder: string, endings: readonly string[]): string[] =>
  (fs.readdirSync(folder, { recursive: true }) as string[])
    .filter((name) => endings.some((ending) => name.endsWith(ending)))
    .sort();

const SERVER = path.join(__dirname, '..');

/** What the seed reads and writes through, besides the permission catalogue and the config. */
const SEED_SOURCES = [
  'db/seed.ts',
  'repositories/oauthClients.ts',
  'repositories/settings.ts',
  'repositories/users.ts',
  ...filesIn(path.join(SERVER, 'db/schema'), ['.ts']).map((name) => path.join('db/schema', name)),
];

/**
 * The migrations' files and the seed's inputs (its code, the schema it writes through, the permission
 * catalogue, the config it reads): a change to any makes another template, so one kept from an
 * earlier run is never stale.
 */
function templateKey(config: Pick<Config, 'admin' | 'oauth'>): string {
  const hash = createHash('sha256');
  for (const name of filesIn(MIGRATIONS_FOLDER, ['.sql', '_journal.json']))
    hash.update(name).update(fs.readFileSync(path.join(MIGRATIONS_FOLDER, name)));
  for (const name of SEED_SOURCES) hash.update(name).update(fs.readFileSync(path.join(SERVER, name)));
  hash.update(JSON.stringify({ admin: config.admin, oauth: config.oauth, PERMISSION_CATALOGUE }));
  return hash.digest('hex').slice(0, 12);
}

let pgliteTemplate: Promise<ArrayBuffer> | undefined;

/** An in-memory PGlite migrated and seeded, dumped as PGlite's tarball. */
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

const PGLITE_TEMPLATE_PREFIX = 'admin-test-pglite-';

/**
 * The PGlite template, kept as a file in the temp folder under its key: Jest gives every test file a
 * module registry of its own, so without the file each of them would migrate and seed anew (seconds
 * each). Written under another name and renamed when complete (two workers may both build it: the
 * same bytes); an older key's file is removed.
 */
async function keptPgliteTemplate(config: Config, open: () => Promise<PgliteClient>): Promise<ArrayBuffer> {
  const name = `${PGLITE_TEMPLATE_PREFIX}${templateKey(config)}.tar`;
  const file = path.join(os.tmpdir(), name);
  try {
    const bytes = fs.readFileSync(file);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  } catch {
    // Not made yet: made below.
  }
  const template = await buildPgliteTemplate(config, open);
  const building = `${file}.${process.pid}`;
  fs.writeFileSync(building, Buffer.from(template));
  fs.renameSync(building, file);
  for (const other of fs.readdirSync(os.tmpdir()))
    if (other.startsWith(PGLITE_TEMPLATE_PREFIX) && other.endsWith('.tar') && other !== name)
      fs.rmSync(path.join(os.tmpdir(), other), { force: true });
  return template;
}

/**
 * A PGlite factory whose in-memory databases start as the template (a data directory, when one is
 * asked for, starts empty as before). `open` makes the template's own PGlite (the tests' native one).
 */
export function pgliteFromTemplate(config: Config, open: () => Promise<PgliteClient>): PgliteFactory {
  const template = (pgliteTemplate ??= keptPgliteTemplate(config, open).catch((error: unknown) => {
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
