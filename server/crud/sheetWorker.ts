/**
 * The worker thread an import's upload is parsed in (`sheetThread.ts` starts it): reads the sheet
 * with `sheetBatches` and hands one batch of rows back each time the import asks for the next, so
 * at most one batch waits. A refusal (413, 422) goes back as its status, message and errors.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../lib/httpError';
import { sheetBatches } from './sheet';
import type { SheetJob, SheetReply } from './sheetThread';

const port = parentPort;
if (!port) throw new Error('sheetWorker.ts runs as a worker thread only');

const job = workerData as SheetJob;
const buffer = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
const batches = sheetBatches(buffer, job.filename, job.columns, job.limits);

port.on('message', (message: unknown) => {
  if (message !== 'next') return;
  batches.next().then(
    (result) => {
      const reply: SheetReply = result.done ? { type: 'done' } : { type: 'batch', rows: result.value };
      port.postMessage(reply);
    },
    (error: unknown) => {
      const reply: SheetReply =
        error instanceof HttpError
          ? { type: 'refused', status: error.statusCode, message: error.message, errors: error.errors }
          : { type: 'failed', message: error instanceof Error ? error.message : String(error) };
      port.postMessage(reply);
    },
  );
});
