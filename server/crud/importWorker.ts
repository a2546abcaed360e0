import { parentPort } from 'node:worker_threads';
import { RESOURCES } from '../resources';
import { HttpError } from '../lib/httpError';
import { validateRow } from './importCheck';
import type { CheckedRow, FromReader, ReadJob, ToReader } from './importReader';
import type { AnyResource } from './resource';
import { importColumns, sheetBatches } from './sheet';

/**
 * The import reader's thread (started by importReader.ts): reads an uploaded file in batches and
 * checks each row with its resource's shared Yup schema, so the server's main thread only looks up,
 * writes and answers. A job sends at most `AHEAD` batches the import has not taken yet.
 */
const AHEAD = 2;
const port = parentPort!;

interface Job {
  credit: number;
  stopped: boolean;
  wake?: () => void;
}
const jobs = new Map<number, Job>();

const send = (message: ToReader) => port.postMessage(message);

async function read({ id, group, file, filename, limits }: ReadJob, job: Job): Promise<void> {
  const resource = (RESOURCES as readonly unknown[] as AnyResource[]).find(
    (item) => item.contract.group === group,
  );
  const spec = resource?.import;
  if (!resource || !spec) throw new Error(`${group}: no import to read for`);
  const columns = resource.contract.sheet ?? [];
  const readKeys = importColumns(columns).map((column) => column.key);
  const buffer = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  let absent: string[] | undefined;
  for await (const sheetRows of sheetBatches(buffer, filename, columns, limits)) {
    // The file's header: every row has a value for each column it names.
    absent ??= readKeys.filter((key) => !(key in sheetRows[0].values));
    const rows: CheckedRow[] = [];
    for (const { row, values } of sheetRows) {
      const result = await validateRow(spec.schema, values);
      if ('errors' in result) rows.push({ row, errors: result.errors });
      // The cells go back only when the file lacks columns: the import checks matched rows again.
      else
        rows.push({
          row,
          data: result.row,
          key: spec.keyOf(result.row),
          values: absent.length ? values : undefined,
        });
    }
    while (!job.credit && !job.stopped) await new Promise<void>((resolve) => (job.wake = resolve));
    if (job.stopped) return;
    job.credit--;
    send({ type: 'rows', id, rows, absent });
  }
  send({ type: 'end', id });
}

port.on('message', (message: FromReader) => {
  if (message.type === 'read') {
    const job: Job = { credit: AHEAD, stopped: false };
    jobs.set(message.id, job);
    read(message, job)
      .catch((error: unknown) =>
        send(
          error instanceof HttpError
            ? {
                type: 'error',
                id: message.id,
                statusCode: error.statusCode,
                message: error.message,
                errors: error.errors,
              }
            : {
                type: 'error',
                id: message.id,
                message: error instanceof Error ? error.message : String(error),
              },
        ),
      )
      .finally(() => jobs.delete(message.id));
    return;
  }
  const job = jobs.get(message.id);
  if (!job) return;
  if (message.type === 'more') job.credit++;
  else job.stopped = true;
  job.wake?.();
});
