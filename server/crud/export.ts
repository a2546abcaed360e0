import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validation } from '../../src/shared/messages';
import { can, type SheetColumn } from '../../src/shared/resources/resource';
import { today } from '../lib/clock';
import { fieldError } from '../lib/httpError';
import { currentUser } from '../plugins/auth';
import { STREAMED_COMPRESSION } from '../plugins/compression';
import { auditExport, recordExport } from '../security/audit';
import { itemBatches, listTotal, listWhere, parseListQuery } from './list';
import { bearer, errorResponses, fileAnswer, formatQueryDoc, listQueryDoc } from './openapi';
import type { AnyResource } from './resource';
import { csvCopyStream, csvStream, SHEET_TYPES, xlsxStream, type CellRow, type SheetFormat } from './sheet';
import {
  copiedCsv,
  copyCsvText,
  copyPoolOf,
  pgliteClientOf,
  pgliteCopiedCsv,
  takeCopySlot,
} from './sheetSql';

/** `format` of an export or template download: csv (default) or xlsx; anything else is a 422. */
export const sheetFormatOf = (request: FastifyRequest): SheetFormat => {
  const { format = 'csv' } = request.query as { format?: string };
  if (format !== 'csv' && format !== 'xlsx') throw fieldError('format', validation.invalid('Format'));
  return format;
};

/** The headers of a spreadsheet download named `filename` (its extension added). */
const download = (reply: FastifyReply, sheetFormat: SheetFormat, filename: string) =>
  reply
    .type(SHEET_TYPES[sheetFormat])
    .header('content-disposition', `attachment; filename="${filename}.${sheetFormat}"`)
    .header('cache-control', 'no-store');

/** A spreadsheet download: the header row of `columns`, then the rows, one chunk per batch. */
export const sendSheet = (
  reply: FastifyReply,
  sheetFormat: SheetFormat,
  filename: string,
  columns: readonly SheetColumn[],
  batches: AsyncIterable<CellRow[]>,
  sheetName: string,
) =>
  download(reply, sheetFormat, filename).send(
    sheetFormat === 'csv' ? csvStream(columns, batches) : xlsxStream(columns, batches, sheetName),
  );

/**
 * `GET /api/<group>/export?format=csv|xlsx&<list query>` (index permission): every row the list's
 * filters and sort select, as the contract's sheet columns, streamed.
 */
export function exportRoute(app: FastifyInstance, resource: AnyResource, base: string): void {
  const { contract } = resource;
  const { cells: maybeCells } = resource;
  if (!maybeCells) throw new Error(`${contract.group}: an exportable contract needs the declaration's cells`);
  const cells = maybeCells;
  app.get(
    `${base}/export`,
    {
      compress: STREAMED_COMPRESSION,
      preValidation: app.requirePermission(can(contract, 'index')),
      schema: {
        tags: [contract.group],
        summary: `Export ${contract.group} as CSV or XLSX`,
        description:
          'The list filters and sort apply; every matching row is streamed, no paging. `X-Total-Count` ' +
          "announces the rows (the planner's estimate when `X-Total-Estimated: true`), for a progress bar. " +
          'A client that disconnects stops the export: no further batch is read.',
        security: bearer,
        querystring: listQueryDoc(contract, formatQueryDoc),
        response: { 200: fileAnswer, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const sheetFormat = sheetFormatOf(request);
      const query = parseListQuery(resource, request.query, currentUser(request).id);
      // The rows it will write, as the list counts them (exact up to its limit, else the planner's
      // estimate): the browser's progress bar.
      const { total, estimated } = await listTotal(resource, app.db, listWhere(resource, query));
      reply.header('x-total-count', String(total));
      if (estimated) reply.header('x-total-estimated', 'true');
      const columns = contract.sheet ?? [];
      const filename = `${contract.group}-${today()}`;
      // On PostgreSQL a resource with SQL cells is written by the database itself: one COPY.
      // Beside `MAX_COPY_EXPORTS` running ones, an export takes the batches.
      const pool = sheetFormat === 'csv' && resource.cellsSql ? copyPoolOf(app.db) : undefined;
      const release = pool && takeCopySlot(pool);
      if (pool && release) {
        // Released when the COPY ends, or when the answer closes before it began.
        reply.raw.once('close', release);
        const text = copyCsvText(resource, app.db, query, columns);
        const rows = copiedCsv(
          pool,
          text,
          (sent, complete) =>
            recordExport(app.db, currentUser(request), contract.group, sheetFormat, sent, complete),
          release,
        );
        return download(reply, sheetFormat, filename).send(csvCopyStream(columns, rows));
      }
      // On PGlite the database writes it too, in keyset batches of COPY (no stream to a client).
      const pglite = sheetFormat === 'csv' && resource.cellsSql ? pgliteClientOf(app.db) : undefined;
      if (pglite) {
        const rows = pgliteCopiedCsv(pglite, resource, app.db, query, columns, (sent, complete) =>
          recordExport(app.db, currentUser(request), contract.group, sheetFormat, sent, complete),
        );
        return download(reply, sheetFormat, filename).send(csvCopyStream(columns, rows));
      }
      async function* batches(): AsyncGenerator<CellRow[]> {
        for await (const found of itemBatches(resource, app.db, query))
          yield found.map((item) => cells(item));
      }
      return sendSheet(
        reply,
        sheetFormat,
        filename,
        columns,
        auditExport(app.db, currentUser(request), contract.group, sheetFormat, batches()),
        contract.group,
      );
    },
  );
}
