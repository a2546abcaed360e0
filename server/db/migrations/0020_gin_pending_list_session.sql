-- Written by hand (drizzle-kit would drop and rebuild the indexes). The trigram indexes lose their own
-- gin_pending_list_limit, which overrode the session's: the app's connections set the setting (64 kB,
-- db/client.ts) and an import raises it for its own transaction, so a bulk write merges its search
-- entries in runs of up to 4 MB instead of 64 kB (server/db/ginPending.ts, bench/README.md).
ALTER INDEX "roles_name_trgm_idx" RESET (gin_pending_list_limit);--> statement-breakpoint
ALTER INDEX "pages_title_trgm_idx" RESET (gin_pending_list_limit);--> statement-breakpoint
ALTER INDEX "brands_search_trgm_idx" RESET (gin_pending_list_limit);--> statement-breakpoint
ALTER INDEX "categories_search_trgm_idx" RESET (gin_pending_list_limit);--> statement-breakpoint
ALTER INDEX "users_search_trgm_idx" RESET (gin_pending_list_limit);--> statement-breakpoint
ALTER INDEX "subscribes_email_trgm_idx" RESET (gin_pending_list_limit);--> statement-breakpoint
ALTER INDEX "contact_forms_search_trgm_idx" RESET (gin_pending_list_limit);--> statement-breakpoint
ALTER INDEX "product_highlights_title_trgm_idx" RESET (gin_pending_list_limit);--> statement-breakpoint
ALTER INDEX "news_search_trgm_idx" RESET (gin_pending_list_limit);--> statement-breakpoint
ALTER INDEX "promotions_search_trgm_idx" RESET (gin_pending_list_limit);--> statement-breakpoint
ALTER INDEX "product_articles_search_trgm_idx" RESET (gin_pending_list_limit);--> statement-breakpoint
ALTER INDEX "audit_logs_search_trgm_idx" RESET (gin_pending_list_limit);--> statement-breakpoint
ALTER INDEX "products_search_trgm_idx" RESET (gin_pending_list_limit);
