import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { IMPORT_MESSAGES } from '../../src/shared/messages/imports';
import type { SheetColumn } from '../../src/shared/resources/resource';
import type { SheetLimits } from '../config';
import { HttpError } from '../lib/httpError';
import { tooBig, unreadable } from '../lib/xlsxLimits';
import type { SheetRow } from './sheet';

/** What the worker is given: the upload's bytes (a copy), its name, the columns and the limits. */
export interface SheetJob {
  bytes: Uint8Array;
  filename: string;
  columns: SheetColumn[];
  limits: SheetLimits;
}

/** What the worker answers each `next`. */
export type SheetReply =
  | { type: 'batch'; rows: SheetRow[] }
  | { type: 'done' }
  | { type: 'refused'; status: number; message: string; errors?: Record<string, string[]> }
  | { type: 'failed'; message: string };

/** How long the worker may take to read one batch, and the heap it may use, unless the limits say. */
export const SHEET_WORKER_BATCH_MS = 30_000;
export const SHEET_WORKER_HEAP_MB = 256;

/**
 * The worker's code: under tsx and ts-jest the TypeScript source beside this file, loaded through
 * tsx's CommonJS hook (Node 20 does not apply `--import tsx` hooks to a worker's entry), or
 * `sheet-worker.js` beside the compiled server (scripts/build-server.ts builds it as a second entry).
 */
function workerSource(): { code: string; eval: boolean } {
  if (__filename.endsWith('.ts'))
    return {
      code: `require('tsx/cjs'); require(${JSON.stringify(path.join(__dirname, 'sheetWorker.ts'))});`,
      eval: true,
    };
  return { code: path.join(__dirname, 'sheet-worker.js'), eval: false };
}

const tooSlow = () => tooBig(IMPORT_MESSAGES.importTooSlow);
const tooMuchMemory = () => tooBig(IMPORT_MESSAGES.importTooMuchMemory);

/**
 * `sheetBatches` run in a worker thread, so that parsing a hostile or merely large upload (a
 * million shared strings, one 9 MB cell) never holds the event loop the other requests are served
 * on. The same batches and the same refusals (413, 422) as `sheetBatches`; on top, a worker that
 * takes longer than `workerBatchMs` for a batch, or needs more heap than `workerHeapMb`, is stopped and the
 * file refused with 413. The worker is always stopped when the import stops reading.
 */
export async function* sheetBatchesInWorker(
  buffer: Buffer,
  filename: string,
  columns: readonly SheetColumn[],
  limits: SheetLimits,
): AsyncGenerator<SheetRow[]> {
  const batchMs = limits.workerBatchMs ?? SHEET_WORKER_BATCH_MS;
  const heapMb = limits.workerHeapMb ?? SHEET_WORKER_HEAP_MB;
  const source = workerSource();
  const job: SheetJob = {
    bytes: buffer,
    filename,
    columns: columns.map(({ key, label, import: imported }) => ({ key, label, import: imported })),
    limits,
  };
  const worker = new Worker(source.code, {
    eval: source.eval,
    workerData: job,
    // Not the server's flags (its heap bound is for the main thread).
    execArgv: [],
    // Its own heap, bounded: a file that needs more is refused, the server's heap untouched.
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
    stdout: false,
    stderr: false,
  });
  // Whatever ends the worker early (an error, an exit, out of memory) fails the request waiting.
  let fail: ((error: Error) => void) | undefined;
  let ended: Error | undefined;
  const end = (error: Error) => {
    ended ??= error;
    fail?.(ended);
  };
  // Out of memory is the file's doing (413); anything else is the server's (a 500, logged).
  worker.on('error', (error: Error & { code?: string }) =>
    end(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooMuchMemory() : error),
  );
  worker.on('exit', (code) => end(new Error(`the sheet worker stopped (exit code ${code})`)));
  try {
    for (;;) {
      const reply = await new Promise<SheetReply>((resolve, reject) => {
        if (ended) return reject(ended);
        const timer = setTimeout(() => reject(tooSlow()), batchMs);
        fail = (error) => {
          clearTimeout(timer);
          reject(error);
        };
        worker.once('message', (message: SheetReply) => {
          clearTimeout(timer);
          fail = undefined;
          resolve(message);
        });
        worker.postMessage('next');
      });
      if (reply.type === 'done') return;
      if (reply.type === 'batch') yield reply.rows;
      else if (reply.type === 'refused') throw new HttpError(reply.status, reply.message, reply.errors);
      else throw unreadable();
    }
  } finally {
    fail = undefined;
    worker.removeAllListeners('message');
    await worker.terminate();
  }
}
