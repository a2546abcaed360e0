import path from 'node:path';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { GIN_PENDING_LIST_KB } from './ginPending';
import { PgliteThread } from './pgliteThread';

export type Schema = typeof schema;

/**
 * The PostgreSQL pool's `plan_cache_mode`: list queries with many optional filters must not fall back
 * to a generic plan (architecture.md). A bulk write sets `auto` for its own transaction (db/bulkWrite.ts).
 */
export const POOL_PLAN_CACHE_MODE = 'force_custom_plan';
/** The database both drivers give: every repository is written against this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction. */
export type Executor = Db | Tx;

/** A statement's rows, as node-postgres and PGlite both answer them. */
export interface RawResult {
  rows: Record<string, unknown>[];
}

/**
 * Plain SQL beside Drizzle, for a library that brings its own statements (the job queue, pg-boss):
 * with values, one statement with `$n` parameters; without, a script of statements separated by
 * semicolons (which may hold its own BEGIN … COMMIT), answered with its last result.
 */
export type RawQuery = (text: string, values?: unknown[]) => Promise<RawResult>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Outside Drizzle, on the database's own connections (never inside a request's transaction). */
  raw: RawQuery;
  /**
   * Runs `work` holding the database's start-up lock, so instances started together migrate and seed
   * one after the other (PostgreSQL: a session advisory lock on a connection of its own, released
   * with it even if the process dies; PGlite: one process, nothing to wait for). `onWait` is told
   * when another instance holds it.
   */
  exclusive<T>(work: () => Promise<T>, onWait?: () => void): Promise<T>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(__dirname, 'migrations');

/** The advisory lock's key: one per database, whatever else uses advisory locks there. */
const START_LOCK_SQL = "hashtextextended('company-admin.start', 0)";

/** What the server uses of PGlite: PGlite itself, or PGlite in its own thread (db/pgliteThread.ts). */
export type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'isInTransaction' | 'close'>;

export type PgliteFactory = (dataDir?: string) => Promise<PgliteClient>;

/**
 * How long a request waits for a pooled connection (all busy, or the server not answering) before it
 * fails: a fault fails fast with a 503 instead of hanging (lib/databaseErrors.ts). The default of
 * DATABASE_CONNECT_TIMEOUT_MS.
 */
export const POOL_CONNECT_TIMEOUT_MS = 5_000;
/** How long closing waits for the pool's connections to be given back before it goes on without them. */
export const POOL_CLOSE_TIMEOUT_MS = 10_000;
/** Connections per instance (node-postgres' default); the job queue's workers share them. */
export const POOL_MAX = 10;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined keeps the database in memory. */
  pgliteDir?: string;
  /** How to construct PGlite; tests load it through Node's own loader (see test/helper.ts). */
  createPglite?: PgliteFactory;
  /**
   * Told of an error on a pooled PostgreSQL connection (the server restarted, or terminated it); the
   * pool drops that connection and opens another when needed.
   */
  onIdleError?: (error: Error) => void;
  /** How long opening a PostgreSQL connection may take (default POOL_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
}

/**
 * PGlite can only CREATE EXTENSION one whose bundle it was opened with: the migrations create pg_trgm
 * (the search indexes) and btree_gin (the product search index keyed by brand and category too), so
 * every PGlite gets both (db/pgliteWorker.ts, test/helper.ts). PostgreSQL has them in contrib.
 * It runs in a worker thread of its own, so its statements never hold the event loop the requests
 * are answered on (docs/decisions/2026-12-02-pglite-in-a-worker-thread.md).
 */
export const threadPglite: PgliteFactory = (dataDir) => PgliteThread.open({ dataDir });

/**
 * PGlite on the calling thread (a script that has the database to itself). One options argument:
 * `new PGlite(undefined, options)` (in memory) silently ignores its options.
 */
export const inProcessPglite: PgliteFactory = async (dataDir) =>
  new PGlite({ dataDir, extensions: { pg_trgm, btree_gin } });

/**
 * `RawQuery` on a node-postgres pool. Bound at once: a test that wraps the pool's `query` to watch a
 * request's statements sees only the request's.
 */
export function poolRawQuery(pool: pg.Pool): RawQuery {
  const query = pool.query.bind(pool) as (text: string, values?: unknown[]) => Promise<RawResult>;
  return async (text, values) => {
    if (values?.length) return query(text, values);
    // A script runs on one connection, rolled back there if it fails inside its own BEGIN, so no
    // connection goes back to the pool in an aborted transaction.
    const client = await pool.connect();
    try {
      const results = (await client.query(text)) as unknown as RawResult | RawResult[];
      return Array.isArray(results) ? (results.at(-1) ?? { rows: [] }) : results;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
}

/** `RawQuery` on PGlite (one session), bound at once like `poolRawQuery`. */
export function pgliteRawQuery(client: PgliteClient): RawQuery {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  return async (text, values) => {
    if (values?.length) return (await query(text, values)) as RawResult;
    try {
      return ((await exec(text)).at(-1) as RawResult | undefined) ?? { rows: [] };
    } catch (error) {
      // PGlite is one session: a script that failed inside its own BEGIN must not leave it aborted.
      if (client.isInTransaction()) await exec('ROLLBACK').catch(() => undefined);
      throw error;
    }
  };
}

export async function openDatabase({
  databaseUrl,
  pgliteDir,
  createPglite,
  onIdleError,
  connectTimeoutMs = POOL_CONNECT_TIMEOUT_MS,
}: DatabaseOptions): Promise<Database> {
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: POOL_MAX,
      connectionTimeoutMillis: connectTimeoutMs,
      // A peer that vanished (a host gone, a partition) is noticed by TCP, not after minutes.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // Custom plans for the lists; the search indexes' pending lists stay small (db/ginPending.ts). A
      // bulk write sets both otherwise for its own transaction (db/bulkWrite.ts).
      options: `-c plan_cache_mode=${POOL_PLAN_CACHE_MODE} -c gin_pending_list_limit=${GIN_PENDING_LIST_KB}`,
    });
    // Without a listener, a connection's error would be an unhandled 'error' event and end the
    // process: the pool listens to its idle ones; a checked-out one (a transaction between two
    // statements when the server restarts) is listened to here, and its next query fails instead.
    pool.on('error', (error) => onIdleError?.(error));
    pool.on('connect', (client) => client.on('error', (error) => onIdleError?.(error)));
    const db = drizzlePg({ client: pool, schema });
    return {
      db,
      driver: 'postgres',
      raw: poolRawQuery(pool),
      exclusive: async (work, onWait) => {
        const client = await pool.connect();
        try {
          const { rows } = await client.query<{ locked: boolean }>(
            `select pg_try_advisory_lock(${START_LOCK_SQL}) as locked`,
          );
          if (!rows[0]?.locked) {
            onWait?.();
            await client.query(`select pg_advisory_lock(${START_LOCK_SQL})`);
          }
          return await work();
        } finally {
          // Closing the connection ends the lock with its session (no unlock to fail on a broken one).
          client.release(true);
        }
      },
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      // A checked-out connection that is never given back would hold pool.end() for ever.
      close: async () => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, POOL_CLOSE_TIMEOUT_MS)));
        await Promise.race([pool.end(), timeout]).finally(() => clearTimeout(timer));
      },
    };
  }
  if (pgliteDir) fs.mkdirSync(pgliteDir, { recursive: true });
  const client = await (createPglite ?? threadPglite)(pgliteDir);
  // PGlite is one session: the search indexes' pending lists stay small (db/ginPending.ts).
  await client.exec(`set gin_pending_list_limit = ${GIN_PENDING_LIST_KB}`);
  // Drizzle's PGlite driver calls `query` and `transaction` only, which the thread answers alike.
  const db = drizzlePglite({ client: client as PGlite, schema });
  return {
    db,
    driver: 'pglite',
    raw: pgliteRawQuery(client),
    exclusive: (work) => work(),
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}
