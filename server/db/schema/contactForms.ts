import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { ContactState, Source, SpamReason } from '../../../src/shared/resources/contactForms';
import { auditColumns, id, timestamptz } from './columns';
import { products } from './products';
import { users } from './users';
import { searchIndex } from './indexes';

/** Contact-form messages the website sends (`POST /public/v1/contact-forms`); staff change only state and note. */
export const contactForms = pgTable(
  'contact_forms',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone_number: text('phone_number'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    source: text('source').$type<Source>().notNull(),
    // A product deleted later leaves the message, without its product.
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    state: text('state').$type<ContactState>().notNull().default('new'),
    note: text('note'),
    // Why the public form filed it as Spam (empty: it did not; kept after "Not spam" to judge the rules).
    spam_reasons: text('spam_reasons').array().$type<SpamReason[]>().notNull().default([]),
    // sha256 (hex) of the normalised message text: "the same text sent again" reads its index.
    message_hash: text('message_hash'),
    // Who owns the message (a user who may read the inbox); a user deleted later leaves it unassigned.
    assignee_id: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    assigned_at: timestamptz('assigned_at'),
    // When it is due: its arrival plus its source's service level in working days (none: no due time).
    due_at: timestamptz('due_at'),
    ...auditColumns(),
  },
  // The search's index (its four text columns), one index per list filter and sort.
  (table) => [
    searchIndex([table.name, table.email, table.subject, table.message]),
    index('contact_forms_state_created_at_idx').on(table.state, table.created_at),
    index('contact_forms_source_idx').on(table.source),
    index('contact_forms_product_id_idx').on(table.product_id),
    index('contact_forms_created_at_idx').on(table.created_at),
    index('contact_forms_name_idx').on(table.name),
    index('contact_forms_subject_idx').on(table.subject),
    index('contact_forms_message_hash_idx').on(table.message_hash, table.created_at),
    // "Mine" and "Unassigned" (assignee_id is null) read this; "Overdue" and the due sort the next.
    index('contact_forms_assignee_id_idx').on(table.assignee_id, table.created_at),
    index('contact_forms_due_at_idx').on(table.due_at),
    // A person's data (Setting › Privacy) is found by address.
    index('contact_forms_email_lower_idx').on(sql`lower(${table.email})`),
  ],
);
