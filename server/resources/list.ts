import { and, asc, count, desc, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { InferType } from 'yup';
import { listQuerySchema, type ListResponse } from '../../src/shared/resources/resource';
import type { Executor } from '../db/client';
import { fieldError } from '../lib/httpError';
import { parseBody } from '../lib/validation';
import type { ResourceServer, ResourceTable } from './define';

// The machinery is generic over every declaration; its own type parameters do not matter here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyResource = ResourceServer<ResourceTable, PgSelect, any, any, any, any>;

export type ListQuery = InferType<ReturnType<typeof listQuerySchema>> & Record<string, unknown>;

/** `%` and `_` match literally in a search; `\` is LIKE's default escape. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The start of a calendar day (year 1 onwards: PostgreSQL has no year 0) plus `addDays`. */
const dayStart = (field: string, value: string, addDays = 0): Date => {
  const date = new Date(`${value}T00:00:00.000Z`);
  if (
    Number.isNaN(date.getTime()) ||
    date.toISOString().slice(0, 10) !== value ||
    date.getUTCFullYear() < 1
  ) {
    throw fieldError(field, `${field} is invalid`);
  }
  return new Date(date.getTime() + addDays * 86_400_000);
};

/**
 * Parses the list query with the contract's schema; a malformed one is a Yup 422. Everything that can
 * refuse is checked here, before an export starts streaming (a refusal then would cut the file short).
 */
export async function parseListQuery(resource: AnyResource, query: unknown): Promise<ListQuery> {
  const parsed: ListQuery = await parseBody(listQuerySchema(resource.contract), query);
  if (!Number.isSafeInteger(parsed.page * parsed.per_page)) throw fieldError('page', 'page is invalid');
  if (parsed.date_from) dayStart('date_from', parsed.date_from);
  if (parsed.date_to) dayStart('date_to', parsed.date_to, 1);
  return parsed;
}

const ids = (value: string): number[] => value.split(',').map(Number);

/** The where clause of a list (search, status, date range on created_at, the resource's filters). */
export function listWhere(resource: AnyResource, query: ListQuery): SQL | undefined {
  const { table } = resource;
  const parts: (SQL | undefined)[] = [];
  if (query.search && resource.search.length) {
    const pattern = likePattern(query.search);
    parts.push(or(...resource.search.map((column) => ilike(column, pattern))));
  }
  if (query.status && resource.status) parts.push(inArray(resource.status, ids(query.status)));
  if (query.date_from) parts.push(gte(table.created_at, dayStart('date_from', query.date_from)));
  // date_to is inclusive: everything before the next day's start.
  if (query.date_to) parts.push(lt(table.created_at, dayStart('date_to', query.date_to, 1)));
  for (const [name, condition] of Object.entries(resource.filters ?? {})) {
    const value = query[name];
    if (typeof value === 'string' && value) parts.push(condition(ids(value)));
  }
  return and(...parts);
}

/** The whitelisted sort, then id in the same direction so pages never overlap. */
export function listOrder(resource: AnyResource, query: ListQuery): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  return [direction(resource.sort[query.sort]), direction(resource.table.id)];
}

/** One page of the list and the total, with the same where clause. */
export async function listPage<Item>(
  resource: AnyResource,
  db: Executor,
  query: ListQuery,
): Promise<ListResponse<Item>> {
  const where = listWhere(resource, query);
  const rows = await resource
    .select(db)
    .where(where)
    .orderBy(...listOrder(resource, query))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [{ total }] = await db.select({ total: count() }).from(resource.table).where(where);
  return {
    data: (await resource.toItems(db, rows)) as Item[],
    meta: {
      current_page: query.page,
      per_page: query.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
    },
  };
}

const EXPORT_CHUNK = 500;

/**
 * Every item matching the list's filters and sort, one batch per database read (an export never
 * holds all rows). A batch is the unit the export writes and flushes downstream.
 */
export async function* itemBatches<Item>(
  resource: AnyResource,
  db: Executor,
  query: ListQuery,
): AsyncGenerator<Item[]> {
  const where = listWhere(resource, query);
  const order = listOrder(resource, query);
  for (let offset = 0; ; offset += EXPORT_CHUNK) {
    const rows = await resource
      .select(db)
      .where(where)
      .orderBy(...order)
      .limit(EXPORT_CHUNK)
      .offset(offset);
    const items = (await resource.toItems(db, rows)) as Item[];
    if (items.length) yield items;
    if (rows.length < EXPORT_CHUNK) return;
  }
}
