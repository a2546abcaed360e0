CREATE TABLE "inbox_sources" (
	"source" text PRIMARY KEY NOT NULL,
	"acknowledgement_template_id" integer,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_replies" ADD COLUMN "kind" text DEFAULT 'reply' NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_sources" ADD CONSTRAINT "inbox_sources_acknowledgement_template_id_reply_templates_id_fk" FOREIGN KEY ("acknowledgement_template_id") REFERENCES "public"."reply_templates"("id") ON DELETE set null ON UPDATE no action;