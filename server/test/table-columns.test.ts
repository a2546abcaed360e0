import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableColumns, is, SQL } from 'drizzle-orm';
import { getTableConfig, PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import type { Executor } from '../db/client';
import type { AnyResource } from '../crud/resource';
import { RESOURCES as DECLARED } from '../resources';

/**
 * A resource table's column nobody reads or writes is a drift between the layers: a field added to
 * the table and forgotten in the declaration, or left behind when a field was dropped. Every column
 * of a declared resource's table is read by its declaration's `select` (a selected field, or a
 * join's condition, as a file id is), or by the code `READ_ELSEWHERE` names (checked to name it).
 * Without a database: the selects are built, never run.
 */

const SERVER = path.resolve(__dirname, '..');

/** A resource table's columns its declaration's select does not read, and the file that reads each. */
const READ_ELSEWHERE: Record<string, string> = {
  'users.password_hash': 'repositories/users.ts', // the sign-in and password checks, never an answer
  'users.theme': 'repositories/users.ts', // the account's preferences
  'contact_forms.message_hash': 'inbox/spam.ts', // the repetition rule's lookup, never an answer
  'subscribes.confirm_token_hash': 'inbox/optIn.ts', // the confirmation link's token, hashed, never an answer
  'subscribes.confirm_expires_at': 'inbox/optIn.ts', // the link's end and the expiry job
  'subscribes.confirm_sent_at': 'inbox/optIn.ts', // the re-send limit
};

/** Every column a value of a select's config refers to: fields, nested objects, SQL, joins. */
function columnsIn(value: unknown): PgColumn[] {
  if (is(value, PgColumn)) return [value];
  if (is(value, SQL)) return value.queryChunks.flatMap(columnsIn);
  if (is(value, SQL.Aliased)) return columnsIn(value.sql);
  if (is(value, PgTable)) return [];
  if (Array.isArray(value)) return value.flatMap(columnsIn);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value).flatMap(columnsIn);
  return [];
}

/** The select builder's configuration (drizzle keeps it on the builder; nothing is sent). */
type SelectConfig = { fields: Record<string, unknown>; joins?: { on?: unknown }[] };

/** A database for building the declarations' selects, which are never run (drizzle's mock). */
const unconnected = drizzle.mock() as unknown as Executor;

describe("the tables' columns", () => {
  const resources = DECLARED.map((declaration) => declaration as unknown as AnyResource);

  it.each(resources.map((resource) => [getTableConfig(resource.table).name, resource] as const))(
    "%s: every column is read by the declaration's select (or by the code READ_ELSEWHERE names)",
    (table, resource) => {
      const { config } = resource.select(unconnected) as unknown as { config: SelectConfig };
      const read = new Set(columnsIn([config.fields, (config.joins ?? []).map((join) => join.on)]));
      const unread = Object.values(getTableColumns(resource.table))
        .filter((col) => !read.has(col))
        .map((col) => `${table}.${col.name}`);
      expect(unread.filter((name) => !READ_ELSEWHERE[name])).toEqual([]);
    },
  );

  it('READ_ELSEWHERE names only columns its files do read', () => {
    for (const [name, file] of Object.entries(READ_ELSEWHERE)) {
      const [table, column] = name.split('.');
      const source = readFileSync(path.join(SERVER, file), 'utf8');
      expect([name, new RegExp(`\\b${camel(table)}\\.${column}\\b`).test(source)]).toEqual([name, true]);
    }
  });
});

/** `users` → `users`, `audit_logs` → `auditLogs`: the schema's export of a table. */
function camel(table: string): string {
  return table.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}
