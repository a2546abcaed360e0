CREATE TABLE "reply_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reply_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"slug" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reply_templates_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE INDEX "reply_templates_search_idx" ON "reply_templates" USING gin ((coalesce("title", '') || E'\n' || coalesce("slug", '') || E'\n' || coalesce("subject", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reply_templates_title_idx" ON "reply_templates" USING btree ("title");--> statement-breakpoint
CREATE INDEX "reply_templates_subject_idx" ON "reply_templates" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "reply_templates_status_idx" ON "reply_templates" USING btree ("status");--> statement-breakpoint
CREATE INDEX "reply_templates_created_at_idx" ON "reply_templates" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reply_templates_updated_at_idx" ON "reply_templates" USING btree ("updated_at");