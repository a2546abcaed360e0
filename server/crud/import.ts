import { Type } from '@sinclair/typebox';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from 'yup';
import { en, format, success, validation } from '../../src/shared/messages';
import { hasPermission } from '../../src/shared/permissions';
import { can } from '../../src/shared/resources/resource';
import type { Db } from '../db/client';
import { fieldError, HttpError } from '../lib/httpError';
import { auditImport } from '../security/audit';
import { parseBody } from '../lib/validation';
import { currentUser } from '../plugins/auth';
import { eachPart, tooLarge } from '../plugins/uploads';
import type { Values, WriteContext } from './define';
import { bearer, errorResponses } from './openapi';
import type { AnyResource } from './resource';
import { readSheet, type SheetRow } from './sheet';
import { insertRecords, updateRecords, type RecordUpdate } from './write';

const CHUNK = 500;

/** Thrown to roll a dry run's transaction back once every row has been written. */
class DryRunDone extends Error {}
// A file with thousands of bad rows reports the first ones; nothing is stored either way.
const MAX_REPORTED_ROWS = 100;

const chunks = <T>(items: T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, index) =>
    items.slice(index * CHUNK, (index + 1) * CHUNK),
  );

async function validateRow(resource: AnyResource, values: Record<string, string>) {
  try {
    return { row: await parseBody(resource.import!.schema, values) };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const inner = error.inner.length ? error.inner : [error];
    return { errors: [...new Set(inner.flatMap((item) => item.errors))] };
  }
}

/**
 * Validates every row, then writes them all in one transaction: rows whose natural key exists are
 * updated, the others created (through `insertRecords` / `updateRecords`, like every write). Any bad
 * row → 422 keyed by spreadsheet row, and nothing is stored. A file that updates existing rows also
 * needs `updatePermission` (the route's guard checked only the create one): 403 otherwise, and
 * nothing is stored.
 */
export async function importRows(
  resource: AnyResource,
  db: Db,
  sheetRows: SheetRow[],
  ctx: WriteContext,
  updatePermission: string,
  dryRun = false,
): Promise<{ created: number; updated: number }> {
  const spec = resource.import!;
  const { table } = resource;
  const errors: Record<string, string[]> = {};
  const fail = (row: number, messages: string[]) => {
    if (Object.keys(errors).length < MAX_REPORTED_ROWS) (errors[`row ${row}`] ??= []).push(...messages);
  };

  const valid: { row: number; data: unknown; key: string }[] = [];
  const seen = new Set<string>();
  for (const { row, values } of sheetRows) {
    const result = await validateRow(resource, values);
    if (result.errors) {
      fail(row, result.errors);
      continue;
    }
    const key = spec.keyOf(result.row);
    if (seen.has(key)) fail(row, [format(en.importDuplicate, { item: key })]);
    seen.add(key);
    valid.push({ row, data: result.row, key });
  }

  let checked: { created: number; updated: number } | undefined;
  try {
    return await db.transaction(async (tx) => {
      const existing = new Map<string, number>();
      for (const keys of chunks(valid.map((item) => item.key))) {
        const found = await tx
          .select({ id: table.id, key: spec.key })
          .from(table)
          .where(inArray(spec.key, keys));
        for (const { id, key } of found) existing.set(String(key), Number(id));
      }

      if (existing.size && !hasPermission(ctx.user.permissions, updatePermission))
        throw new HttpError(403, en.importNeedsUpdate);
      const prepared = await spec.prepare(tx, ctx, [...existing.values()]);
      const inserts: Values[] = [];
      const updates: RecordUpdate[] = [];
      for (const { row, data, key } of valid) {
        const id = existing.get(key) ?? null;
        const result = prepared.row(data, id);
        if ('errors' in result) fail(row, result.errors);
        else if (id === null) inserts.push(result.values);
        else updates.push({ id, values: result.values });
      }
      if (Object.keys(errors).length) throw new HttpError(422, en.importInvalid, errors);

      const created = await insertRecords(tx, resource, inserts, ctx);
      await updateRecords(tx, resource, updates, ctx);
      await prepared.after?.({ created, updated: updates.map((update) => update.id) });
      const counts = { created: created.length, updated: updates.length };
      await auditImport(tx, ctx.user, resource.contract.group, counts);
      if (dryRun) {
        // A dry run writes every row like the real one (so the database's own checks answer too),
        // then rolls the transaction back.
        checked = counts;
        throw new DryRunDone();
      }
      return counts;
    });
  } catch (error) {
    if (error instanceof DryRunDone && checked) return checked;
    throw error;
  }
}

/** `POST /api/<group>/import` (store permission): multipart `file`, CSV or XLSX, all rows or none. */
export function importRoute(app: FastifyInstance, resource: AnyResource, base: string): void {
  const { contract } = resource;
  if (!resource.import)
    throw new Error(`${contract.group}: an importable contract needs the declaration's import`);
  app.post(
    `${base}/import`,
    {
      preValidation: app.requirePermission(can(contract, 'store')),
      schema: {
        tags: [contract.group],
        summary: `Import ${contract.group} from CSV or XLSX`,
        description:
          'multipart/form-data with `file`. The header row names the columns (labels or keys, any case). ' +
          'Rows are matched to existing items by their natural key and updated (which needs the update ' +
          'permission as well: 403 otherwise); the rest are created. ' +
          'Any bad row → 422 with `errors` keyed `row N` (as the spreadsheet numbers it) and nothing stored. ' +
          '`dry_run=true` checks the whole file the same way (and answers the same errors) but stores nothing: ' +
          'the answer counts what an import would create and update.',
        consumes: ['multipart/form-data'],
        security: bearer,
        querystring: Type.Object({
          dry_run: Type.Optional(
            Type.Union([Type.Literal('true'), Type.Literal('false')], {
              description: 'true: check the file only; nothing is stored.',
            }),
          ),
        }),
        response: {
          200: Type.Object({
            data: Type.Object({
              created: Type.Integer(),
              updated: Type.Integer(),
              dry_run: Type.Optional(Type.Boolean()),
            }),
            message: Type.String(),
          }),
          ...errorResponses(413, 422),
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
      const dryRun = (request.query as { dry_run?: string }).dry_run === 'true';
      const data = await importRows(
        resource,
        app.db,
        rows,
        { user: currentUser(request) },
        can(contract, 'update'),
        dryRun,
      );
      if (dryRun) return { data: { ...data, dry_run: true }, message: format(en.importChecked, data) };
      return { data, message: success.imported(contract.item) };
    },
  );
}
