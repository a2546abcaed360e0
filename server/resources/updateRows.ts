import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import type { ResourceTable, Values } from './define';

// Rows per statement: 500 rows of a wide table stay far below PostgreSQL's 65 535 parameters.
const CHUNK = 500;

export interface RowUpdate<T extends ResourceTable> {
  id: number;
  values: Values<T>;
}

/**
 * Updates many rows by id with a few `UPDATE … FROM (VALUES …)` statements instead of one statement
 * per row (an import that re-reads an exported file updates every row). Rows are grouped by the
 * columns they set; each value goes through its column's driver mapping and is cast to its column's
 * type; `updated_at` becomes the transaction's time unless a row sets it.
 */
export async function updateRows<T extends ResourceTable>(tx: Tx, table: T, updates: RowUpdate<T>[]) {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const groups = new Map<string, RowUpdate<T>[]>();
  for (const update of updates) {
    const keys = Object.keys(update.values)
      .filter((key) => (update.values as Record<string, unknown>)[key] !== undefined)
      .sort()
      .join(',');
    groups.set(keys, [...(groups.get(keys) ?? []), update]);
  }

  for (const [joined, rows] of groups) {
    const keys = joined ? joined.split(',') : [];
    const assignments: SQL[] = keys.map(
      (key) => sql`${sql.identifier(columns[key].name)} = v.${sql.identifier(columns[key].name)}`,
    );
    if (!keys.includes('updated_at')) assignments.push(sql`${sql.identifier(table.updated_at.name)} = now()`);
    const aliases = sql.join(
      [sql.identifier('id'), ...keys.map((key) => sql.identifier(columns[key].name))],
      sql`, `,
    );
    for (let start = 0; start < rows.length; start += CHUNK) {
      const tuples = rows.slice(start, start + CHUNK).map(({ id, values }) => {
        const cells = keys.map((key) => {
          const column = columns[key];
          const value = (values as Record<string, unknown>)[key];
          return sql`${sql.param(value, column)}::${sql.raw(column.getSQLType())}`;
        });
        return sql`(${sql.join([sql`${id}::integer`, ...cells], sql`, `)})`;
      });
      await tx.execute(
        sql`update ${table} set ${sql.join(assignments, sql`, `)}
            from (values ${sql.join(tuples, sql`, `)}) as v(${aliases})
            where ${table.id} = v.id`,
      );
    }
  }
}
