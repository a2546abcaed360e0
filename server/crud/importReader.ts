import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SheetLimits } from '../config';
import { HttpError } from '../lib/httpError';

/** A row of an import's file as the reader checked it: its spreadsheet row and the schema's answer. */
export type CheckedRow =
  | { row: number; errors: string[] }
  /** The schema's output and its natural key; the cells only when the file lacks import columns. */
  | { row: number; data: unknown; key: string; values?: Record<string, string> };

/** A batch of checked rows, and the import columns the file's header lacks. */
export interface CheckedBatch {
  rows: CheckedRow[];
  absent: string[];
}

export interface ReadJob {
  type: 'read';
  id: number;
  group: string;
  file: Uint8Array;
  filename: string;
  limits: SheetLimits;
}

/** To the reader's thread: a file to read, room for one more batch, or stop (the import ended). */
export type FromReader = ReadJob | { type: 'more' | 'stop'; id: number };

/** From the reader's thread: a batch, the file's end, or why it could not be read (a 413 or 422 keeps its status). */
export type ToReader =
  | { type: 'rows'; id: number; rows: CheckedRow[]; absent: string[] }
  | { type: 'end'; id: number }
  | { type: 'error'; id: number; statusCode?: number; message: string; errors?: Record<string, string[]> };

// The thread runs the TypeScript sources as the server does (tsx), in Jest too.
const ENTRY = `require('tsx/cjs'); require(${JSON.stringify(path.join(__dirname, 'importWorker.ts'))});`;

/**
 * The thread that reads and checks imports' files (importWorker.ts): parsing a CSV or XLSX and the
 * Yup schema take most of an import's server time, which the main thread then spends answering
 * requests and keeping the database busy. One thread per app, started by the first import (its
 * modules take about a second to load) and stopped when the app closes; a thread that dies fails
 * the imports it was reading, and the next import starts another.
 */
export class ImportReader {
  private worker?: Worker;
  private nextId = 1;
  private readonly jobs = new Map<number, (message: ToReader) => void>();

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(ENTRY, { eval: true });
    worker.on('message', (message: ToReader) => this.jobs.get(message.id)?.(message));
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, deliver] of this.jobs) deliver({ type: 'error', id, message: error.message });
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the import reader stopped (${code})`)));
    // An idle reader does not keep the process alive.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /** The file's rows in checked batches, read ahead of the import by at most two. */
  async *read(
    group: string,
    buffer: Buffer,
    filename: string,
    limits: SheetLimits,
  ): AsyncGenerator<CheckedBatch> {
    const worker = this.thread();
    const id = this.nextId++;
    const received: ToReader[] = [];
    let wake: (() => void) | undefined;
    this.jobs.set(id, (message) => {
      received.push(message);
      wake?.();
    });
    // A copy the thread owns (the upload's buffer may share its memory with others).
    const file = new Uint8Array(buffer);
    worker.postMessage({ type: 'read', id, group, file, filename, limits } satisfies ReadJob, [file.buffer]);
    try {
      for (;;) {
        while (!received.length) await new Promise<void>((resolve) => (wake = resolve));
        const message = received.shift()!;
        if (message.type === 'end') return;
        if (message.type === 'error')
          throw message.statusCode
            ? new HttpError(message.statusCode, message.message, message.errors)
            : new Error(message.message);
        worker.postMessage({ type: 'more', id } satisfies FromReader);
        yield { rows: message.rows, absent: message.absent };
      }
    } finally {
      this.jobs.delete(id);
      if (this.worker === worker) worker.postMessage({ type: 'stop', id } satisfies FromReader);
    }
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
