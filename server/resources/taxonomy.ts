import { asc, eq, inArray } from 'drizzle-orm';
import type { TObject } from '@sinclair/typebox';
import type { PublicRead } from '../crud/publicRead';
import { LABELS } from '../../src/shared/messages';
import { taxonomyImportRowSchema, type TaxonomyImportRow } from '../../src/shared/resources/taxonomy';
import type { brands, categories } from '../db/schema';
import type { ResourceImport } from '../crud/define';
import {
  auditCells,
  column,
  importedStatus,
  importKey,
  importNameClaims,
  importSlugErrors,
  slugWrite,
  statusCells,
  statusWrite,
  uniqueName,
} from '../crud/fields';
import type { TaxonomyItem } from '../repositories/taxonomy';

/**
 * The server half brands and categories share (see src/shared/resources/taxonomy.ts): what their
 * lists search, sort and filter by, their writers, spreadsheet cells and import (their select and
 * mapping: repositories/taxonomy.ts). Each declaration adds its table, its picture's writer and the
 * product column that refuses a delete while in use.
 */

type TaxonomyTable = typeof brands | typeof categories;

export const taxonomyList = (table: TaxonomyTable) => ({
  search: [table.name, table.slug],
  sort: {
    name: table.name,
    slug: table.slug,
    status: table.status,
    created_at: table.created_at,
    updated_at: table.updated_at,
  },
  filters: { status: (values: (0 | 1)[]) => inArray(table.status, values) },
});

/** The writers of a brand or category other than its picture. */
export const taxonomyWrite = (table: TaxonomyTable) => ({
  name: uniqueName(table.name, LABELS.name),
  ...slugWrite(table, 'name', LABELS.name),
  description: column(table.description),
  ...statusWrite(table),
});

export const taxonomyCells = (item: TaxonomyItem) => ({
  name: item.name,
  slug: item.slug,
  description: item.description,
  ...statusCells(item),
  ...auditCells(item),
});

/** Rows matched by slug (made from the name when empty); a re-import updates, never duplicates. */
export function taxonomyImport<T extends TaxonomyTable>(
  table: T,
  kind: string,
): ResourceImport<T, TaxonomyImportRow> {
  return {
    schema: taxonomyImportRowSchema,
    key: table.slug,
    keyOf: (row) => importKey(row.slug, row.name),
    prepare: async (tx) => {
      const claim = await importNameClaims(tx, table.name, LABELS.name, kind);
      return {
        row: (row, existingId) => {
          const slug = importKey(row.slug, row.name);
          const errors = importSlugErrors(slug, LABELS.name);
          const taken = claim(row.name, existingId, slug);
          if (taken) errors.push(taken);
          if (errors.length) return { errors };
          return {
            values: {
              name: row.name,
              slug,
              description: row.description,
              status: importedStatus(row.status),
            },
          };
        },
      };
    },
  };
}

/** What the website reads of brands and categories: the Active ones, by name. */
export const taxonomyPublicRead = (table: TaxonomyTable, wire: TObject): PublicRead => ({
  wire,
  published: () => eq(table.status, 1),
  slug: table.slug,
  order: [asc(table.name)],
});
