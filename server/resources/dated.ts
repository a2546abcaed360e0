import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AnyResource } from '../crud/resource';

/**
 * Dated content (publish states): its go-live `date`, its `end_date` where it has one, and its
 * status; null for a resource without dates (product highlights, the catalogue). The dashboard's
 * week and the calendar read through these columns' indexes.
 */
export function datedColumns(
  resource: AnyResource,
): { date: PgColumn; end?: PgColumn; status: PgColumn } | null {
  const columns = resource.table as unknown as { date?: PgColumn; end_date?: PgColumn; status: PgColumn };
  return 'publish_states' in resource.contract.filters && columns.date
    ? { date: columns.date, end: columns.end_date, status: columns.status }
    : null;
}

/** The column a resource declares as its title (`contract.titleField`). */
export function titleColumn(resource: AnyResource): PgColumn {
  const { contract, table } = resource;
  return table[contract.titleField as keyof typeof table] as unknown as PgColumn;
}
