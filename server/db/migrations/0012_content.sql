CREATE TABLE "news" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"date" date NOT NULL,
	"summary" text,
	"description" text,
	"image_id" integer,
	"mobile_image_id" integer,
	"banner_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"meta_keyword" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "product_article_products" (
	"article_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "product_article_products_article_id_product_id_pk" PRIMARY KEY("article_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_articles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"date" date NOT NULL,
	"summary" text,
	"description_one" text,
	"description_two" text,
	"image_id" integer,
	"mobile_image_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"meta_keyword" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_articles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "product_highlights" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_highlights_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text,
	"link" text,
	"product_id" integer,
	"position" integer NOT NULL,
	"image_id" integer,
	"mobile_image_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"summary" text,
	"description" text,
	"link" text,
	"date" date NOT NULL,
	"end_date" date,
	"banner_id" integer,
	"image_id" integer,
	"mobile_image_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"meta_keyword" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "variants" jsonb;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_image_id_files_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_mobile_image_id_files_id_fk" FOREIGN KEY ("mobile_image_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_banner_id_files_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_article_products" ADD CONSTRAINT "product_article_products_article_id_product_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."product_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_article_products" ADD CONSTRAINT "product_article_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_articles" ADD CONSTRAINT "product_articles_image_id_files_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_articles" ADD CONSTRAINT "product_articles_mobile_image_id_files_id_fk" FOREIGN KEY ("mobile_image_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_highlights" ADD CONSTRAINT "product_highlights_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_highlights" ADD CONSTRAINT "product_highlights_image_id_files_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_highlights" ADD CONSTRAINT "product_highlights_mobile_image_id_files_id_fk" FOREIGN KEY ("mobile_image_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_banner_id_files_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_image_id_files_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_mobile_image_id_files_id_fk" FOREIGN KEY ("mobile_image_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_title_idx" ON "news" USING btree ("title");--> statement-breakpoint
CREATE INDEX "news_date_idx" ON "news" USING btree ("date");--> statement-breakpoint
CREATE INDEX "news_status_date_idx" ON "news" USING btree ("status","date");--> statement-breakpoint
CREATE INDEX "news_created_at_idx" ON "news" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "news_updated_at_idx" ON "news" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "product_article_products_product_id_idx" ON "product_article_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_articles_title_idx" ON "product_articles" USING btree ("title");--> statement-breakpoint
CREATE INDEX "product_articles_date_idx" ON "product_articles" USING btree ("date");--> statement-breakpoint
CREATE INDEX "product_articles_status_date_idx" ON "product_articles" USING btree ("status","date");--> statement-breakpoint
CREATE INDEX "product_articles_created_at_idx" ON "product_articles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "product_articles_updated_at_idx" ON "product_articles" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "product_highlights_position_idx" ON "product_highlights" USING btree ("position");--> statement-breakpoint
CREATE INDEX "product_highlights_title_idx" ON "product_highlights" USING btree ("title");--> statement-breakpoint
CREATE INDEX "product_highlights_product_id_idx" ON "product_highlights" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_highlights_status_idx" ON "product_highlights" USING btree ("status");--> statement-breakpoint
CREATE INDEX "product_highlights_created_at_idx" ON "product_highlights" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "product_highlights_updated_at_idx" ON "product_highlights" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "product_highlights_title_trgm_idx" ON "product_highlights" USING gin ("title" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "promotions_title_idx" ON "promotions" USING btree ("title");--> statement-breakpoint
CREATE INDEX "promotions_date_idx" ON "promotions" USING btree ("date");--> statement-breakpoint
CREATE INDEX "promotions_end_date_idx" ON "promotions" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "promotions_status_date_idx" ON "promotions" USING btree ("status","date");--> statement-breakpoint
CREATE INDEX "promotions_created_at_idx" ON "promotions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "promotions_updated_at_idx" ON "promotions" USING btree ("updated_at");