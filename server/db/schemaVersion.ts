import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Executor } from './client';

/**
 * A schema version is the migration a database (or a build) has reached: how many of the journal's
 * migrations, and the last one's tag and drizzle-kit timestamp (`when`, which drizzle's migrator
 * stores as `created_at` in `drizzle.__drizzle_migrations`). Two versions compare by that timestamp:
 * migrations are generated in order, so a later one means a newer schema.
 */
export interface SchemaVersion {
  /** Migrations applied (database) or shipped (build). */
  count: number;
  /** The last migration's tag (`0020_gin_pending_list_session`); null when none. */
  tag: string | null;
  /** The last migration's drizzle-kit timestamp in milliseconds; 0 when none. */
  when: number;
}

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The journal drizzle-kit writes beside the migrations: each one's index, timestamp and tag. */
export function journalEntries(migrationsFolder = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };
  return journal.entries;
}

/** The schema this build's migrations produce. */
export function buildSchemaVersion(migrationsFolder = MIGRATIONS_FOLDER): SchemaVersion {
  const entries = journalEntries(migrationsFolder);
  const last = entries.at(-1);
  return { count: entries.length, tag: last?.tag ?? null, when: last?.when ?? 0 };
}

/**
 * The schema a database is at, read from drizzle's migrations table (tags come from this build's
 * journal, so a migration only a newer build knows has a null tag). A database never migrated is
 * `{count: 0, tag: null, when: 0}`.
 */
export async function databaseSchemaVersion(
  db: Executor,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<SchemaVersion> {
  const exists = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as unknown as { rows: { present: boolean }[] };
  if (!exists.rows[0]?.present) return { count: 0, tag: null, when: 0 };
  const result = (await db.execute(
    sql`select count(*) as count, max(created_at) as "when" from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { count: string | number; when: string | number | null }[] };
  const row = result.rows[0];
  const when = Number(row?.when ?? 0);
  const tag = journalEntries(migrationsFolder).find((entry) => entry.when === when)?.tag ?? null;
  return { count: Number(row?.count ?? 0), tag, when };
}

/** True when the database has a migration this build does not know: its schema is newer. */
export function isNewerThanBuild(database: SchemaVersion, build: SchemaVersion): boolean {
  return database.when > build.when;
}
