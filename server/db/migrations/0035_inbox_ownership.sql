ALTER TABLE "contact_forms" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "contact_forms" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_forms" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbox_sources" ADD COLUMN "service_level_days" integer;--> statement-breakpoint
ALTER TABLE "contact_forms" ADD CONSTRAINT "contact_forms_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_forms_assignee_id_idx" ON "contact_forms" USING btree ("assignee_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_forms_due_at_idx" ON "contact_forms" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "contact_forms_email_lower_idx" ON "contact_forms" USING btree (lower("email"));--> statement-breakpoint
-- Custom: a person's erasure (Setting › Privacy, server/inbox/privacy.ts) redacts the audit entries
-- naming their address: the one UPDATE besides the foreign key's that audit_logs lets through. The
-- transaction sets `audit_logs.erasing` to on; the entry keeps its id, time, kind, actor id, resource
-- and record; its summary becomes exactly 'Personal data erased' (ERASED_AUDIT_SUMMARY in
-- src/shared/resources/privacy.ts), its details empty, and its actor's name, e-mail and address
-- either stay or all go (the person erased was the actor).
CREATE OR REPLACE FUNCTION "audit_logs_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff timestamptz;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF pg_trigger_depth() > 1 AND OLD.actor_id IS NOT NULL AND NEW.actor_id IS NULL
      AND (NEW.id, NEW.created_at, NEW.kind, NEW.actor_name, NEW.actor_email, NEW.ip, NEW.resource,
           NEW.record_id, NEW.summary, NEW.details)
        IS NOT DISTINCT FROM
          (OLD.id, OLD.created_at, OLD.kind, OLD.actor_name, OLD.actor_email, OLD.ip, OLD.resource,
           OLD.record_id, OLD.summary, OLD.details)
    THEN
      RETURN NEW;
    END IF;
    IF current_setting('audit_logs.erasing', true) = 'on'
      AND (NEW.id, NEW.created_at, NEW.kind, NEW.actor_id, NEW.resource, NEW.record_id)
        IS NOT DISTINCT FROM (OLD.id, OLD.created_at, OLD.kind, OLD.actor_id, OLD.resource, OLD.record_id)
      AND NEW.summary = 'Personal data erased' AND NEW.details = '{}'::jsonb
      AND ((NEW.actor_name, NEW.actor_email, NEW.ip) IS NOT DISTINCT FROM (OLD.actor_name, OLD.actor_email, OLD.ip)
           OR (NEW.actor_name IS NULL AND NEW.actor_email IS NULL AND NEW.ip IS NULL))
    THEN
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'audit_logs is append-only: UPDATE refused' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN
    cutoff := nullif(current_setting('audit_logs.purge_before', true), '')::timestamptz;
    IF cutoff IS NOT NULL AND cutoff <= now() - interval '1 day' AND OLD.created_at < cutoff THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'audit_logs is append-only: DELETE refused' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
