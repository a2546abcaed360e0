import type { PgColumn } from 'drizzle-orm/pg-core';
import { statusLabel, type Status } from '../../src/shared/resources/catalog';
import {
  taxonomyImportRowSchema,
  type TaxonomyImportRow,
  type TaxonomyItem,
} from '../../src/shared/resources/taxonomy';
import type { Tx } from '../db/client';
import type { SlugTable } from '../repositories/catalog';
import { importedStatus, importKey, importSlugErrors, resolveSlug } from './catalog';
import type { ResourceImport, ResourceTable, Values } from './define';

/**
 * The server half brands and categories share (see src/shared/resources/taxonomy.ts): what their
 * lists search and sort by, their form values, spreadsheet cells and import (their select and
 * mapping: repositories/taxonomy.ts). Each declaration adds its table, its picture column and the
 * product column that refuses a delete while in use.
 */

type TaxonomyTable = ResourceTable & SlugTable & { status: PgColumn };

export const taxonomySearch = (table: TaxonomyTable): PgColumn[] => [table.name, table.slug];

export const taxonomySort = (table: TaxonomyTable) => ({
  name: table.name,
  slug: table.slug,
  status: table.status,
  created_at: table.created_at,
  updated_at: table.updated_at,
});

/** The columns of a brand or category form other than its picture (`id` is set on update). */
export const taxonomyValues = async (
  tx: Tx,
  table: TaxonomyTable,
  input: { name: string; slug: string; description: string | null; status: number },
  id?: number,
) => ({
  name: input.name,
  slug: await resolveSlug(tx, table, input, id),
  description: input.description,
  status: input.status as Status,
});

export const taxonomyCells = (item: TaxonomyItem) => ({
  name: item.name,
  slug: item.slug,
  description: item.description,
  status: statusLabel(item.status),
  created_at: item.created_at,
});

/** Rows matched by slug (made from the name when empty); a re-import updates, never duplicates. */
export function taxonomyImport<T extends TaxonomyTable>(table: T): ResourceImport<T, TaxonomyImportRow> {
  return {
    schema: taxonomyImportRowSchema,
    key: table.slug,
    keyOf: importKey,
    prepare: async () => ({
      row: (row) => {
        const slug = importKey(row);
        const errors = importSlugErrors(slug);
        if (errors.length) return { errors };
        const values = {
          name: row.name,
          slug,
          description: row.description,
          status: importedStatus(row.status),
        };
        // The columns every taxonomy table has; TypeScript cannot see them through the generic table.
        return { values: values as Values<T> };
      },
    }),
  };
}
