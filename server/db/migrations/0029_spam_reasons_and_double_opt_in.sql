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
ALTER TABLE "subscribes" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "subscribes" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscribes" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscribes" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscribes" ADD COLUMN "consent_ip" text;--> statement-breakpoint
ALTER TABLE "subscribes" ADD COLUMN "consent_wording" text;--> statement-breakpoint
ALTER TABLE "subscribes" ADD COLUMN "consent_note" text;--> statement-breakpoint
CREATE INDEX "contact_forms_message_hash_idx" ON "contact_forms" USING btree ("message_hash","created_at");--> statement-breakpoint
CREATE INDEX "subscribes_pending_expiry_idx" ON "subscribes" USING btree ("confirm_expires_at") WHERE "subscribes"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "subscribes" ADD CONSTRAINT "subscribes_confirm_token_hash_unique" UNIQUE("confirm_token_hash");--> statement-breakpoint
-- Subscribers from before double opt-in: kept as subscribed, their consent noted as unconfirmed.
UPDATE "subscribes" SET "consent_note" = 'Subscribed before double opt-in; no confirmation on record.' WHERE "consent_note" IS NULL;
