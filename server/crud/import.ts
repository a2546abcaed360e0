import { IMPORT_MESSAGES } from '../../src/shared/messages/imports';
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ValidationError, type Schema } from 'yup';
import { format, success } from '../../src/shared/messages';
import { hasPermission } from '../../src/shared/permissions';
import { can } from '../../src/shared/resources/resource';
import type { Db, Tx } from '../db/client';
import { startBulkWrite } from '../db/bulkWrite';
import { mergePendingLists } from '../db/ginPending';
import { HttpError } from '../lib/httpError';
import { auditImport } from '../security/audit';
import { parseBody } from '../lib/validation';
import { currentUser } from '../plugins/auth';
import { uploadedFile } from '../plugins/uploads';
import type { Values, WriteContext } from './define';
import { bearer, errorResponses } from './openapi';
import { IMPORT_ROW_OPTIONS, rowCheck } from './rowValidator';
import type { AnyResource } from './resource';
import { cellText, importColumns, type SheetRow } from './sheet';
import { sheetBatchesInWorker } from './sheetThread';
import { loadItems } from './revisions';
import { insertRecords, updateRecords, type RecordUpdate } from './write';

/** What an import did (or a dry run would do): rows created, rows changed, matched rows left as they were. */
export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/** Thrown to roll a dry run's transaction back once every row has been written. */
class DryRunDone extends Error {}
// A file with thousands of bad rows reports the first ones; nothing is stored either way.
const MAX_REPORTED_ROWS = 100;

type Validated = { row: unknown } | { errors: string[] };

/** A row that passed the schema: its spreadsheet row, its cells, the schema's output and its natural key. */
interface ValidRow {
  row: number;
  values: Record<string, string>;
  /** Undefined for a row refused while the file lacks columns, until those are filled from its record. */
  data: unknown;
  key: string;
  /** Why the schema refused the row without the file's missing columns (reported when they are not filled). */
  errors?: string[];
}

const messagesOf = (error: ValidationError): string[] => {
  const inner = error.inner.length ? error.inner : [error];
  return [...new Set(inner.flatMap((item) => item.errors))];
};

/** Schemas with an asynchronous test: validated with Yup's `validate`, the others with `validateSync`. */
const asyncSchemas = new WeakSet<object>();

/**
 * Rows validated between two turns of the event loop (about 8 ms of Yup). The batch before is being
 * written meanwhile, a statement at a time: its next statement goes out when the database answers
 * the last one, which the event loop hears only between these slices, not after the whole batch
 * (2 000 rows, 60–80 ms) is validated.
 */
const ROWS_PER_TURN = 250;

/**
 * One row through the shared Yup schema, as `parseBody` checks a form (every cell is text, so its
 * type check has nothing to refuse), synchronously: undefined when the schema has an asynchronous
 * test (then `validateRowAsync` does it). A 100 000-row file spends a few seconds less in promises.
 */
function validateRowSync(schema: Schema<unknown>, values: Record<string, string>): Validated | undefined {
  if (asyncSchemas.has(schema)) return undefined;
  try {
    return { row: schema.validateSync(values, IMPORT_ROW_OPTIONS) };
  } catch (error) {
    if (error instanceof ValidationError) return { errors: messagesOf(error) };
    // Yup refuses a test that answers a promise during `validateSync`: this schema is async.
    asyncSchemas.add(schema);
    return undefined;
  }
}

/** One row through the shared Yup schema, asynchronously (a schema with an asynchronous test). */
async function validateRowAsync(schema: Schema<unknown>, values: Record<string, string>): Promise<Validated> {
  try {
    return { row: await parseBody(schema, values) };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { errors: messagesOf(error) };
  }
}

type Fail = (row: number, messages: string[]) => void;
type Validate = (values: Record<string, string>) => Validated | undefined;

/**
 * Refused rows by spreadsheet row: a row's messages come from several checks, at several times
 * (the schema, its record's values, the lookups); the report lists the first rows in file order.
 */
function refusalLog() {
  const refusals = new Map<number, string[]>();
  let failed = false;
  const fail = (row: number, messages: string[]) => {
    failed = true;
    const known = refusals.get(row);
    if (known) known.push(...messages);
    else if (refusals.size < MAX_REPORTED_ROWS) refusals.set(row, [...messages]);
    else {
      // Full: an earlier row takes the place of the last one.
      const last = Math.max(...refusals.keys());
      if (row > last) return;
      refusals.delete(last);
      refusals.set(row, [...messages]);
    }
  };
  const report = (): Record<string, string[]> =>
    Object.fromEntries(
      [...refusals.entries()].sort(([a], [b]) => a - b).map(([row, messages]) => [`row ${row}`, messages]),
    );
  return { fail, report, failed: () => failed };
}

/** An import's row checks: each distinct cell checked once per field, and a row's key from its cells. */
function rowValidation(resource: AnyResource) {
  const spec = resource.import!;
  // Each distinct cell checked once per field (crud/rowValidator.ts); a refused row, or a schema it
  // cannot follow, through the whole schema.
  const fastCheck = rowCheck(spec.schema);
  const validate = (values: Record<string, string>): Validated | undefined => {
    const row = fastCheck?.(values);
    return row === undefined ? validateRowSync(spec.schema, values) : { row };
  };
  const readKeys = importColumns(resource.contract.sheet ?? []).map((column) => column.key);
  /** A row's natural key from its cells, as the schema's output would give it; undefined when they give none. */
  const keyOfCells = (values: Record<string, string>): string | undefined => {
    try {
      return spec.keyOf(values) || undefined;
    } catch {
      // A key column the file lacks (a user's e-mail).
      return undefined;
    }
  };
  return { validate, readKeys, keyOfCells };
}

/**
 * A column the file lacks keeps a matched row's current value instead of being emptied: those
 * rows are checked again with the record's exported cells in the columns the file lacks (an
 * export imports back unchanged). Answers the rows refused then. This is also how a row
 * refused for a required column the file lacks (a status) gets its record's value; a new row
 * has none to take, and stays refused with the schema's message ("Status is required").
 */
async function keepAbsent(
  tx: Tx,
  resource: AnyResource,
  validate: Validate,
  absent: string[],
  fail: Fail,
  valid: ValidRow[],
  existing: Map<string, number>,
): Promise<Set<number>> {
  const spec = resource.import!;
  const refused = new Set<number>();
  const rows = valid.filter(({ key }) => existing.has(key));
  if (!rows.length || !resource.cells) return refused;
  const items = await loadItems(
    tx,
    resource,
    rows.map(({ key }) => existing.get(key)!),
  );
  for (const [index, entry] of rows.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await nextTurn();
    const item = items.get(existing.get(entry.key)!);
    if (item === undefined) continue;
    const cells = resource.cells(item);
    const values = { ...entry.values };
    for (const key of absent!) values[key] = cellText(cells[key] ?? null);
    const result = validate(values) ?? (await validateRowAsync(spec.schema, values));
    if ('errors' in result) {
      fail(entry.row, result.errors);
      refused.add(entry.row);
    } else entry.data = result.row;
  }
  return refused;
}

/**
 * A batch's rows validated (no promise per row when the schema is synchronous) and keyed; a key seen
 * before in the file is refused as a duplicate. Answers the rows to look up and write.
 */
async function validateBatch(
  sheetRows: SheetRow[],
  resource: AnyResource,
  validate: Validate,
  keyOfCells: (values: Record<string, string>) => string | undefined,
  absent: string[] | undefined,
  seen: Set<string>,
  fail: Fail,
): Promise<{ valid: ValidRow[]; lookup: string[] }> {
  const spec = resource.import!;
  const valid: ValidRow[] = [];
  const lookup: string[] = [];
  for (const [index, { row, values }] of sheetRows.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await nextTurn();
    // No promise per row when the schema is synchronous (every one but an async test's).
    const result = validate(values) ?? (await validateRowAsync(spec.schema, values));
    const refusal = 'errors' in result ? result.errors : undefined;
    const data = 'errors' in result ? undefined : result.row;
    // Refused while the file lacks columns: its record's values may fill them (keepAbsent),
    // so it is matched by the key its cells give.
    const key = refusal ? (absent?.length ? keyOfCells(values) : undefined) : spec.keyOf(data);
    if (key === undefined) {
      fail(row, refusal!);
      continue;
    }
    if (seen.has(key)) fail(row, [format(IMPORT_MESSAGES.importDuplicate, { item: key })]);
    else lookup.push(key);
    seen.add(key);
    valid.push({ row, values, data, key, errors: refusal });
  }
  return { valid, lookup };
}

/** The ids of the stored rows whose natural key is one of `keys`, by key. */
async function existingIds(tx: Tx, resource: AnyResource, keys: string[]): Promise<Map<string, number>> {
  const spec = resource.import!;
  const { table } = resource;
  const existing = new Map<string, number>();
  if (keys.length) {
    const found = await tx
      .select({ id: table.id, key: spec.key })
      .from(table)
      .where(sql`${spec.key} = any(${sql.param(keys)}::text[])`);
    for (const { id, key } of found) existing.set(String(key), Number(id));
  }
  return existing;
}

/** A batch's valid rows mapped for storing: new ones inserted, matched ones updated; a refusal reported. */
function mapRows(
  valid: ValidRow[],
  refused: Set<number>,
  existing: Map<string, number>,
  row: (data: unknown, id: number | null) => { values: Values } | { errors: string[] },
  fail: Fail,
): { inserts: Values[]; updates: RecordUpdate[] } {
  const inserts: Values[] = [];
  const updates: RecordUpdate[] = [];
  for (const entry of valid) {
    if (refused.has(entry.row)) continue;
    const id = existing.get(entry.key) ?? null;
    const result = row(entry.data, id);
    if ('errors' in result) fail(entry.row, result.errors);
    else if (id === null) inserts.push(result.values);
    else updates.push({ id, values: result.values });
  }
  return { inserts, updates };
}

/**
 * Imports a sheet read in batches, in one transaction: each batch is validated with the shared Yup
 * schema, its natural keys looked up (rows whose key exists are updated, the others created, through
 * `insertRecords` / `updateRecords` like every write), and written while the next batch is read and
 * validated. Any bad row → 422 keyed by spreadsheet row, and the transaction rolls back: nothing is
 * stored (once a row is bad, later batches are still checked for the report but no longer written).
 * A file that updates existing rows also needs `updatePermission` (the route's guard checked only
 * the create one): 403 otherwise, and nothing is stored. `dryRun` writes every row the same way,
 * then rolls back and answers the counts.
 */
export async function importRows(
  resource: AnyResource,
  db: Db,
  batches: AsyncIterable<SheetRow[]>,
  ctx: WriteContext,
  updatePermission: string,
  dryRun = false,
): Promise<ImportCounts> {
  const spec = resource.import!;
  const { table } = resource;
  const { fail, report, failed } = refusalLog();
  const mayUpdate = hasPermission(ctx.user.permissions, updatePermission);
  const { validate, readKeys, keyOfCells } = rowValidation(resource);

  let checked: ImportCounts | undefined;
  try {
    return await db.transaction(async (tx) => {
      // The search indexes' entries merged a few times, not hundreds; foreign keys checked with
      // their kept plans (db/bulkWrite.ts).
      await startBulkWrite(tx);
      const prepared = await spec.prepare(tx, ctx);
      const seen = new Set<string>();
      const created: number[] = [];
      const updated: number[] = [];
      // Rows the file matched to existing ones: those not in `updated` already held its values.
      let matched = 0;
      // The batch being written while the next one is validated (one statement at a time on the
      // transaction's connection: the database writes while this process validates).
      let writing: Promise<void> = Promise.resolve();
      const write = async (inserts: Values[], updates: RecordUpdate[]) => {
        created.push(...(await insertRecords(tx, resource, inserts, ctx)));
        // A row already holding the file's values is left as it is (not stamped as changed now).
        updated.push(...(await updateRecords(tx, resource, updates, { ...ctx, skipUnchanged: true })));
      };

      // The import columns the file's header lacks (known from its first rows).
      let absent: string[] | undefined;

      for await (const sheetRows of batches) {
        // The file's header: every row has a value for each column it names.
        absent ??= sheetRows.length ? readKeys.filter((key) => !(key in sheetRows[0].values)) : undefined;
        const { valid, lookup } = await validateBatch(
          sheetRows,
          resource,
          validate,
          keyOfCells,
          absent,
          seen,
          fail,
        );

        const existing = await existingIds(tx, resource, lookup);
        if (existing.size && !mayUpdate) throw new HttpError(403, IMPORT_MESSAGES.importNeedsUpdate);
        if (existing.size) await prepared.existing?.([...existing.values()]);
        const refused =
          absent?.length && existing.size
            ? await keepAbsent(tx, resource, validate, absent, fail, valid, existing)
            : new Set<number>();
        // A refused row its record did not fill (a new one) keeps the schema's refusal.
        for (const { row, errors: refusal, data } of valid)
          if (refusal && data === undefined && !refused.has(row)) {
            fail(row, refusal);
            refused.add(row);
          }

        const { inserts, updates } = mapRows(valid, refused, existing, prepared.row, fail);
        await writing;
        if (!failed()) {
          matched += updates.length;
          writing = write(inserts, updates);
          // Awaited before the next write or the end; until then its failure must not go unhandled.
          writing.catch(() => undefined);
        }
      }
      await writing;
      if (failed()) throw new HttpError(422, IMPORT_MESSAGES.importInvalid, report());

      await prepared.after?.({ created, updated });
      // What the import left in the pending lists is merged now, not scanned by every search later.
      if (created.length || updated.length) await mergePendingLists(tx, table);
      const counts = {
        created: created.length,
        updated: updated.length,
        unchanged: matched - updated.length,
      };
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

/** The import route's OpenAPI description. */
const importSchema = (contract: AnyResource['contract']) => ({
  tags: [contract.group],
  summary: `Import ${contract.group} from CSV or XLSX`,
  description:
    'multipart/form-data with `file`. The header row names the columns (labels or keys, any case). ' +
    'Rows are matched to existing items by their natural key and updated (which needs the update ' +
    'permission as well: 403 otherwise); the rest are created. A column the file lacks keeps the ' +
    "matched items' current values (an empty cell empties its field). A matched row already holding the " +
    "file's values is left as it is and counted in `unchanged`, not `updated`. " +
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
        unchanged: Type.Integer({
          description:
            "Rows matched to existing items that already held the file's values (left as they are)",
        }),
        dry_run: Type.Optional(Type.Boolean()),
        import_id: Type.Optional(
          Type.String({
            description: 'The import, for `POST …/imports/{import_id}/undo` (not on a dry run)',
          }),
        ),
      }),
      message: Type.String(),
    }),
    ...errorResponses(413, 422),
  },
});

/** `POST /api/<group>/import` (store permission): multipart `file`, CSV or XLSX, all rows or none. */
export function importRoute(app: FastifyInstance, resource: AnyResource, base: string): void {
  const { contract } = resource;
  if (!resource.import)
    throw new Error(`${contract.group}: an importable contract needs the declaration's import`);
  app.post(
    `${base}/import`,
    {
      preValidation: app.requirePermission(can(contract, 'store')),
      schema: importSchema(contract),
    },
    async (request) => {
      const upload = await uploadedFile(request);
      const rows = sheetBatchesInWorker(
        upload.buffer,
        upload.filename,
        contract.sheet ?? [],
        app.sheetLimits,
      );
      const dryRun = (request.query as { dry_run?: string }).dry_run === 'true';
      // Every row's revision carries the import's id: `POST …/imports/{import_id}/undo` takes it back.
      const importId = randomUUID();
      const data = await importRows(
        resource,
        app.db,
        rows,
        { user: currentUser(request), importId },
        can(contract, 'update'),
        dryRun,
      );
      if (dryRun)
        return {
          data: { ...data, dry_run: true },
          message: format(IMPORT_MESSAGES.importChecked, { ...data }),
        };
      return { data: { ...data, import_id: importId }, message: success.imported(contract.item) };
    },
  );
}
