import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FileObject } from '../../src/shared/contracts/account';
import type { TaxonomyItem } from '../../src/shared/resources/taxonomy';
import type { Executor } from '../db/client';
import { brands, categories, files } from '../db/schema';
import { fileColumns, toFileObject } from './files';
import { referenceCount } from './referenceCount';

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
        created_at: table.created_at,
        updated_at: table.updated_at,
        picture: fileColumns,
      })
      .from(table)
      .leftJoin(files, eq(files.id, picture.column))
      .$dynamic();

  type Row = Awaited<ReturnType<typeof select>>[number];
  type Item = TaxonomyItem & Record<Picture, FileObject | null>;

  const toItems = async (_db: Executor, rows: Row[]): Promise<Item[]> =>
    rows.map(({ picture: file, created_at, updated_at, ...row }) => {
      const item: TaxonomyItem = {
        ...row,
        created_at: created_at.toISOString(),
        updated_at: updated_at.toISOString(),
      };
      // A computed key: TypeScript cannot see that it is `Picture` itself.
      return { ...item, [picture.key]: file ? toFileObject(file) : null } as Item;
    });

  return { select, toItems };
}
