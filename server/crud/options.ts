import { asc, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { OPTIONS_MAX } from '../../src/shared/limits';
import { optionReaderKeys, optionsPath } from '../../src/shared/resources/resource';
import { OptionItemSchema, type OptionItem } from '../../src/shared/resources/wire';
import type { Executor } from '../db/client';
import { bearer, errorResponses } from './openapi';
import type { AnyResource } from './resource';

/** The label (the contract's `titleField`) and status columns of a resource's options. */
function optionColumns(resource: AnyResource): { label: PgColumn; status?: PgColumn } {
  const columns = getTableColumns(resource.table);
  const label = columns[resource.contract.titleField];
  if (!label)
    throw new Error(`${resource.contract.group}: options need a ${resource.contract.titleField} column`);
  return { label, status: columns.status };
}

/**
 * Every row of a resource as a select option (`{id, name[, status]}`), by name then id, at most
 * `OPTIONS_MAX`. Only the resource's own table is read: no joins, no counts.
 */
export async function optionItems(resource: AnyResource, db: Executor): Promise<OptionItem[]> {
  const { table } = resource;
  const { label, status } = optionColumns(resource);
  const rows = await db
    .select({ id: table.id, name: label, ...(status ? { status } : {}) })
    .from(table)
    .orderBy(asc(label), asc(table.id))
    .limit(OPTIONS_MAX);
  return rows as OptionItem[];
}

/**
 * `GET /api/<group>/options` of a contract with `options`: open to the group's index key and every
 * key of its reader groups. A static segment: find-my-way matches it before `/:id`.
 */
export function optionsRoute(app: FastifyInstance, resource: AnyResource): void {
  const { contract } = resource;
  const keys = optionReaderKeys(contract);
  const { status } = optionColumns(resource);
  const item = contract.item.toLowerCase();
  app.get(
    optionsPath(contract),
    {
      preValidation: app.requireAnyPermission(keys),
      schema: {
        tags: [contract.group],
        summary: `Every ${item} as a select option`,
        description:
          `Every ${item} as \`{id, name${status ? ', status' : ''}}\`, ordered by name, ` +
          `not paged: for selects and list filters. At most ${OPTIONS_MAX} rows (the rest by name are left out). ` +
          `Open to holders of any of: ${keys.join(', ')}.`,
        security: bearer,
        response: { 200: Type.Object({ data: Type.Array(OptionItemSchema) }), ...errorResponses() },
      },
    },
    async () => ({ data: await optionItems(resource, app.db) }),
  );
}
