CREATE TABLE "revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"resource" text NOT NULL,
	"record_id" integer NOT NULL,
	"action" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"snapshot" jsonb,
	"import_id" text
);
--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revisions_record_idx" ON "revisions" USING btree ("resource","record_id","id");--> statement-breakpoint
CREATE INDEX "revisions_trash_idx" ON "revisions" USING btree ("resource","id") WHERE "revisions"."action" = 'delete';--> statement-breakpoint
CREATE INDEX "revisions_import_idx" ON "revisions" USING btree ("import_id") WHERE "revisions"."import_id" is not null;