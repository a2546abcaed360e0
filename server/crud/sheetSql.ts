import type { Readable } from 'node:stream';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { statusLabel } from '../../src/shared/resources/catalog';
import type { ListQuery, SheetColumn } from '../../src/shared/resources/resource';
import type { Executor } from '../db/client';
import { listOrder, listWhere } from './list';
import type { AnyResource } from './resource';
import { FORMULA_CHARS } from './sheet';

/**
 * A text cell as `neutralise` and `csvField` write it: a would-be formula prefixed with `'`, an empty
 * text no value at all (COPY quotes an empty string, to tell it from NULL; the CSV writer does not).
 */
export const textCellSql = (value: SQLWrapper): SQL =>
  sql`nullif(case when left(${value}, 1) in (${sql.join(
    FORMULA_CHARS.map((char) => sql`${char}`),
    sql`, `,
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
  const cells = resource.cellsSql!;
  const select = resource.select(db);
  (select as unknown as { config: { fields: Record<string, unknown> } }).config.fields = Object.fromEntries(
    columns.map((column) => [column.key, cells[column.key]]),
  );
  const body = select
    .where(listWhere(resource, query))
    .orderBy(...listOrder(resource, query))
    .getSQL()
    .inlineParams();
  const dialect = (db as unknown as { dialect: PgDialect }).dialect;
  return `copy (${dialect.sqlToQuery(body).sql}) to stdout with (format csv)`;
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
