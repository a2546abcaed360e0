import type { Readable } from 'node:stream';
import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { statusLabel } from '../../src/shared/resources/catalog';
import type { ListQuery, SheetColumn } from '../../src/shared/resources/resource';
import type { Executor } from '../db/client';
import { PgliteThread } from '../db/pgliteThread';
import { keysetAfter, listOrder, listWhere } from './list';
import type { AnyResource } from './resource';
import { FORMULA_CHARS } from './sheet';

/**
 * A text cell as `neutralise` and `csvField` write it: a would-be formula prefixed with `'`, an empty
 * text no value at all (COPY quotes an empty string, to tell it from NULL; the CSV writer does not).
 * The first character is compared by its code (`ascii`, 0 for an empty text): integers, not a
 * one-character text per formula character, a tenth of the export's CPU on PGlite (issue 40).
 */
export const textCellSql = (value: SQLWrapper): SQL =>
  sql`nullif(case when ascii(${value}) in (${sql.raw(
    FORMULA_CHARS.map((char) => String(char.codePointAt(0))).join(', '),
  )}) then '''' || ${value} else ${value} end, '')`;

/** A status cell as `statusCells` writes it. */
export const statusCellSql = (status: SQLWrapper): SQL =>
  sql`case when ${status} = 1 then ${statusLabel(1)} else ${statusLabel(0)} end`;

/**
 * A `timestamptz` cell as the wire's date (`Date#toISOString`: UTC, milliseconds kept, not rounded;
 * PostgreSQL's `MS` drops the microseconds the same way).
 */
export const isoCellSql = (at: SQLWrapper): SQL =>
  sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The pool of a node-postgres database; undefined on PGlite (which has no COPY to a client). */
export const copyPoolOf = (db: Executor): pg.Pool | undefined => {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
};

/**
 * At most this many COPY exports hold a pooled connection of their own at once (a slow download
 * holds its connection to the end); an export beside them takes the batch path, which holds one
 * only while a batch is read. The pool has 10: lists and forms keep theirs however many downloads
 * are slow.
 */
export const MAX_COPY_EXPORTS = 3;
const copyExports = new WeakMap<pg.Pool, number>();

/**
 * A place for one more COPY export on `pool`: its release (idempotent), or undefined when
 * `MAX_COPY_EXPORTS` are running.
 */
export function takeCopySlot(pool: pg.Pool): (() => void) | undefined {
  const running = copyExports.get(pool) ?? 0;
  if (running >= MAX_COPY_EXPORTS) return undefined;
  copyExports.set(pool, running + 1);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    copyExports.set(pool, (copyExports.get(pool) ?? 1) - 1);
  };
}

/**
 * The export's `COPY (select <cells> … where … order by …) TO STDOUT (FORMAT csv)`: the list's
 * select, filters and sort with the declaration's SQL cells as its columns, in sheet order. COPY
 * takes no bind parameters, so the filter values are written into the text as literals (drizzle's
 * quoting, `'` doubled; PostgreSQL's standard_conforming_strings, on by default, keeps `\` as is).
 */
export function copyCsvText(
  resource: AnyResource,
  db: Executor,
  query: ListQuery,
  columns: readonly SheetColumn[],
): string {
  const body = selectOf(resource, db, cellFields(resource, columns))
    .where(listWhere(resource, query))
    .orderBy(...listOrder(resource, query))
    .getSQL()
    .inlineParams();
  return `copy (${sqlText(db, body)}) to stdout with (format csv)`;
}

/** The declaration's SQL cells, in sheet order, as a select's fields. */
const cellFields = (resource: AnyResource, columns: readonly SheetColumn[]): Record<string, unknown> => {
  const cells = resource.cellsSql!;
  return Object.fromEntries(columns.map((column) => [column.key, cells[column.key]]));
};

/** The resource's select (its joins) with `fields` as its columns. */
function selectOf(resource: AnyResource, db: Executor, fields: Record<string, unknown>) {
  const select = resource.select(db);
  (select as unknown as { config: { fields: Record<string, unknown> } }).config.fields = fields;
  return select;
}

const sqlText = (db: Executor, body: SQL): string =>
  (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(body).sql;

/** What the PGlite export needs of its client: a query whose COPY … TO '/dev/blob' answers a blob. */
interface BlobQueryClient {
  query(text: string): Promise<{ blob?: Blob }>;
}

/** The PGlite client of a database; undefined on PostgreSQL. */
export const pgliteClientOf = (db: Executor): BlobQueryClient | undefined => {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PgliteThread) return client;
  if (client instanceof pg.Pool || typeof client !== 'object' || client === null) return undefined;
  const maybe = client as { query?: unknown; exec?: unknown; dumpDataDir?: unknown };
  return typeof maybe.query === 'function' &&
    typeof maybe.exec === 'function' &&
    typeof maybe.dumpDataDir === 'function'
    ? (client as BlobQueryClient)
    : undefined;
};

/**
 * Rows per COPY of a PGlite export: about 0.7 MB of CSV for products, held once at a time. An
 * object, so a test can make the batches small enough to cross several with a few rows.
 */
export const PGLITE_COPY = { chunk: 5000 };

/**
 * A CSV export on PGlite, written by the database as on PostgreSQL (`copyCsvText`'s cells, filters
 * and sort) but in keyset batches of `chunk` rows, each a `COPY (… limit chunk) TO '/dev/blob'`
 * (PGlite has no COPY to a client stream): the rows are never converted to JavaScript values, and
 * PGlite, one session, serves other requests between two batches. The next batch starts after the
 * row at `chunk - 1` of this one (its sort value and id, read by a one-row query). `done` is told
 * the records sent and whether the export ended; a download stopped midway reads no further batch.
 */
export async function* pgliteCopiedCsv(
  client: BlobQueryClient,
  resource: AnyResource,
  db: Executor,
  query: ListQuery,
  columns: readonly SheetColumn[],
  done: (rows: number, complete: boolean) => Promise<void>,
  chunk = PGLITE_COPY.chunk,
): AsyncGenerator<Buffer> {
  const where = listWhere(resource, query);
  const order = listOrder(resource, query);
  const sortBy = resource.sort[query.sort];
  const ascending = query.order === 'asc';
  const fields = cellFields(resource, columns);
  const count = csvRecordCounter();
  let rows = 0;
  let complete = false;
  try {
    let last: { sort: string | null; id: number } | undefined;
    for (;;) {
      const after = and(where, last ? keysetAfter(sortBy, resource.table.id, ascending, last) : undefined);
      const body = selectOf(resource, db, fields)
        .where(after)
        .orderBy(...order)
        .limit(chunk)
        .getSQL()
        .inlineParams();
      const { blob } = await client.query(`copy (${sqlText(db, body)}) to '/dev/blob' with (format csv)`);
      const text = Buffer.from(blob ? await blob.arrayBuffer() : new ArrayBuffer(0));
      const records = count(text);
      rows += records;
      if (text.length) yield text;
      if (records < chunk) break;
      const [end] = (await selectOf(resource, db, {
        sort: sql<string | null>`(${sortBy.getSQL()})::text`,
        id: resource.table.id,
      })
        .where(after)
        .orderBy(...order)
        .limit(1)
        .offset(chunk - 1)) as { sort: string | null; id: number }[];
      if (!end) break;
      last = { sort: end.sort, id: Number(end.id) };
    }
    complete = true;
  } finally {
    await done(rows, complete);
  }
}

/**
 * Counts the records of CSV text as it streams: the line breaks outside quoted fields (a quote
 * inside one is doubled, so each `"` flips in or out of a quoted field).
 */
export function csvRecordCounter(): (chunk: Buffer) => number {
  let quoted = false;
  return (chunk) => {
    let records = 0;
    let at = 0;
    while (at < chunk.length) {
      const quote = chunk.indexOf(0x22, at);
      if (quoted) {
        if (quote < 0) break;
        quoted = false;
        at = quote + 1;
        continue;
      }
      const end = quote < 0 ? chunk.length : quote;
      for (
        let newline = chunk.indexOf(0x0a, at);
        newline >= 0 && newline < end;
        newline = chunk.indexOf(0x0a, newline + 1)
      )
        records++;
      if (quote < 0) break;
      quoted = true;
      at = quote + 1;
    }
    return records;
  };
}

/**
 * The rows of a CSV export as PostgreSQL writes them (`copyCsvText`), chunk by chunk, on a pooled
 * connection of its own. `done` is told the records sent and whether the COPY ended. A download
 * stopped midway (the generator returned) or failed closes that connection at once, mid-COPY,
 * instead of pooling it: the server stops on its next write.
 */
export async function* copiedCsv(
  pool: pg.Pool,
  text: string,
  done: (rows: number, complete: boolean) => Promise<void>,
  release: () => void = () => undefined,
): AsyncGenerator<Buffer> {
  const count = csvRecordCounter();
  let rows = 0;
  let complete = false;
  const client = await pool.connect();
  try {
    // The literals in `text` are quoted for it (the default; a server configured otherwise would
    // read a `\` in a search as an escape).
    await client.query('set standard_conforming_strings = on');
    const stream: Readable = client.query(copyTo(text));
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      rows += count(chunk);
      yield chunk;
    }
    complete = true;
  } finally {
    client.release(complete ? undefined : new Error('export stopped'));
    release();
    await done(rows, complete);
  }
}
