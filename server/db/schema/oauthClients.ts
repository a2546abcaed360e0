import { pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

export const oauthClients = pgTable('oauth_clients', {
  id: id(),
  name: text('name').notNull(),
  client_id: text('client_id').notNull().unique(),
  /** SHA-256 of the client secret. */
  secret_hash: text('secret_hash').notNull(),
  ...timestamps,
});
