import type { SqlSession } from './session';

/** The schemas a backup holds: the product's tables, and drizzle's record of the migrations applied. */
export const BACKUP_SCHEMAS = ['public', 'drizzle'] as const;

export interface TableInfo {
  schema: string;
  name: string;
  /** Every column but generated ones (COPY writes those itself), in table order. */
  columns: string[];
  /** An integer `id` column (the dump reads PGlite's tables in ranges of it). */
  hasIntegerId: boolean;
}

export interface SequenceState {
  schema: string;
  name: string;
  last_value: string;
  is_called: boolean;
}

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;
export const qualified = (schema: string, name: string): string =>
  `${quoteIdent(schema)}.${quoteIdent(name)}`;

/**
 * The tables of the backed-up schemas, parents before the tables whose foreign keys name them (so
 * a restore loads each table after those it refers to).
 */
export async function listTables(session: SqlSession): Promise<TableInfo[]> {
  const tables = await session.query<{ oid: number; schema: string; name: string }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = any($1::text[])
      order by n.nspname, c.relname`,
    [BACKUP_SCHEMAS],
  );
  const columns = await session.query<{ oid: number; name: string; type: string }>(
    `select a.attrelid::int as oid, a.attname as name, format_type(a.atttypid, null) as type
       from pg_attribute a
      where a.attrelid = any($1::oid[]) and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attrelid, a.attnum`,
    [tables.map((table) => table.oid)],
  );
  const links = await session.query<{ child: number; parent: number }>(
    `select conrelid::int as child, confrelid::int as parent from pg_constraint
      where contype = 'f' and conrelid = any($1::oid[]) and conrelid <> confrelid`,
    [tables.map((table) => table.oid)],
  );
  const parents = new Map<number, Set<number>>(tables.map((table) => [table.oid, new Set<number>()]));
  for (const link of links) parents.get(link.child)?.add(link.parent);

  const ordered: TableInfo[] = [];
  const placed = new Set<number>();
  while (placed.size < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table.oid) && [...parents.get(table.oid)!].every((parent) => placed.has(parent)),
    );
    if (!ready.length) throw new Error('the tables refer to each other in a cycle: no order to load them in');
    for (const table of ready) {
      placed.add(table.oid);
      const own = columns.filter((column) => column.oid === table.oid);
      ordered.push({
        schema: table.schema,
        name: table.name,
        columns: own.map((column) => column.name),
        hasIntegerId: own.some(
          (column) => column.name === 'id' && /^(integer|bigint|smallint)$/.test(column.type),
        ),
      });
    }
  }
  return ordered;
}

/** Every sequence of the backed-up schemas and where it stands (identity columns' included). */
export async function readSequences(session: SqlSession): Promise<SequenceState[]> {
  const sequences = await session.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and n.nspname = any($1::text[])
      order by n.nspname, c.relname`,
    [BACKUP_SCHEMAS],
  );
  const states: SequenceState[] = [];
  for (const { schema, name } of sequences) {
    const [state] = await session.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from ${qualified(schema, name)}`,
    );
    states.push({ schema, name, ...state });
  }
  return states;
}
