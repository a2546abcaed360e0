import type { PgColumn } from 'drizzle-orm/pg-core';
import { format } from '../../src/shared/messages';
import { CATALOGUE_MESSAGES } from '../../src/shared/messages/catalogue';
import type { Executor } from '../db/client';
import { HttpError } from '../lib/httpError';
import { productsUsing } from '../repositories/catalog';

/**
 * A rule the catalogue declarations share: a brand or category products still use stays. (Slugs,
 * files and imported statuses are field-group writers in crud/fields.ts.)
 */

/** 409 'This brand is used by 3 products' when any product still names the brand or category. */
export async function refuseIfUsed(db: Executor, column: PgColumn, id: number, item: string): Promise<void> {
  const count = await productsUsing(db, column, id);
  if (count === 0) return;
  const subject = item.toLowerCase();
  throw new HttpError(
    409,
    count === 1
      ? format(CATALOGUE_MESSAGES.inUseByOneProduct, { item: subject })
      : format(CATALOGUE_MESSAGES.inUseByProducts, { item: subject, count }),
  );
}
