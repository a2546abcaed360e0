import { inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Ref } from '../../src/shared/resources/wire';
import type { Executor } from '../db/client';
import { users } from '../db/schema';

/** The audit columns a resource select carries (`auditColumns()` of its table). */
export interface AuditRow {
  created_at: Date;
  updated_at: Date;
  created_by: number | null;
  updated_by: number | null;
}

/** The audit group as the API answers it (src/shared/resources/fields.ts `auditGroup.wire`). */
export interface AuditWire {
  created_at: string;
  updated_at: string;
  created_by: Ref | null;
  updated_by: Ref | null;
}

/**
 * The audit fields of a page of rows, with the names of who created and last changed each, read in
 * one query for the whole page. A user deleted since reads as null.
 */
export async function auditOf(
  db: Executor,
  rows: readonly AuditRow[],
): Promise<(row: AuditRow) => AuditWire> {
  const ids = [...new Set(rows.flatMap((row) => [row.created_by, row.updated_by]))].filter(
    (id): id is number => id !== null,
  );
  const names = new Map<number, string>();
  if (ids.length) {
    const found = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, ids));
    for (const { id, name } of found) names.set(id, name);
  }
  const ref = (id: number | null): Ref | null => {
    const name = id === null ? undefined : names.get(id);
    return id !== null && name !== undefined ? { id, name } : null;
  };
  return (row) => ({
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: ref(row.created_by),
    updated_by: ref(row.updated_by),
  });
}

/** The audit columns of a table, for a select. */
type AuditKey = 'created_at' | 'updated_at' | 'created_by' | 'updated_by';

export const auditSelect = <T extends Record<AuditKey, PgColumn>>(table: T): Pick<T, AuditKey> => ({
  created_at: table.created_at,
  updated_at: table.updated_at,
  created_by: table.created_by,
  updated_by: table.updated_by,
});
