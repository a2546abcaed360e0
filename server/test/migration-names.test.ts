import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { createNativePglite } from './helper';

/**
 * Migration 0027 on a database that already holds names differing only in case (accepted before
 * issue 41): it keeps the oldest row's name, appends the id to the others', and then refuses a
 * new clash through the unique indexes it builds.
 */
const DIR = join(__dirname, '..', 'db', 'migrations');
const NAMES_MIGRATION = '0027_names_unique_whatever_case.sql';

async function run(db: PGlite, file: string): Promise<void> {
  for (const statement of readFileSync(join(DIR, file), 'utf8').split('--> statement-breakpoint'))
    if (statement.trim()) await db.exec(statement);
}

describe('migration 0027: names unique whatever their case', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await createNativePglite();
    const files = readdirSync(DIR)
      .filter((file) => file.endsWith('.sql'))
      .sort();
    for (const file of files.slice(0, files.indexOf(NAMES_MIGRATION))) await run(db, file);
  });
  afterAll(() => db.close());

  it('renames the younger of names that differ only in case, then refuses a new clash', async () => {
    for (const [table, names] of [
      ['brands', ['Kestrel Valves', 'KESTREL VALVES', 'kestrel valves', 'Harrier']],
      ['categories', ['Centrifugal Pumps', 'Centrifugal Pumps', 'Valves']],
    ] as const) {
      for (const [index, name] of names.entries())
        await db.query(`insert into ${table} (name, slug, status) values ($1, $2, 1)`, [
          name,
          `${table}-${index}`,
        ]);
    }
    await run(db, NAMES_MIGRATION);
    const names = async (table: string) =>
      (await db.query<{ id: number; name: string }>(`select id, name from ${table} order by id`)).rows.map(
        (row) => row.name.replace(String(row.id), '#'),
      );
    expect(await names('brands')).toEqual([
      'Kestrel Valves',
      'KESTREL VALVES (#)',
      'kestrel valves (#)',
      'Harrier',
    ]);
    expect(await names('categories')).toEqual(['Centrifugal Pumps', 'Centrifugal Pumps (#)', 'Valves']);
    await expect(
      db.query(`insert into brands (name, slug, status) values ('HARRIER', 'harrier-again', 1)`),
    ).rejects.toThrow(/brands_name_lower_idx/);
  });
});
