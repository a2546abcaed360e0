/**
 * The embedded database's thread (server/db/pgliteThread.ts starts it): PGlite opened here, with the
 * extensions the migrations create, answering the server's statements one message at a time. PGlite's
 * own locks order them as on the server's thread before: one statement at a time, and a transaction
 * holds the session until it ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  PGlite,
  type Extension,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgliteRequest, PgliteReply, PgliteThreadData, WireOptions, WireResults } from './pgliteThread';

const port = parentPort!;
const { dataDir, contrib, loadDataDir } = workerData as PgliteThreadData;

/** The text of a column kept as PostgreSQL wrote it: the parsers Drizzle asks for (all of them keep the text). */
const keepText = (value: string) => value;

function queryOptions(options: WireOptions | undefined): QueryOptions | undefined {
  if (!options) return undefined;
  return {
    rowMode: options.rowMode,
    parsers: options.keepText
      ? Object.fromEntries(options.keepText.map((oid) => [oid, keepText]))
      : undefined,
    blob: options.blob ? new Blob([options.blob]) : undefined,
  };
}

/** A result as it crosses to the server's thread; a COPY's blob as bytes handed over, not copied. */
async function wire(result: Results): Promise<{ result: WireResults; transfer: ArrayBuffer[] }> {
  const blob = result.blob ? await result.blob.arrayBuffer() : undefined;
  return {
    result: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows, blob },
    transfer: blob ? [blob] : [],
  };
}

/** A database error's fields (code, detail, constraint…), which structured cloning would drop. */
function wireError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return fields;
}

/** The open transactions, by the id the server's thread gave them, and how each is ended. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();

async function main() {
  const extensions: Record<string, Extension> = { pg_trgm, btree_gin };
  for (const name of contrib ?? [])
    extensions[name] = ((await import(`@electric-sql/pglite/contrib/${name}`)) as Record<string, Extension>)[
      name
    ];
  const db = new PGlite({
    dataDir,
    extensions,
    loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
  });
  await db.waitReady;

  const reply = (message: PgliteReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

  async function handle(request: PgliteRequest): Promise<void> {
    switch (request.op) {
      case 'query': {
        const on = request.tx === undefined ? db : transactions.get(request.tx)?.tx;
        if (!on) throw new Error('the transaction has ended');
        const { result, transfer } = await wire(
          await on.query(request.text, request.params, queryOptions(request.options)),
        );
        return reply({ id: request.id, ok: true, result }, transfer);
      }
      case 'exec': {
        const tx = request.tx === undefined ? undefined : transactions.get(request.tx)?.tx;
        if (request.tx !== undefined && !tx) throw new Error('the transaction has ended');
        let results: Results[];
        try {
          results = await (tx ?? db).exec(request.text, queryOptions(request.options));
        } catch (error) {
          // One session for everyone: a script that failed inside its own BEGIN must not leave it aborted.
          if (!tx && db.isInTransaction()) await db.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
        const wired = await Promise.all(results.map(wire));
        return reply(
          { id: request.id, ok: true, results: wired.map((w) => w.result) },
          wired.flatMap((w) => w.transfer),
        );
      }
      case 'begin': {
        // The transaction holds PGlite's lock until the server's thread says how it ends; other
        // statements wait for it, as they did on the server's thread.
        let opened: () => void = () => undefined;
        const ready = new Promise<void>((resolve) => (opened = resolve));
        const done = db.transaction(async (tx) => {
          const commit = await new Promise<boolean>((end) => {
            transactions.set(request.tx, { tx, end });
            opened();
          });
          if (!commit) await tx.rollback();
        });
        done.finally(() => transactions.delete(request.tx)).catch(() => undefined);
        await Promise.race([ready, done]);
        pending.set(request.tx, done);
        return reply({ id: request.id, ok: true });
      }
      case 'end': {
        const open = transactions.get(request.tx);
        const done = pending.get(request.tx);
        pending.delete(request.tx);
        open?.end(request.commit);
        await done;
        return reply({ id: request.id, ok: true });
      }
      case 'close':
        await db.close();
        reply({ id: request.id, ok: true });
        port.close();
        return;
    }
  }

  /** Each transaction's end, awaited by its `end` request (a failed COMMIT fails it). */
  const pending = new Map<number, Promise<void>>();

  port.on('message', (request: PgliteRequest) => {
    handle(request).catch((error: unknown) => reply({ id: request.id, ok: false, error: wireError(error) }));
  });
  port.postMessage({ id: 0, ok: true });
}

main().catch((error: unknown) => port.postMessage({ id: 0, ok: false, error: wireError(error) }));
