-- Added by hand, as 0008_search_expressions: the contact forms' list search is one ILIKE on its four
-- columns joined by a line break (`searchExpression` in server/crud/list.ts), answered by one
-- trigram index on that expression. Keep it in step with the declaration's `search:` list
-- (test: search-indexes.test.ts).
CREATE INDEX "contact_forms_search_trgm_idx" ON "contact_forms" USING gin ((coalesce("name", '') || E'\n' || coalesce("email", '') || E'\n' || coalesce("subject", '') || E'\n' || coalesce("message", '')) gin_trgm_ops) WITH (gin_pending_list_limit=64);
--> statement-breakpoint
ANALYZE "contact_forms";
