import { inArray } from 'drizzle-orm';
import { ValidationError } from 'yup';
import { en, format } from '../../src/shared/messages';
import { hasPermission } from '../../src/shared/permissions';
import type { Db } from '../db/client';
import { HttpError } from '../lib/httpError';
import { parseBody } from '../lib/validation';
import type { Values, WriteContext } from './define';
import type { AnyResource } from './list';
import type { SheetRow } from './sheet';
import { updateRows } from './updateRows';

const CHUNK = 500;
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
 * updated, the others created. Any bad row → 422 keyed by spreadsheet row, and nothing is stored.
 * A file that updates existing rows also needs `updatePermission` (the route's guard checked only
 * the create one): 403 otherwise, and nothing is stored.
 */
export async function importRows(
  resource: AnyResource,
  db: Db,
  sheetRows: SheetRow[],
  ctx: WriteContext,
  updatePermission: string,
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

  return db.transaction(async (tx) => {
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
    const inserts: Values<typeof table>[] = [];
    const updates: { id: number; values: Values<typeof table> }[] = [];
    for (const { row, data, key } of valid) {
      const id = existing.get(key) ?? null;
      const result = prepared.row(data, id);
      if ('errors' in result) fail(row, result.errors);
      else if (id === null)
        inserts.push({ ...result.values, created_by: ctx.user.id, updated_by: ctx.user.id });
      else updates.push({ id, values: { ...result.values, updated_by: ctx.user.id } });
    }
    if (Object.keys(errors).length) throw new HttpError(422, en.importInvalid, errors);

    const created: number[] = [];
    for (const batch of chunks(inserts)) {
      const rows = await tx.insert(table).values(batch).returning({ id: table.id });
      created.push(...rows.map((row) => Number(row.id)));
    }
    await updateRows(tx, table, updates);
    await prepared.after?.({ created, updated: updates.map((update) => update.id) });
    return { created: created.length, updated: updates.length };
  });
}
