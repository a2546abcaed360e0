import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { Database } from '../db/client';
import { journalEntries, type SchemaVersion } from '../db/schemaVersion';
import { keyOfUrl, type FileStore } from '../storage';
import { listTables, qualified, quoteIdent, readSequences, type SequenceState } from './catalog';
import { inTransaction, type SqlSession } from './session';

export const BACKUP_FORMAT = 'company-admin-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
/** Rows of a PGlite table read per COPY (PGlite hands COPY output over whole, in memory). */
const PGLITE_ID_RANGE = 50_000;

export interface EntryRecord {
  /** The entry's name in the archive. */
  entry: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  created_at: string;
  source: { driver: Database['driver']; storage: FileStore['kind'] };
  /** The schema the data is at (server/db/schemaVersion.ts). */
  schema: SchemaVersion;
  tables: (EntryRecord & { schema: string; name: string; columns: string[]; rows: number })[];
  sequences: SequenceState[];
  /** Every file the database named at the snapshot; `missing` when the store no longer had it. */
  files: (EntryRecord & { key: string; missing?: true })[];
}

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  missingFiles: string[];
}

/** The keys the database names (originals, previews, web variants), read inside the snapshot. */
async function fileKeys(session: SqlSession): Promise<string[]> {
  const rows = await session.query<{ path: string; preview_path: string | null; variants: unknown }>(
    'select path, preview_path, variants from files order by id',
  );
  const keys = new Set<string>();
  for (const row of rows) {
    keys.add(row.path);
    if (row.preview_path) keys.add(row.preview_path);
    const variants = (typeof row.variants === 'string' ? JSON.parse(row.variants) : row.variants) as
      { url: string }[] | null;
    for (const variant of variants ?? []) {
      const key = keyOfUrl(variant.url);
      if (key) keys.add(key);
    }
  }
  return [...keys];
}

async function schemaVersionIn(session: SqlSession): Promise<SchemaVersion> {
  const [row] = await session.query<{ count: string; when: string | null }>(
    'select count(*)::text as count, max(created_at)::text as "when" from drizzle.__drizzle_migrations',
  );
  const when = Number(row?.when ?? 0);
  return {
    count: Number(row?.count ?? 0),
    tag: journalEntries().find((entry) => entry.when === when)?.tag ?? null,
    when,
  };
}

/** A pass-through that records the sha256 and length of what flows through it into `record`. */
function hashing(record: { bytes: number; sha256: string }): Transform {
  const hash = createHash('sha256');
  record.bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      record.bytes += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      record.sha256 = hash.digest('hex');
      done();
    },
  });
}

/**
 * Writes a backup of the database and the files it names to `out` (a zip archive): every table of
 * the product's schemas and drizzle's migrations table in PostgreSQL's COPY text format, read in
 * one REPEATABLE READ, read-only transaction (a consistent snapshot, taken while the server runs);
 * the sequences; each file the snapshot's `files` rows name, read from the store afterwards (a
 * stored file is never changed once written); and `manifest.json` with the schema version and a
 * sha256 of every entry. The tables are spooled to a temporary folder first, so the transaction
 * lasts as long as reading the database takes, not as long as the archive's writing.
 */
export async function writeBackup(
  database: Database,
  store: FileStore,
  out: Writable,
): Promise<BackupSummary> {
  const spool = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-backup-'));
  try {
    const snapshot = await inTransaction(database, 'snapshot', async (session) => {
      const schema = await schemaVersionIn(session);
      const tables = await listTables(session);
      const dumped: Manifest['tables'] = [];
      for (const [index, table] of tables.entries()) {
        const file = path.join(spool, `${index}.copy`);
        fs.writeFileSync(file, '');
        const columns = table.columns.map(quoteIdent).join(', ');
        const source = qualified(table.schema, table.name);
        const [{ rows }] = await session.query<{ rows: string }>(
          `select count(*)::text as rows from ${source}`,
        );
        if (database.driver === 'pglite' && table.hasIntegerId && Number(rows) > PGLITE_ID_RANGE) {
          const [{ low, high }] = await session.query<{ low: number; high: number }>(
            `select min(id)::int as low, max(id)::int as high from ${source}`,
          );
          for (let from = low; from <= high; from += PGLITE_ID_RANGE)
            await session.copyOut(
              `select ${columns} from ${source} where id >= ${from} and id < ${from + PGLITE_ID_RANGE} order by id`,
              file,
            );
        } else {
          await session.copyOut(`select ${columns} from ${source}`, file);
        }
        dumped.push({
          schema: table.schema,
          name: table.name,
          columns: table.columns,
          rows: Number(rows),
          entry: `data/${table.schema}.${table.name}.copy`,
          bytes: 0,
          sha256: '',
        });
      }
      const sequences = await readSequences(session);
      const keys = await fileKeys(session);
      return { schema, tables: dumped, sequences, keys };
    });

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      format_version: BACKUP_FORMAT_VERSION,
      created_at: new Date().toISOString(),
      source: { driver: database.driver, storage: store.kind },
      schema: snapshot.schema,
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      files: snapshot.keys.map((key) => ({ key, entry: `files/${key}`, bytes: 0, sha256: '' })),
    };

    const zip = new yazl.ZipFile();
    const written = pipeline(zip.outputStream, out);
    // A source that fails (the store went down mid-file) fails the whole backup, never a short entry.
    const fail = (error: Error) => (zip.outputStream as unknown as Readable).destroy(error);
    zip.on('error', fail);
    const tapped = (source: Readable, record: { bytes: number; sha256: string }): Transform => {
      const tap = hashing(record);
      pipeline(source, tap).catch(fail);
      return tap;
    };
    // Entries are read one at a time as the archive is written (yazl pumps them in order).
    snapshot.tables.forEach((table, index) =>
      zip.addReadStreamLazy(table.entry, { compress: true }, (done) =>
        done(null, tapped(fs.createReadStream(path.join(spool, `${index}.copy`)), table)),
      ),
    );
    for (const file of manifest.files)
      zip.addReadStreamLazy(file.entry, { compress: false }, (done) => {
        store.read(file.key).then(
          (found) => {
            if (found?.status !== 200) {
              // Named by the database but gone from the store: recorded, and restored as gone.
              file.missing = true;
              return done(null, tapped(Readable.from([]), file));
            }
            done(null, tapped(found.body, file));
          },
          (error: Error) => done(error, new PassThrough()),
        );
      });
    // Last, when every entry before it has been written and hashed.
    zip.addReadStreamLazy(MANIFEST_ENTRY, { compress: true }, (done) =>
      done(null, Readable.from([Buffer.from(JSON.stringify(manifest, null, 1))])),
    );
    zip.end();
    await written;
    return {
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      files: manifest.files.length,
      missingFiles: manifest.files.filter((file) => file.missing).map((file) => file.key),
    };
  } finally {
    fs.rmSync(spool, { recursive: true, force: true });
  }
}
