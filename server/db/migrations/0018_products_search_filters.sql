-- Added by hand (drizzle-kit emits neither extensions nor expression indexes with an operator class).
-- The product search index also holds the brand and category of each row (btree_gin gives integers a
-- GIN operator class): a list filtered by brand or category and searched is one GIN scan over all
-- three, whose fast scan lets the rare brand key skip through the long posting lists of a common
-- word's trigrams, instead of a BitmapAnd of the brand index and every row the word matches
-- (issue 11: status + two brands + 'lite' read 125 000 trigram matches to keep 5 000). A search
-- alone uses the same index as before (GIN answers any subset of its columns), so it replaces the
-- search-only index of migration search_expressions under its name. Status stays out: its posting
-- lists are two thirds of the table and slowed the scan down (bench/README.md). btree_gin is a
-- trusted extension (PostgreSQL 13+); PGlite must be opened with its bundle (db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("brand_id", "category_id", (coalesce("name", '') || E'\n' || coalesce("slug", '') || E'\n' || coalesce("model", '') || E'\n' || coalesce("other_brand", '')) gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
ANALYZE "products";
