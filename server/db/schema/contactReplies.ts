import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { ReplyKind, ReplyState } from '../../../src/shared/resources/contactReplies';
import { id, timestamptz } from './base';
import { contactForms } from './contactForms';
import { users } from './users';

/**
 * Replies staff send to a contact message (issue 38): what was sent, by whom, when, and whether it
 * left. A reply is written once and never edited; its mail is a `contact-reply` job.
 */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: id(),
    /** A staff member's reply, or the automatic acknowledgement of the message's source. */
    kind: text('kind').$type<ReplyKind>().notNull().default('reply'),
    contact_form_id: integer('contact_form_id')
      .notNull()
      .references(() => contactForms.id, { onDelete: 'cascade' }),
    /** The recipient as it was when sent (the message's sender). */
    to_email: text('to_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The staff member who wrote it; their name is kept should the user be deleted later. */
    sent_by: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sender_name: text('sender_name').notNull(),
    state: text('state').$type<ReplyState>().notNull().default('queued'),
    /** The last failed try's reason (SMTP refused, timed out), kept while it is retried. */
    last_error: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    sent_at: timestamptz('sent_at'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('contact_replies_contact_form_id_idx').on(table.contact_form_id, table.created_at),
    // Each public contact submission asks whether its address was acknowledged in the last day
    // (server/inbox/sources.ts): an index scan of that address's few acknowledgements, not the table.
    index('contact_replies_acknowledged_idx')
      .on(table.to_email, table.created_at)
      .where(sql`${table.kind} = 'acknowledgement'`),
  ],
);
