import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** Server-owned key/value settings (e.g. the generated SPA client). Not the company settings. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  ...timestamps,
});
