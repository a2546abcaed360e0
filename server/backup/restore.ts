import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_FOLDER, type Database } from '../db/client';
import { buildSchemaVersion, isNewerThanBuild, journalEntries } from '../db/schemaVersion';
import { contentTypeOf, type FileStore } from '../storage';
import { openVerifiedArchive, readAll, RestoreRefused } from './archive';
import { listTables, qualified, quoteIdent } from './catalog';
import { inTransaction, type SqlSession } from './session';

export interface RestoreOptions {
  /** Replace what the target database holds (without it, a target that is not empty is refused). */
  replace?: boolean;
  /** Told of each step, one line each. */
  log?: (line: string) => void;
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
  filesAlreadyThere: number;
  /** Migrations applied after the data, to bring a backup of an older build up to this one. */
  migratedFrom: string | null;
}

const describeVersion = (version: { tag: string | null; when: number; count: number }) =>
  version.tag ?? `migration ${version.count} of ${new Date(version.when).toISOString().slice(0, 10)}`;

/** Whether the target holds anything of ours; refuses one that other sessions use. */
async function inspectTarget(session: SqlSession, database: Database): Promise<{ empty: boolean }> {
  if (database.driver === 'postgres') {
    const [{ others }] = await session.query<{ others: number }>(
      `select count(*)::int as others from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    if (others > 0)
      throw new RestoreRefused(
        `${others} other connection${others === 1 ? ' is' : 's are'} open to the target database: stop every server using it first.`,
      );
  }
  const [{ tables }] = await session.query<{ tables: number }>(
    `select count(*)::int as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle')`,
  );
  return { empty: tables === 0 };
}

/**
 * Restores a backup (server/backup/dump.ts) into `database` and `store`. Everything that can refuse
 * does so before anything is written: an archive that does not verify, a schema newer than this
 * build's (or one it does not know), a target that is not empty without `replace`, a PostgreSQL
 * target other servers are connected to. Then the files are written to the store (those already
 * there with the same size are kept), and the database is rebuilt in one transaction: the
 * product's schema emptied (`replace`), this build's migrations up to the backup's applied, the
 * migrations table and every table loaded with COPY in dependency order, the sequences set. A
 * failure there rolls it all back. Last, the migrations the backup predates are applied.
 */
export async function restoreBackup(
  file: string,
  database: Database,
  store: FileStore,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const log = options.log ?? (() => undefined);
  const archive = await openVerifiedArchive(file);
  try {
    const { manifest } = archive;
    const build = buildSchemaVersion();
    if (isNewerThanBuild(manifest.schema, build))
      throw new RestoreRefused(
        `The backup's schema (${describeVersion(manifest.schema)}) is newer than this build's (${describeVersion(build)}): restore it with the version that made it, or a newer one.`,
      );
    const journal = journalEntries();
    const count = manifest.schema.count;
    if (count < 1 || journal[count - 1]?.when !== manifest.schema.when)
      throw new RestoreRefused(
        `The backup's schema (${describeVersion(manifest.schema)}) is not one this build's migrations pass through.`,
      );
    const { empty } = await inTransaction(database, 'snapshot', (session) =>
      inspectTarget(session, database),
    );
    if (!empty && !options.replace)
      throw new RestoreRefused('The target database is not empty: add --replace to replace what it holds.');
    log(
      `verified: ${manifest.tables.length} tables, ${manifest.files.length} files, schema ${describeVersion(manifest.schema)}`,
    );

    let filesAlreadyThere = 0;
    for (const entry of manifest.files) {
      if (entry.missing) continue;
      const there = await store.stat(entry.key);
      if (there?.size === entry.bytes) {
        filesAlreadyThere++;
        continue;
      }
      await store.put(entry.key, await readAll(await archive.open(entry.entry)), contentTypeOf(entry.key));
    }
    log(
      `files: ${manifest.files.length - filesAlreadyThere} written to ${store.description}, ${filesAlreadyThere} already there`,
    );

    const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).slice(0, count);
    await inTransaction(database, 'write', async (session) => {
      const target = await inspectTarget(session, database);
      if (!target.empty) {
        if (!options.replace)
          throw new RestoreRefused(
            'The target database is not empty: add --replace to replace what it holds.',
          );
        const [{ owner }] = await session.query<{ owner: string }>(
          `select pg_get_userbyid(nspowner) as owner from pg_namespace where nspname = 'public'`,
        );
        await session.query('drop schema if exists drizzle cascade');
        await session.query('drop schema public cascade');
        await session.query(`create schema public authorization ${quoteIdent(owner)}`);
        await session.query('grant usage on schema public to public');
      }
      // The schema exactly as the backup's build had it, by this build's own migrations.
      for (const migration of migrations)
        for (const statement of migration.sql) if (statement.trim()) await session.exec(statement);
      await session.query('create schema if not exists drizzle');
      await session.query(
        'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
      );
      const tables = await listTables(session);
      const wanted = (table: { schema: string; name: string }) => `${table.schema}.${table.name}`;
      const have = new Set(tables.map(wanted));
      for (const table of manifest.tables)
        if (!have.has(wanted(table)))
          throw new RestoreRefused(
            `The backup's table ${wanted(table)} is not in the schema its migrations make.`,
          );
      // Rows the migrations themselves insert (the seeded pages) make way for the backup's.
      for (const table of [...tables].reverse()) {
        const source = qualified(table.schema, table.name);
        const [{ any }] = await session.query<{ any: boolean }>(
          `select exists (select 1 from ${source}) as any`,
        );
        if (any) await session.query(`delete from ${source}`);
      }
      const order = new Map(tables.map((table, index) => [wanted(table), index]));
      for (const table of [...manifest.tables].sort(
        (a, b) => order.get(wanted(a))! - order.get(wanted(b))!,
      )) {
        const columns = table.columns.map(quoteIdent).join(', ');
        await session.copyIn(
          `${qualified(table.schema, table.name)} (${columns})`,
          await archive.open(table.entry),
        );
      }
      for (const sequence of manifest.sequences)
        await session.query(`select setval($1::regclass, $2::bigint, $3)`, [
          qualified(sequence.schema, sequence.name),
          sequence.last_value,
          sequence.is_called,
        ]);
    });
    log(
      `database: ${manifest.tables.reduce((sum, table) => sum + table.rows, 0)} rows in ${manifest.tables.length} tables`,
    );

    let migratedFrom: string | null = null;
    if (count < build.count) {
      migratedFrom = describeVersion(manifest.schema);
      await database.migrate();
      log(`migrated from ${migratedFrom} to ${describeVersion(build)}`);
    }
    return {
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      files: manifest.files.length,
      filesAlreadyThere,
      migratedFrom,
    };
  } finally {
    archive.close();
  }
}
