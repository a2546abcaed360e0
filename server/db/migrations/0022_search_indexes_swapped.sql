-- Written by hand, after migration search_indexes_declared: that one (generated) built the search
-- indexes the tables now declare with `searchIndex()` (server/db/schema/indexes.ts), the same
-- definitions as the hand-written ones of migrations search_expressions, contact_forms_search,
-- content_search, audit_logs_append_only and products_search_filters, under the new names
-- `<table>_search_idx`.
-- This drops those old ones, so each search has one index again, and analyses the tables: the
-- planner's statistics of an expression index come from ANALYZE (autovacuum would not run one for a
-- new index, and PGlite has no autovacuum at all).
DROP INDEX IF EXISTS "products_search_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "brands_search_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "categories_search_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_search_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "contact_forms_search_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "news_search_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "promotions_search_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "product_articles_search_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_logs_search_trgm_idx";--> statement-breakpoint
ANALYZE "products";--> statement-breakpoint
ANALYZE "brands";--> statement-breakpoint
ANALYZE "categories";--> statement-breakpoint
ANALYZE "users";--> statement-breakpoint
ANALYZE "contact_forms";--> statement-breakpoint
ANALYZE "news";--> statement-breakpoint
ANALYZE "promotions";--> statement-breakpoint
ANALYZE "product_articles";--> statement-breakpoint
ANALYZE "audit_logs";
