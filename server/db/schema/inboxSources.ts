import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { Source } from '../../../src/shared/resources/contactForms';
import { audit, timestamps } from './base';
import { replyTemplates } from './replyTemplates';

/**
 * The inbox's settings per website form (issue 38): the template of the acknowledgement mailed to
 * whoever sends a message from it (none: no acknowledgement). A source without a row has none.
 */
export const inboxSources = pgTable('inbox_sources', {
  source: text('source').$type<Source>().primaryKey(),
  // A template deleted later stops the acknowledgement rather than the message.
  acknowledgement_template_id: integer('acknowledgement_template_id').references(() => replyTemplates.id, {
    onDelete: 'set null',
  }),
  // The service level: a message from this form is due this many working days (Mon–Fri) after it
  // arrives (null: no due time).
  service_level_days: integer('service_level_days'),
  ...audit,
  ...timestamps,
});
