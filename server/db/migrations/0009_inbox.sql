CREATE TABLE "contact_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"source" text NOT NULL,
	"product_id" integer,
	"state" text DEFAULT 'new' NOT NULL,
	"note" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscribes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"source" text NOT NULL,
	"state" text DEFAULT 'subscribed' NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"unsubscribe_token" text NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscribes_email_unique" UNIQUE("email"),
	CONSTRAINT "subscribes_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "notification_email" text;--> statement-breakpoint
ALTER TABLE "contact_forms" ADD CONSTRAINT "contact_forms_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_forms_state_created_at_idx" ON "contact_forms" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "contact_forms_source_idx" ON "contact_forms" USING btree ("source");--> statement-breakpoint
CREATE INDEX "contact_forms_product_id_idx" ON "contact_forms" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "contact_forms_created_at_idx" ON "contact_forms" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_forms_name_idx" ON "contact_forms" USING btree ("name");--> statement-breakpoint
CREATE INDEX "contact_forms_email_idx" ON "contact_forms" USING btree ("email");--> statement-breakpoint
CREATE INDEX "contact_forms_subject_idx" ON "contact_forms" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "contact_forms_name_trgm_idx" ON "contact_forms" USING gin ("name" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "contact_forms_email_trgm_idx" ON "contact_forms" USING gin ("email" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "contact_forms_subject_trgm_idx" ON "contact_forms" USING gin ("subject" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "contact_forms_message_trgm_idx" ON "contact_forms" USING gin ("message" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "subscribes_state_idx" ON "subscribes" USING btree ("state");--> statement-breakpoint
CREATE INDEX "subscribes_source_idx" ON "subscribes" USING btree ("source");--> statement-breakpoint
CREATE INDEX "subscribes_created_at_idx" ON "subscribes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "subscribes_email_trgm_idx" ON "subscribes" USING gin ("email" gin_trgm_ops) WITH (gin_pending_list_limit=64);