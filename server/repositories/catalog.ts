import { and, count, eq, getTableColumns, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { products } from '../db/schema';
import { firstFreeSlug } from '../lib/slug';

/** What the slug helpers need of a catalogue table (brands, categories, products). */
export type SlugTable = PgTable & { id: PgColumn; slug: PgColumn; name: PgColumn };

const except = (id: PgColumn, exceptId?: number): SQL | undefined =>
  exceptId === undefined ? undefined : ne(id, exceptId);

/** Whether a row with this id exists (a brand, a category, a role). */
export async function idExists(db: Executor, t: PgTable & { id: PgColumn }, id: number): Promise<boolean> {
  const rows = await db.select({ id: t.id }).from(t).where(eq(t.id, id)).limit(1);
  return rows.length > 0;
}

/** The id column of the table a column belongs to. */
const idOf = (col: PgColumn): PgColumn => getTableColumns(col.table).id;

/**
 * Whether another row (than `exceptId`) has this name in `col` whatever its case (a brand, a
 * category, a role: names staff pick from a list). Read by `lower(col)`'s index where there is one.
 */
export async function nameTaken(
  db: Executor,
  col: PgColumn,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: idOf(col) })
    .from(col.table)
    .where(and(sql`lower(${col}) = ${name.trim().toLowerCase()}`, except(idOf(col), exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether another row (than `exceptId`) has this slug in `col`. */
export async function slugTaken(
  db: Executor,
  col: PgColumn,
  slug: string,
  exceptId?: number,
): Promise<boolean> {
  const id = idOf(col);
  const rows = await db
    .select({ id })
    .from(col.table)
    .where(and(eq(col, slug), except(id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** `base`, or `base-2`, `base-3`, ... when taken by another row (a slug is a-z, 0-9 and dashes: no LIKE wildcards). */
export async function freeSlug(
  db: Executor,
  col: PgColumn,
  base: string,
  exceptId?: number,
): Promise<string> {
  const rows = await db
    .select({ slug: col })
    .from(col.table)
    .where(and(or(eq(col, base), like(col, `${base}-%`)), except(idOf(col), exceptId)));
  return firstFreeSlug(base, new Set(rows.map((row) => String(row.slug))));
}

/**
 * How many products use a brand or a category (`column` is `products.brand_id` or `.category_id`).
 * A delete runs this after locking the brand/category row (FOR UPDATE), which a product write
 * referencing it waits on (its foreign-key check takes FOR KEY SHARE), so none slips past the count.
 */
export async function productsUsing(db: Executor, column: PgColumn, id: number): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(products).where(eq(column, id));
  return total;
}

/** A brand or category as a product row names it in a sheet: by slug, or by name when that is unique. */
export interface RefLookup {
  /** The id, undefined when unknown or when the name is ambiguous. */
  find(text: string): number | undefined;
}

export async function refLookup(db: Executor, t: SlugTable): Promise<RefLookup> {
  const rows = await db.select({ id: t.id, slug: t.slug, name: t.name }).from(t);
  const bySlug = new Map<string, number>();
  const byName = new Map<string, number | null>();
  for (const row of rows) {
    const id = Number(row.id);
    bySlug.set(String(row.slug), id);
    const name = String(row.name).trim().toLowerCase();
    byName.set(name, byName.has(name) ? null : id);
  }
  return {
    find: (text) => {
      const key = text.trim().toLowerCase();
      return bySlug.get(key) ?? byName.get(key) ?? undefined;
    },
  };
}
