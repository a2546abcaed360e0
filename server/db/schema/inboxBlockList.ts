import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { audit, timestamps } from './base';

/**
 * The inbox's block list (Setting › Inbox, issue 38): a message from one of these addresses or
 * domains, or holding one of these phrases, is filed as Spam with the reason. One row (id 1);
 * none before the first save (an empty list).
 */
export const inboxBlockList = pgTable(
  'inbox_block_list',
  {
    id: integer('id').primaryKey().default(1),
    addresses: text('addresses').array().notNull().default([]),
    domains: text('domains').array().notNull().default([]),
    phrases: text('phrases').array().notNull().default([]),
    ...audit,
    ...timestamps,
  },
  (table) => [check('inbox_block_list_one_row', sql`${table.id} = 1`)],
);
