import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { accessTokens, tokenColumns } from './accessTokens';
import { id, timestamps, timestamptz } from './columns';

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    ...tokenColumns(),
    access_token_id: integer('access_token_id').references(() => accessTokens.id, { onDelete: 'set null' }),
    /** Set when the token was exchanged for a new one; presenting it again is reuse. */
    rotated_at: timestamptz('rotated_at'),
    ...timestamps,
  },
  (table) => [
    index('refresh_tokens_user_id_idx').on(table.user_id),
    index('refresh_tokens_family_id_idx').on(table.family_id),
  ],
);
