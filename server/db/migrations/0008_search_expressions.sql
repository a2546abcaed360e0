-- Added by hand (drizzle-kit does not emit expression indexes with an operator class): the list
-- search of a resource that searches several columns is one ILIKE on one expression, the columns
-- joined by a line break (`searchExpression` in server/crud/list.ts writes the same expression, so
-- the planner matches it to this index). One trigram condition whatever the number of columns,
-- instead of an OR over one index per column (which the planner priced badly at 1M rows, issue 11).
-- Keep each expression in step with the resource's `search:` list (test: search-indexes.test.ts).
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ((coalesce("name", '') || E'\n' || coalesce("slug", '') || E'\n' || coalesce("model", '') || E'\n' || coalesce("other_brand", '')) gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "brands_search_trgm_idx" ON "brands" USING gin ((coalesce("name", '') || E'\n' || coalesce("slug", '')) gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "categories_search_trgm_idx" ON "categories" USING gin ((coalesce("name", '') || E'\n' || coalesce("slug", '')) gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((coalesce("name", '') || E'\n' || coalesce("email", '') || E'\n' || coalesce("phone_number", '')) gin_trgm_ops) WITH (gin_pending_list_limit=64);
--> statement-breakpoint
-- The planner's statistics of an expression index come from ANALYZE; autovacuum would not run one
-- for a new index (no rows changed), and PGlite has no autovacuum at all.
ANALYZE "products";--> statement-breakpoint
ANALYZE "brands";--> statement-breakpoint
ANALYZE "categories";--> statement-breakpoint
ANALYZE "users";
