CREATE TABLE "inbox_block_list" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"addresses" text[] DEFAULT '{}' NOT NULL,
	"domains" text[] DEFAULT '{}' NOT NULL,
	"phrases" text[] DEFAULT '{}' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_block_list_one_row" CHECK ("inbox_block_list"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "contact_forms" ADD COLUMN "spam_reasons" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_forms" ADD COLUMN "message_hash" text;--> statement-breakpoint
CREATE INDEX "contact_forms_message_hash_idx" ON "contact_forms" USING btree ("message_hash","created_at");