import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** What the thread is started with: the data directory (none: in memory) and extra contrib modules. */
export interface PgliteThreadData {
  dataDir?: string;
  contrib?: readonly string[];
  /**
   * A database to start from (PGlite's `dumpDataDir` tarball) instead of an empty one: the tests'
   * migrated and seeded template (test/helper.ts), copied into each thread's own memory.
   */
  loadDataDir?: ArrayBuffer;
}

/**
 * A statement's options as they cross: the row mode, the types whose text is kept as it is (the
 * parsers Drizzle passes all keep the text: functions do not cross threads), a COPY FROM's input.
 */
export interface WireOptions {
  rowMode?: QueryOptions['rowMode'];
  keepText?: number[];
  blob?: ArrayBuffer;
}

export type PgliteRequest =
  | { id: number; op: 'query'; tx?: number; text: string; params?: unknown[]; options?: WireOptions }
  | { id: number; op: 'exec'; tx?: number; text: string; options?: WireOptions }
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** A request before the thread gives it its id (each member of the union without it). */
type Unsent<T> = T extends unknown ? Omit<T, 'id'> : never;

export interface WireResults {
  rows: Results['rows'];
  fields: Results['fields'];
  affectedRows?: number;
  blob?: ArrayBuffer;
}

export type PgliteReply =
  | { id: number; ok: true; result?: WireResults; results?: WireResults[] }
  | { id: number; ok: false; error: Record<string, unknown> };

/**
 * The worker's code: under tsx and ts-jest the TypeScript source beside this file, loaded through
 * tsx's CommonJS hook, or `pglite-worker.js` beside the compiled server (scripts/build-server.ts), as
 * the import's sheet worker is (crud/sheetThread.ts).
 */
function workerSource(): { code: string; eval: boolean } {
  if (__filename.endsWith('.ts'))
    return {
      code: `require('tsx/cjs'); require(${JSON.stringify(path.join(__dirname, 'pgliteWorker.ts'))});`,
      eval: true,
    };
  return { code: path.join(__dirname, 'pglite-worker.js'), eval: false };
}

/** A database error rebuilt from its fields (code, detail, constraint…), as lib/databaseErrors.ts reads them. */
function rebuiltError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? 'database error'));
  Object.assign(error, fields);
  return error;
}

function wireOptions(options: QueryOptions | undefined): {
  options?: WireOptions;
  blob?: Promise<ArrayBuffer>;
} {
  if (!options) return {};
  return {
    options: {
      rowMode: options.rowMode,
      keepText: options.parsers ? Object.keys(options.parsers).map(Number) : undefined,
    },
    blob: options.blob?.arrayBuffer(),
  };
}

const results = (wired: WireResults): Results => ({
  rows: wired.rows,
  fields: wired.fields,
  affectedRows: wired.affectedRows,
  blob: wired.blob ? new Blob([wired.blob]) : undefined,
});

/**
 * PGlite in a worker thread of its own, so that its statements (WebAssembly, run synchronously: a
 * heavy list, an export's COPY, an import's batch) never hold the event loop the server answers its
 * requests on. The part of PGlite's API the server uses — `query`, `exec`, `transaction` (whose
 * `query`/`exec` run in it), `close` — with the same answers: rows, fields, a COPY's blob, and a
 * database error's code and fields. PGlite is still one session: its locks, in the worker, order the
 * statements as before, and a transaction holds it until it ends.
 * (docs/decisions/2026-12-02-pglite-in-a-worker-thread.md)
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<
    number,
    { resolve: (reply: PgliteReply) => void; reject: (error: Error) => void }
  >();
  #next = 1;
  #nextTx = 1;
  #ended: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: PgliteReply) => {
      const waiting = this.#waiting.get(reply.id);
      if (!waiting) return;
      this.#waiting.delete(reply.id);
      waiting.resolve(reply);
    });
    const end = (error: Error) => {
      this.#ended ??= error;
      for (const waiting of this.#waiting.values()) waiting.reject(this.#ended);
      this.#waiting.clear();
    };
    worker.on('error', end);
    worker.on('exit', (code) => end(new Error(`the database thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and opens the database in it (its data directory, or in memory). */
  static async open(data: PgliteThreadData = {}): Promise<PgliteThread> {
    const source = workerSource();
    const worker = new Worker(source.code, {
      eval: source.eval,
      workerData: data,
      // Not the server's flags (its heap bound is the main thread's).
      execArgv: [],
      stdout: false,
      stderr: false,
    });
    const thread = new PgliteThread(worker);
    // The thread says 0 once the database is open.
    await thread.#answer(0).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    return thread;
  }

  #answer(id: number): Promise<PgliteReply & { ok: true }> {
    return new Promise<PgliteReply>((resolve, reject) => {
      if (this.#ended) return reject(this.#ended);
      this.#waiting.set(id, { resolve, reject });
    }).then((reply) => {
      if (!reply.ok) throw rebuiltError(reply.error);
      return reply;
    });
  }

  async #ask(request: Unsent<PgliteRequest>, transfer: ArrayBuffer[] = []) {
    const id = this.#next++;
    const answer = this.#answer(id);
    this.#worker.postMessage({ ...request, id }, transfer);
    return answer;
  }

  async #query<T>(tx: number | undefined, text: string, params?: unknown[], options?: QueryOptions) {
    const wired = wireOptions(options);
    const blob = await wired.blob;
    const request = { op: 'query', tx, text, params, options: wired.options && { ...wired.options, blob } };
    const reply = await this.#ask(request as Unsent<PgliteRequest>, blob ? [blob] : []);
    return results(reply.result!) as Results<T>;
  }

  async #exec(tx: number | undefined, text: string, options?: QueryOptions) {
    const wired = wireOptions(options);
    const blob = await wired.blob;
    const request = { op: 'exec', tx, text, options: wired.options && { ...wired.options, blob } };
    const reply = await this.#ask(request as Unsent<PgliteRequest>, blob ? [blob] : []);
    return reply.results!.map(results);
  }

  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    return this.#query<T>(undefined, text, params, options);
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(undefined, text, options);
  }

  /**
   * `work` in one transaction, committed when it resolves and rolled back when it throws (or calls
   * `rollback`); the session is the transaction's until then.
   */
  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.#nextTx++;
    await this.#ask({ op: 'begin', tx: id });
    let closed = false;
    let rolledBack = false;
    const open = () => {
      if (closed) throw new Error('the transaction has ended');
    };
    const tx: Transaction = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.#query<R>(id, text, params, options);
      },
      exec: (text: string, options?: QueryOptions) => {
        open();
        return this.#exec(id, text, options);
      },
      sql: () => Promise.reject(new Error('tx.sql is not available on the database thread')),
      listen: () => Promise.reject(new Error('LISTEN is not available on the database thread')),
      rollback: async () => {
        open();
        rolledBack = true;
        closed = true;
        await this.#ask({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#ask({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      }
      throw error;
    }
    if (!rolledBack) {
      closed = true;
      await this.#ask({ op: 'end', tx: id, commit: true });
    }
    return result;
  }

  /** Always false here: the thread never leaves the session in a transaction between two calls. */
  isInTransaction(): boolean {
    return false;
  }

  /** Closes the database (its files written) and ends the thread. */
  async close(): Promise<void> {
    if (this.#ended) return;
    const exited = new Promise<void>((resolve) => this.#worker.once('exit', () => resolve()));
    await this.#ask({ op: 'close' });
    await exited;
  }
}
