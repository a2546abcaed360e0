import { and, asc, count, desc, getTableColumns, gte, ilike, lt, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import {
  can,
  parseListQuery as readListQuery,
  type DateRangeValue,
  type ListQuery,
  type ListResponse,
} from '../../src/shared/resources/resource';
import { listAnswer } from '../../src/shared/resources/wire';
import type { Executor } from '../db/client';
import { HttpError } from '../lib/httpError';
import { errorResponses, listQueryDoc } from './openapi';
import type { AnyResource } from './resource';

/** `%` and `_` match literally in a search; `\` is LIKE's default escape. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Parses the list query against the contract (filters.ts); anything malformed is a 422 naming its
 * parameters. Everything that can refuse is checked here, before an export starts streaming (a
 * refusal then would cut the file short).
 */
export function parseListQuery(resource: AnyResource, raw: unknown): ListQuery {
  const { query, errors } = readListQuery(resource.contract, (raw ?? {}) as Record<string, unknown>);
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(422, first[0], errors);
  return query;
}

/** The column a date range filters on: the contract's `dateField` in the resource's own table. */
export function dateColumn(resource: AnyResource): PgColumn {
  const name = resource.contract.dateField ?? 'created_at';
  const col = getTableColumns(resource.table)[name];
  if (!col) throw new Error(`${resource.contract.group}: the table has no ${name} column (dateField)`);
  return col;
}

const DAY_MS = 86_400_000;

/**
 * A date range on a column. Both ends are inclusive days: a date column compares the days
 * themselves, a timestamp everything from the first day's start to before the day after the last.
 */
export function dateRangeCondition(col: PgColumn, range: DateRangeValue): SQL | undefined {
  if (col.getSQLType() === 'date') {
    return and(range.from ? gte(col, range.from) : undefined, range.to ? lte(col, range.to) : undefined);
  }
  const start = (day: string) => new Date(`${day}T00:00:00.000Z`);
  return and(
    range.from ? gte(col, start(range.from)) : undefined,
    range.to ? lt(col, new Date(start(range.to).getTime() + DAY_MS)) : undefined,
  );
}

/** The where clause of a list: the search, then each set filter by its kind. */
export function listWhere(resource: AnyResource, query: ListQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (query.search && resource.search.length) {
    const pattern = likePattern(query.search);
    parts.push(or(...resource.search.map((col) => ilike(col, pattern))));
  }
  for (const [name, filter] of Object.entries(resource.contract.filters)) {
    const value = query.filters[name];
    if (value === undefined) continue;
    if (filter.kind === 'dateRange')
      parts.push(dateRangeCondition(dateColumn(resource), value as DateRangeValue));
    else parts.push(resource.filters[name](value));
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
 * Every item matching the list's filters and sort, one database batch at a time (an export never
 * holds all rows; each batch becomes one chunk of the download).
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

/** `GET /api/<group>`: a page of the list (index permission). */
export function listRoute(app: FastifyInstance, resource: AnyResource, base: string): void {
  const { contract } = resource;
  app.get(
    base,
    {
      preValidation: app.requirePermission(can(contract, 'index')),
      schema: {
        tags: [contract.group],
        summary: `List ${contract.group}`,
        security: [{ bearer: [] }],
        querystring: listQueryDoc(contract),
        response: { 200: listAnswer(contract.wire), ...errorResponses(422) },
      },
    },
    async (request) => listPage(resource, app.db, parseListQuery(resource, request.query)),
  );
}
