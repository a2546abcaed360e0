ALTER TABLE "subscribes" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "subscribes" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscribes" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscribes" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscribes" ADD COLUMN "consent_ip" text;--> statement-breakpoint
ALTER TABLE "subscribes" ADD COLUMN "consent_wording" text;--> statement-breakpoint
ALTER TABLE "subscribes" ADD COLUMN "consent_note" text;--> statement-breakpoint
CREATE INDEX "subscribes_pending_expiry_idx" ON "subscribes" USING btree ("confirm_expires_at") WHERE "subscribes"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "subscribes" ADD CONSTRAINT "subscribes_confirm_token_hash_unique" UNIQUE("confirm_token_hash");--> statement-breakpoint
-- Subscribers from before double opt-in: kept as subscribed, their consent noted as unconfirmed.
UPDATE "subscribes" SET "consent_note" = 'Subscribed before double opt-in; no confirmation on record.' WHERE "consent_note" IS NULL;