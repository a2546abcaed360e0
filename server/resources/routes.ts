import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { en, success, validation } from '../../src/shared/messages';
import { OPTIONS_MAX } from '../../src/shared/limits';
import {
  apiPath,
  can,
  optionReaderKeys,
  optionsPath,
  type ResourceContract,
  type SheetColumn,
} from '../../src/shared/resources/resource';
import { assertFresh } from '../lib/concurrency';
import { fieldError, HttpError } from '../lib/httpError';
import { parseBody } from '../lib/validation';
import { currentUser } from '../plugins/auth';
import { eachPart, tooLarge } from '../plugins/uploads';
import {
  authErrors,
  bearer,
  messageSchema,
  optionsAnswerSchema,
  validationErrorSchema,
} from '../routes/schemas';
import type { ResourceServer, ResourceTable } from './define';
import { importRows } from './importer';
import { itemBatches, listPage, parseListQuery, type AnyResource } from './list';
import { optionItems } from './options';
import { STREAMED_COMPRESSION } from '../plugins/compression';
import {
  csvStream,
  importColumns,
  noRows,
  readSheet,
  SHEET_TYPES,
  xlsxStream,
  type CellRow,
  type SheetFormat,
} from './sheet';

const notFound = () => new HttpError(404, en.notFoundBody);

const idOf = (request: FastifyRequest): number => {
  const { id } = request.params as { id: string };
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2 ** 31 - 1) throw notFound();
  return Number(id);
};

const idParams = {
  type: 'object',
  properties: { id: { type: 'string', description: 'The item id' } },
} as const;

/** The list query for the OpenAPI document; Yup (`listQuerySchema`) is the one validator. */
function listQueryDoc(contract: ResourceContract, extra: Record<string, object> = {}) {
  const text = (description: string) => ({ type: 'string', description });
  return {
    type: 'object',
    properties: {
      page: text('Page number, from 1 (default 1)'),
      per_page: text('10, 20, 50 or 100 (default 10)'),
      sort: text(`One of: ${contract.sortable.join(', ')} (default ${contract.defaultSort.sort})`),
      order: text(`asc or desc (default ${contract.defaultSort.order})`),
      search: text('Free text, matched anywhere in the text columns (case-insensitive)'),
      ...(contract.statusFilter ? { status: text('1 (Active), 0 (Not Active) or 1,0') } : {}),
      ...(contract.dateFilter
        ? {
            date_from: text('YYYY-MM-DD, created on or after'),
            date_to: text('YYYY-MM-DD, created on or before'),
          }
        : {}),
      ...Object.fromEntries(contract.filters.map((name) => [name, text('Comma-separated ids')])),
      ...extra,
    },
  };
}

const today = () => new Date().toISOString().slice(0, 10);

/** `format` of an export or template download: csv (default) or xlsx; anything else is a 422. */
const sheetFormatOf = (request: FastifyRequest): SheetFormat => {
  const { format = 'csv' } = request.query as { format?: string };
  if (format !== 'csv' && format !== 'xlsx') throw fieldError('format', validation.invalid('Format'));
  return format;
};

const formatQueryDoc = { format: { type: 'string', description: 'csv (default) or xlsx' } };

/** A spreadsheet download: the header row of `columns`, then `rows`. */
const sendSheet = (
  reply: FastifyReply,
  sheetFormat: SheetFormat,
  filename: string,
  columns: readonly SheetColumn[],
  batches: AsyncIterable<CellRow[]>,
  sheetName: string,
) =>
  reply
    .type(SHEET_TYPES[sheetFormat])
    .header('content-disposition', `attachment; filename="${filename}.${sheetFormat}"`)
    .header('cache-control', 'no-store')
    .send(sheetFormat === 'csv' ? csvStream(columns, batches) : xlsxStream(columns, batches, sheetName));

/**
 * Registers the API contract's routes of one resource from its server declaration: list, show,
 * create, update, delete, and options/export/import when the contract offers them. Every route is
 * guarded by the group's permission for its method (options also by its reader groups' keys);
 * writes run in one transaction each.
 */
export function registerResource<
  T extends ResourceTable,
  Q extends PgSelect,
  Item,
  Create,
  Update extends { updated_at: string },
  Row,
>(
  app: FastifyInstance,
  declaration: ResourceServer<T, Q, Item, Create, Update, Row>,
  itemSchema: object,
): void {
  // The declaration's own types were checked where it was defined; the routes only pass values through.
  const resource = declaration as unknown as AnyResource;
  const { contract, table } = resource;
  const base = apiPath(contract);
  const tags = [contract.group];
  const { item } = contract;
  const writeAnswer = { type: 'object', properties: { data: itemSchema, message: { type: 'string' } } };
  const errors = { 422: validationErrorSchema, ...authErrors };

  const load = async (id: number) => {
    const rows = await resource.select(app.db).where(eq(table.id, id)).limit(1);
    const [found] = await resource.toItems(app.db, rows);
    if (!found) throw notFound();
    return found as unknown;
  };

  app.get(
    base,
    {
      preValidation: app.requirePermission(can(contract, 'index')),
      schema: {
        tags,
        summary: `List ${contract.group}`,
        security: bearer,
        querystring: listQueryDoc(contract),
        response: {
          200: {
            type: 'object',
            properties: {
              data: { type: 'array', items: itemSchema },
              meta: {
                type: 'object',
                properties: {
                  current_page: { type: 'integer' },
                  per_page: { type: 'integer' },
                  total: { type: 'integer' },
                  last_page: { type: 'integer' },
                },
              },
            },
          },
          ...errors,
        },
      },
    },
    async (request) => listPage(resource, app.db, await parseListQuery(resource, request.query)),
  );

  if (contract.options) {
    const label = resource.optionLabel;
    if (!label) throw new Error(`${contract.group}: a contract with options needs an optionLabel column`);
    const keys = optionReaderKeys(contract);
    // A static segment: find-my-way matches it before `/:id` (whose idOf refuses 'options' anyway).
    app.get(
      optionsPath(contract),
      {
        preValidation: app.requireAnyPermission(keys),
        schema: {
          tags,
          summary: `Every ${item.toLowerCase()} as a select option`,
          description:
            `Every ${item.toLowerCase()} as \`{id, name${resource.status ? ', status' : ''}}\`, ordered by name, ` +
            `not paged: for selects and list filters. At most ${OPTIONS_MAX} rows (the rest by name are left out). ` +
            `Open to holders of any of: ${keys.join(', ')}.`,
          security: bearer,
          response: { 200: optionsAnswerSchema(Boolean(resource.status)), ...authErrors },
        },
      },
      async () => ({ data: await optionItems(resource, label, app.db) }),
    );
  }

  if (contract.exportable && resource.cells) {
    const cells = resource.cells;
    const columns = contract.sheet ?? [];
    app.get(
      `${base}/export`,
      {
        compress: STREAMED_COMPRESSION,
        preValidation: app.requirePermission(can(contract, 'index')),
        schema: {
          tags,
          summary: `Export ${contract.group} as CSV or XLSX`,
          description: 'The list filters and sort apply; every matching row is streamed, no paging.',
          security: bearer,
          querystring: listQueryDoc(contract, formatQueryDoc),
          response: { 200: { description: 'The file', type: 'string', format: 'binary' }, ...errors },
        },
      },
      async (request, reply) => {
        const sheetFormat = sheetFormatOf(request);
        const query = await parseListQuery(resource, request.query);
        async function* batches(): AsyncGenerator<CellRow[]> {
          for await (const found of itemBatches(resource, app.db, query))
            yield found.map((item) => cells(item));
        }
        return sendSheet(
          reply,
          sheetFormat,
          `${contract.group}-${today()}`,
          columns,
          batches(),
          contract.group,
        );
      },
    );
  }

  if (contract.importable && resource.import) {
    const templateColumns = importColumns(contract.sheet ?? []);
    app.get(
      `${base}/import-template`,
      {
        compress: STREAMED_COMPRESSION,
        preValidation: app.requirePermission(can(contract, 'store')),
        schema: {
          tags,
          summary: `Download the ${contract.group} import template (CSV or XLSX)`,
          description: 'A file holding only the header row: the columns an import reads, in order.',
          security: bearer,
          querystring: { type: 'object', properties: formatQueryDoc },
          response: { 200: { description: 'The file', type: 'string', format: 'binary' }, ...errors },
        },
      },
      async (request, reply) =>
        sendSheet(
          reply,
          sheetFormatOf(request),
          `${contract.group}-import-template`,
          templateColumns,
          noRows(),
          contract.group,
        ),
    );

    app.post(
      `${base}/import`,
      {
        preValidation: app.requirePermission(can(contract, 'store')),
        schema: {
          tags,
          summary: `Import ${contract.group} from CSV or XLSX`,
          description:
            'multipart/form-data with `file`. The header row names the columns (labels or keys, any case). ' +
            'Rows are matched to existing items by their natural key and updated (which needs the update ' +
            'permission as well: 403 otherwise); the rest are created. ' +
            'Any bad row → 422 with `errors` keyed `row N` (as the spreadsheet numbers it) and nothing stored.',
          consumes: ['multipart/form-data'],
          security: bearer,
          response: {
            200: {
              type: 'object',
              properties: {
                data: {
                  type: 'object',
                  properties: { created: { type: 'integer' }, updated: { type: 'integer' } },
                },
                message: { type: 'string' },
              },
            },
            413: messageSchema,
            ...errors,
          },
        },
      },
      async (request) => {
        let file: { buffer: Buffer; filename: string } | undefined;
        if (request.isMultipart())
          await eachPart(request, async (part) => {
            if (part.type !== 'file' || file) return;
            const buffer = await part.toBuffer().catch((error: unknown) => {
              if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('document');
              throw error;
            });
            file = { buffer, filename: part.filename };
          });
        const upload = file as { buffer: Buffer; filename: string } | undefined;
        if (!upload) throw fieldError('file', validation.required('File'));
        const rows = await readSheet(upload.buffer, upload.filename, contract.sheet ?? [], app.sheetLimits);
        const data = await importRows(
          resource,
          app.db,
          rows,
          { user: currentUser(request) },
          can(contract, 'update'),
        );
        return { data, message: success.imported(item) };
      },
    );
  }

  app.get(
    `${base}/:id`,
    {
      preValidation: app.requirePermission(can(contract, 'index')),
      schema: {
        tags,
        summary: `Show one ${item.toLowerCase()}`,
        security: bearer,
        params: idParams,
        response: {
          200: { type: 'object', properties: { data: itemSchema } },
          404: messageSchema,
          ...authErrors,
        },
      },
    },
    async (request) => ({ data: await load(idOf(request)) }),
  );

  app.post(
    base,
    {
      preValidation: app.requirePermission(can(contract, 'store')),
      schema: {
        tags,
        summary: `Create a ${item.toLowerCase()}`,
        security: bearer,
        // No `type`: the shared Yup schema is the one validator (it runs in the handler).
        body: { description: `The ${item.toLowerCase()}'s fields, validated with the shared Yup schema` },
        response: { 201: writeAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = { user: currentUser(request) };
      const input: unknown = await parseBody(resource.schemas.create, request.body);
      const id = await app.db.transaction(async (tx) => {
        const values = await resource.values(tx, input, ctx);
        const [row] = await tx
          .insert(table)
          .values({ ...values, created_by: ctx.user.id, updated_by: ctx.user.id })
          .returning({ id: table.id });
        const created = Number(row.id);
        await resource.afterWrite?.(tx, created, input, { ...ctx, id: created });
        return created;
      });
      return reply.code(201).send({ data: await load(id), message: success.created(item) });
    },
  );

  app.put(
    `${base}/:id`,
    {
      preValidation: app.requirePermission(can(contract, 'update')),
      schema: {
        tags,
        summary: `Update a ${item.toLowerCase()}`,
        description: 'The body carries the `updated_at` the edit started from; a stale one → 409.',
        security: bearer,
        params: idParams,
        body: { description: `The ${item.toLowerCase()}'s fields and the updated_at the edit started from` },
        response: { 200: writeAnswer, 404: messageSchema, 409: messageSchema, ...errors },
      },
    },
    async (request) => {
      const id = idOf(request);
      const ctx = { user: currentUser(request), id };
      const input = await parseBody(resource.schemas.update, request.body);
      await app.db.transaction(async (tx) => {
        const [current] = await tx
          .select({ updated_at: table.updated_at })
          .from(table)
          .where(eq(table.id, id))
          .for('update');
        if (!current) throw notFound();
        assertFresh(current.updated_at as Date, (input as { updated_at: string }).updated_at, item);
        await resource.beforeUpdate?.(tx, id, input, ctx);
        const values = await resource.values(tx, input, ctx);
        await tx
          .update(table)
          .set({ ...values, updated_by: ctx.user.id })
          .where(eq(table.id, id));
        await resource.afterWrite?.(tx, id, input, ctx);
      });
      return { data: await load(id), message: success.updated(item) };
    },
  );

  app.delete(
    `${base}/:id`,
    {
      preValidation: app.requirePermission(can(contract, 'destroy')),
      schema: {
        tags,
        summary: `Delete a ${item.toLowerCase()}`,
        security: bearer,
        params: idParams,
        response: { 200: writeAnswer, 404: messageSchema, 409: messageSchema, ...authErrors },
      },
    },
    async (request) => {
      const id = idOf(request);
      const ctx = { user: currentUser(request), id };
      const data = await load(id);
      await app.db.transaction(async (tx) => {
        const [current] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
        if (!current) throw notFound();
        await resource.beforeDelete?.(tx, id, ctx);
        await tx.delete(table).where(eq(table.id, id));
      });
      return { data, message: success.deleted(item) };
    },
  );
}
