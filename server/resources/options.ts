import { asc } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { OPTIONS_MAX } from '../../src/shared/limits';
import type { OptionItem } from '../../src/shared/resources/resource';
import type { Executor } from '../db/client';
import type { AnyResource } from './list';

/**
 * Every row of a resource as a select option (`{id, name[, status]}`), by name then id, at most
 * `OPTIONS_MAX`. Only the resource's own table is read: no joins, no counts.
 */
export async function optionItems(
  resource: AnyResource,
  label: PgColumn,
  db: Executor,
): Promise<OptionItem[]> {
  const { table, status } = resource;
  const rows = await db
    .select({ id: table.id, name: label, ...(status ? { status } : {}) })
    .from(table)
    .orderBy(asc(label), asc(table.id))
    .limit(OPTIONS_MAX);
  return rows as OptionItem[];
}
