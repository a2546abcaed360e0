import { pgTable, text } from 'drizzle-orm/pg-core';
import type { HttpMethod } from '../../../src/shared/permissions';
import { id, timestamps } from './columns';

export const permissions = pgTable('permissions', {
  id: id(),
  name: text('name').notNull().unique(),
  method: text('method').$type<HttpMethod>().notNull(),
  ...timestamps,
});
