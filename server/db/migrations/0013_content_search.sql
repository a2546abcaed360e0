-- Added by hand, as 0008_search_expressions: the search of news, promotions and product articles
-- (title, slug, meta title) is one ILIKE on the three columns joined by a line break
-- (`searchExpression` in server/crud/list.ts), answered by one trigram index on that expression.
-- Keep each in step with its declaration's `search:` list (test: search-indexes.test.ts).
CREATE INDEX "news_search_trgm_idx" ON "news" USING gin ((coalesce("title", '') || E'\n' || coalesce("slug", '') || E'\n' || coalesce("meta_title", '')) gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "promotions_search_trgm_idx" ON "promotions" USING gin ((coalesce("title", '') || E'\n' || coalesce("slug", '') || E'\n' || coalesce("meta_title", '')) gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "product_articles_search_trgm_idx" ON "product_articles" USING gin ((coalesce("title", '') || E'\n' || coalesce("slug", '') || E'\n' || coalesce("meta_title", '')) gin_trgm_ops) WITH (gin_pending_list_limit=64);
