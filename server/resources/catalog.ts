import type { PgColumn } from 'drizzle-orm/pg-core';
import { LABELS, en, format, validation } from '../../src/shared/messages';
import { IMPORT_STATUS, type Status } from '../../src/shared/resources/catalog';
import type { Executor } from '../db/client';
import { fieldError, HttpError } from '../lib/httpError';
import { makeSlug } from '../lib/slug';
import { freeSlug, productsUsing, slugTaken, type SlugTable } from '../repositories/catalog';

/**
 * Rules the catalogue declarations (brands, categories, products) share: slugs, the in-use refusal,
 * imported statuses. File references are checked with `checkFile`/`fileOk` (repositories/files.ts).
 */

const slugTakenError = () => fieldError('slug', format(en.taken, { item: LABELS.slug }));
const slugFromNameError = () => fieldError('slug', format(en.slugFromName, { item: LABELS.slug }));

/**
 * The slug to store. A given one must be free (422 on `slug`); an empty one is made from the name,
 * with `-2`, `-3`, ... when another row has it already.
 */
export async function resolveSlug(
  db: Executor,
  table: SlugTable,
  input: { name: string; slug?: string | null },
  exceptId?: number,
): Promise<string> {
  if (input.slug) {
    if (await slugTaken(db, table, input.slug, exceptId)) throw slugTakenError();
    return input.slug;
  }
  const base = makeSlug(input.name);
  if (!base) throw slugFromNameError();
  return freeSlug(db, table, base, exceptId);
}

/** Starts the key of a row whose name makes no slug: '!' is never in a slug, so it matches no stored row. */
const NO_SLUG = '!';

/**
 * An imported row's natural key: its slug, or the one its name makes. A name that makes none gets a
 * key no slug can equal, and `importSlugErrors` reports the row.
 */
export const importKey = (row: { name: string; slug?: string | null }): string =>
  row.slug || makeSlug(row.name) || `${NO_SLUG}${row.name}`;

export const importSlugErrors = (key: string): string[] =>
  key.startsWith(NO_SLUG) ? [format(en.slugFromName, { item: LABELS.slug })] : [];

/** Collects '{label} is invalid' per field and throws them together as one 422. */
export class FieldErrors {
  private readonly errors: Record<string, string[]> = {};

  invalidUnless(ok: boolean, field: string, label: string): void {
    if (!ok) (this.errors[field] ??= []).push(validation.invalid(label));
  }

  throwIfAny(): void {
    const first = Object.values(this.errors)[0];
    if (first) throw new HttpError(422, first[0], this.errors);
  }
}

/** 409 'This brand is used by 3 products' when any product still names the brand or category. */
export async function refuseIfUsed(db: Executor, column: PgColumn, id: number, item: string): Promise<void> {
  const count = await productsUsing(db, column, id);
  if (count === 0) return;
  const subject = item.toLowerCase();
  throw new HttpError(
    409,
    count === 1
      ? format(en.inUseByOneProduct, { item: subject })
      : format(en.inUseByProducts, { item: subject, count }),
  );
}

export const importedStatus = (text: string): Status => IMPORT_STATUS[text.toLowerCase()];
