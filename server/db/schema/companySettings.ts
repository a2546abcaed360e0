import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { audit, timestamps } from './columns';
import { files } from './files';

/** The one company record (spec §3), created by the first save; the check keeps it to one row. */
export const companySettings = pgTable(
  'company_settings',
  {
    id: integer('id').primaryKey().default(1),
    logo_id: integer('logo_id').references(() => files.id, { onDelete: 'set null' }),
    youtube_link: text('youtube_link'),
    description: text('description'),
    office_phone_number: text('office_phone_number'),
    get_in_touch_description: text('get_in_touch_description'),
    iframe_address: text('iframe_address'),
    instagram_link: text('instagram_link'),
    facebook_link: text('facebook_link'),
    linkedin: text('linkedin'),
    address: text('address'),
    /** Where a new contact-form message is announced (issue 10); never served publicly. */
    notification_email: text('notification_email'),
    /** The IANA time zone a day starts in (issue 36); null: the server's own zone. */
    time_zone: text('time_zone'),
    ...audit,
    ...timestamps,
  },
  (table) => [check('company_settings_single_row', sql`${table.id} = 1`)],
);
