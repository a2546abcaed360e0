DROP INDEX "brands_name_trgm_idx";--> statement-breakpoint
DROP INDEX "brands_slug_trgm_idx";--> statement-breakpoint
DROP INDEX "categories_name_trgm_idx";--> statement-breakpoint
DROP INDEX "categories_slug_trgm_idx";--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_slug_trgm_idx";--> statement-breakpoint
DROP INDEX "products_model_trgm_idx";--> statement-breakpoint
DROP INDEX "products_other_brand_trgm_idx";--> statement-breakpoint
DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
DROP INDEX "users_phone_number_trgm_idx";--> statement-breakpoint
DROP INDEX "products_status_idx";--> statement-breakpoint
DROP INDEX "products_name_idx";--> statement-breakpoint
DROP INDEX "products_created_at_idx";--> statement-breakpoint
DROP INDEX "products_updated_at_idx";--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_updated_at_idx" ON "products" USING btree ("updated_at","id");