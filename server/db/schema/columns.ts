import { date, integer, smallint, text } from 'drizzle-orm/pg-core';
import type { Status } from '../../../src/shared/contracts/account';
import { audit, timestamps } from './base';
import { files } from './files';

export { audit, id, timestamps, timestamptz } from './base';

/**
 * The table columns of the field groups (src/shared/resources/fields.ts), declared once and spread
 * into each table that has the group.
 */

/** A reference to an uploaded file; deleting the file clears it. */
export const fileRef = (name: string) => integer(name).references(() => files.id, { onDelete: 'set null' });

/** Status: 1 Active, 0 Not Active. */
export const statusColumns = () => ({
  status: smallint('status').$type<Status>().notNull().default(1),
});

/** SEO meta title, description and keyword. */
export const seoColumns = () => ({
  meta_title: text('meta_title'),
  meta_description: text('meta_description'),
  meta_keyword: text('meta_keyword'),
});

/** Who created and last changed the row, and when. */
export const auditColumns = () => ({ ...audit, ...timestamps });

/** An image and its mobile variant (the wire's `image`, `mobile_image`). */
export const imageColumns = () => ({
  image_id: fileRef('image_id'),
  mobile_image_id: fileRef('mobile_image_id'),
});

/** Lower-case a-z, 0-9 and dashes (the contract's pattern), unique; the natural key of import/export. */
export const slugColumns = () => ({ slug: text('slug').notNull().unique() });

/** A calendar day, read and written as `YYYY-MM-DD`. */
export const dayColumn = (name: string) => date(name, { mode: 'string' });
