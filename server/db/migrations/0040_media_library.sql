CREATE INDEX "brands_logo_id_idx" ON "brands" USING btree ("logo_id") WHERE "brands"."logo_id" is not null;--> statement-breakpoint
CREATE INDEX "categories_image_id_idx" ON "categories" USING btree ("image_id") WHERE "categories"."image_id" is not null;--> statement-breakpoint
CREATE INDEX "files_created_at_idx" ON "files" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "files_name_idx" ON "files" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "files_size_idx" ON "files" USING btree ("size","id");--> statement-breakpoint
CREATE INDEX "files_kind_missing_alt_idx" ON "files" USING btree ("kind",(coalesce("alt", '') = ''));--> statement-breakpoint
CREATE INDEX "files_name_trgm_idx" ON "files" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_image_id_idx" ON "products" USING btree ("image_id") WHERE "products"."image_id" is not null;--> statement-breakpoint
CREATE INDEX "products_mobile_image_id_idx" ON "products" USING btree ("mobile_image_id") WHERE "products"."mobile_image_id" is not null;--> statement-breakpoint
CREATE INDEX "products_document_id_idx" ON "products" USING btree ("document_id") WHERE "products"."document_id" is not null;--> statement-breakpoint
CREATE INDEX "products_catalogue_id_idx" ON "products" USING btree ("catalogue_id") WHERE "products"."catalogue_id" is not null;--> statement-breakpoint
CREATE INDEX "users_photo_id_idx" ON "users" USING btree ("photo_id") WHERE "users"."photo_id" is not null;--> statement-breakpoint
CREATE INDEX "news_image_id_idx" ON "news" USING btree ("image_id") WHERE "news"."image_id" is not null;--> statement-breakpoint
CREATE INDEX "news_mobile_image_id_idx" ON "news" USING btree ("mobile_image_id") WHERE "news"."mobile_image_id" is not null;--> statement-breakpoint
CREATE INDEX "news_banner_id_idx" ON "news" USING btree ("banner_id") WHERE "news"."banner_id" is not null;--> statement-breakpoint
CREATE INDEX "product_articles_image_id_idx" ON "product_articles" USING btree ("image_id") WHERE "product_articles"."image_id" is not null;--> statement-breakpoint
CREATE INDEX "product_articles_mobile_image_id_idx" ON "product_articles" USING btree ("mobile_image_id") WHERE "product_articles"."mobile_image_id" is not null;--> statement-breakpoint
CREATE INDEX "product_highlights_image_id_idx" ON "product_highlights" USING btree ("image_id") WHERE "product_highlights"."image_id" is not null;--> statement-breakpoint
CREATE INDEX "product_highlights_mobile_image_id_idx" ON "product_highlights" USING btree ("mobile_image_id") WHERE "product_highlights"."mobile_image_id" is not null;--> statement-breakpoint
CREATE INDEX "promotions_banner_id_idx" ON "promotions" USING btree ("banner_id") WHERE "promotions"."banner_id" is not null;--> statement-breakpoint
CREATE INDEX "promotions_image_id_idx" ON "promotions" USING btree ("image_id") WHERE "promotions"."image_id" is not null;--> statement-breakpoint
CREATE INDEX "promotions_mobile_image_id_idx" ON "promotions" USING btree ("mobile_image_id") WHERE "promotions"."mobile_image_id" is not null;