import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { ListQuery, ResourceContract } from '../../src/shared/resources/resource';
import { HttpError } from '../lib/httpError';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client';
import type {
  Cell,
  FieldWriter,
  ResourceImport,
  ResourceTable,
  ServerResource,
  WriteContext,
} from './define';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

/**
 * A declaration as the machinery handles it: the routes only pass values between the declaration's
 * own parts, whose types were checked against each other where it was defined (`defineServerResource`).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the machinery is generic over every declaration */
export type AnyResource = Omit<
  ServerResource<ResourceContract, ResourceTable, PgSelect, any>,
  'write' | 'filters' | 'sort' | 'cells' | 'cellsSql' | 'import' | 'toItems' | 'beforeUpdate' | 'afterWrite'
> & {
  toItems: (db: Executor, rows: any) => Promise<unknown[]>;
  write: Record<string, FieldWriter<any, any>>;
  filters: Record<string, (value: any, query: ListQuery) => SQL | undefined>;
  sort: Record<string, SQLWrapper>;
  cells?: (item: any) => Record<string, Cell>;
  cellsSql?: Record<string, SQLWrapper>;
  import?: ResourceImport<ResourceTable, any>;
  beforeUpdate?: (tx: Tx, id: number, input: any, ctx: WriteContext) => Promise<void>;
  afterWrite?: (tx: Tx, id: number, input: any, ctx: WriteContext) => Promise<void>;
};
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Any declaration, as the registry lists them (`server/resources/index.ts`). */
export interface Declaration {
  readonly contract: ResourceContract;
}

export const notFound = (): HttpError => new HttpError(404, SERVER_MESSAGES.notFoundBody);

/** The `:id` of a route: a positive integer a row can have, else 404. */
export const idOf = (request: FastifyRequest): number => {
  const { id } = request.params as { id: string };
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2 ** 31 - 1) throw notFound();
  return Number(id);
};

/** One item as the API answers it, or 404. */
export async function loadItem(resource: AnyResource, db: Executor, id: number): Promise<unknown> {
  const rows = await resource.select(db).where(eq(resource.table.id, id)).limit(1);
  const [found] = await resource.toItems(db, rows);
  if (!found) throw notFound();
  return found;
}

const differ = (label: string, actual: readonly string[], expected: readonly string[]): string[] => {
  const extra = actual.filter((key) => !expected.includes(key));
  const missing = expected.filter((key) => !actual.includes(key));
  return [
    ...(extra.length ? [`${label} has ${extra.join(', ')} beyond the contract`] : []),
    ...(missing.length ? [`${label} lacks ${missing.join(', ')}`] : []),
  ];
};

/**
 * The declaration's maps name exactly the contract's sortable fields, filters (but the date range)
 * and writable fields. `tsc` catches a missing entry and an extra one written in place; this catches
 * an extra one that came in through a spread, at registration (so every API test and every start).
 */
export function checkDeclaration(resource: AnyResource): void {
  const { contract } = resource;
  const writable = [contract.input.create, contract.input.update].flatMap((schema) =>
    schema ? Object.keys(schema.fields).filter((key) => key !== 'updated_at') : [],
  );
  const problems = [
    ...differ('sort', Object.keys(resource.sort), contract.sortable),
    ...differ(
      'filters',
      Object.keys(resource.filters),
      Object.entries(contract.filters)
        .filter(([, filter]) => filter.kind !== 'dateRange')
        .map(([name]) => name),
    ),
    ...differ('write', Object.keys(resource.write), [...new Set(writable)]),
  ];
  if (problems.length) throw new Error(`${contract.group}: ${problems.join('; ')}`);
}
