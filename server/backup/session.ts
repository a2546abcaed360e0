import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Database } from '../db/client';

/**
 * One transaction on either database, with COPY both ways in PostgreSQL's text format, which both
 * PostgreSQL and PGlite (PostgreSQL 17 in WebAssembly) write and read alike: the one logical format
 * of backups (docs/operations.md).
 */
export interface SqlSession {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Statements without parameters, several at once (a migration's). */
  exec(text: string): Promise<void>;
  /** `COPY (query) TO STDOUT` appended to `file`. */
  copyOut(query: string, file: string): Promise<void>;
  /** `COPY table (columns) FROM STDIN` from `source`. */
  copyIn(target: string, source: Readable): Promise<void>;
}

export type TransactionMode = 'snapshot' | 'write';

const BEGIN: Record<TransactionMode, string> = {
  // Every read of the backup sees the database as of one moment; nothing is written.
  snapshot: 'ISOLATION LEVEL REPEATABLE READ, READ ONLY',
  write: 'READ WRITE',
};

const rawClient = (database: Database): PGlite | Pool =>
  (database.db as unknown as { $client: PGlite | Pool }).$client;

/** Runs `work` in one transaction (rolled back if it throws). */
export async function inTransaction<T>(
  database: Database,
  mode: TransactionMode,
  work: (session: SqlSession) => Promise<T>,
): Promise<T> {
  if (database.driver === 'pglite') {
    const pglite = rawClient(database) as PGlite;
    // PGlite is one session: while this runs, the server's other queries wait for it.
    return pglite.transaction(async (tx) => {
      await tx.query(`SET TRANSACTION ${BEGIN[mode]}`);
      return work(pgliteSession(tx));
    });
  }
  const client = await (rawClient(database) as Pool).connect();
  let failed = false;
  try {
    await client.query(`BEGIN ${BEGIN[mode]}`);
    const result = await work(pgSession(client));
    await client.query('COMMIT');
    return result;
  } catch (error) {
    failed = true;
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release(failed);
  }
}

function pgSession(client: PoolClient): SqlSession {
  return {
    async query<Row>(text: string, params: unknown[] = []) {
      return (await client.query(text, params)).rows as Row[];
    },
    async exec(text) {
      await client.query(text);
    },
    async copyOut(query, file) {
      await pipeline(
        client.query(copyTo(`COPY (${query}) TO STDOUT`)),
        fs.createWriteStream(file, { flags: 'a' }),
      );
    },
    async copyIn(target, source) {
      await pipeline(source, client.query(copyFrom(`COPY ${target} FROM STDIN`)));
    },
  };
}

function pgliteSession(tx: Transaction): SqlSession {
  return {
    async query<Row>(text: string, params: unknown[] = []) {
      return (await tx.query<Row>(text, params)).rows;
    },
    async exec(text) {
      await tx.exec(text);
    },
    async copyOut(query, file) {
      const result = await tx.query(`COPY (${query}) TO '/dev/blob'`);
      if (result.blob) await fs.promises.appendFile(file, Buffer.from(await result.blob.arrayBuffer()));
    },
    async copyIn(target, source) {
      // PGlite reads COPY input from a blob, whole.
      const chunks: Buffer[] = [];
      for await (const chunk of source) chunks.push(chunk as Buffer);
      await tx.query(`COPY ${target} FROM '/dev/blob'`, [], {
        blob: new Blob(chunks as unknown as ConstructorParameters<typeof Blob>[0]),
      });
    },
  };
}
