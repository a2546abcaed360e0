import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FileObject } from '../../src/shared/resources/wire';
import type { Executor } from '../db/client';
import { brands, categories, files } from '../db/schema';
import type { TaxonomyItem } from '../../src/shared/resources/taxonomy';
import { auditOf, auditSelect } from './audit';
import { fileColumns, toFileObject } from './files';
import { referenceCount } from './referenceCount';

export type { TaxonomyItem };

/**
 * The repository brands and categories share (see src/shared/resources/taxonomy.ts): the select
 * every read starts from (list, show, export: add where/order/limit) and the row → item mapping.
 * `picture` is the one file column (a brand's `logo`, a category's `image`), `usedBy` the product
 * column counted as `products_count`.
 */
export function taxonomyRepository<Picture extends string>(
  table: typeof brands | typeof categories,
  picture: { key: Picture; column: PgColumn },
  usedBy: PgColumn,
) {
  const select = (db: Executor) =>
    db
      .select({
        id: table.id,
        name: table.name,
        slug: table.slug,
        description: table.description,
        status: table.status,
        products_count: referenceCount(usedBy, table),
        ...auditSelect(table),
        picture: fileColumns,
      })
      .from(table)
      .leftJoin(files, eq(files.id, picture.column))
      .$dynamic();

  type Row = Awaited<ReturnType<typeof select>>[number];
  type Item = TaxonomyItem & Record<Picture, FileObject | null>;

  const toItems = async (db: Executor, rows: Row[]): Promise<Item[]> => {
    const audit = await auditOf(db, rows);
    return rows.map((row) => {
      const item: TaxonomyItem = {
        id: row.id,
        name: row.name,
        slug: row.slug,
        description: row.description,
        status: row.status,
        products_count: row.products_count,
        ...audit(row),
      };
      // A computed key: TypeScript cannot see that it is `Picture` itself.
      return { ...item, [picture.key]: row.picture ? toFileObject(row.picture) : null } as Item;
    });
  };

  return { select, toItems };
}
