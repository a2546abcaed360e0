import { getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * `(select count(*) from <child> where <child>.<column> = <parent>.id)`: how many rows refer to each
 * listed row, as a sortable expression. Both tables are spelled out: Drizzle leaves columns
 * unqualified in a single-table select, where a bare "id" would resolve to the child's own.
 */
export const referenceCount = (column: PgColumn, parent: PgTable) =>
  sql<number>`(select count(*) from ${column.table} where ${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)} = ${sql.identifier(getTableName(parent))}.${sql.identifier('id')})::int`;
