-- Added by hand. The audit log is append-only in the database itself, whatever the code above it does:
-- * UPDATE is refused, except the one the foreign key makes when a user is deleted (actor_id set to
--   null, nothing else changed, from inside the foreign key's own trigger);
-- * DELETE is refused, except by the retention purge (server/security/audit.ts `purgeAuditLogs`),
--   which sets the transaction-local `audit_logs.purge_before` to its cut-off: only rows older than the
--   cut-off go, and a cut-off less than a day old is refused (no purge of recent entries);
-- * TRUNCATE is refused.
-- The search (actor name, actor e-mail, summary) is one trigram expression index, as 0008/0013 (keep
-- it in step with the declaration's `search:` list; test: search-indexes.test.ts).
CREATE INDEX "audit_logs_search_trgm_idx" ON "audit_logs" USING gin ((coalesce("actor_name", '') || E'\n' || coalesce("actor_email", '') || E'\n' || coalesce("summary", '')) gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE FUNCTION "audit_logs_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
CREATE TRIGGER "audit_logs_append_only_rows" BEFORE UPDATE OR DELETE ON "audit_logs" FOR EACH ROW EXECUTE FUNCTION "audit_logs_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_logs_no_truncate" BEFORE TRUNCATE ON "audit_logs" FOR EACH STATEMENT EXECUTE FUNCTION "audit_logs_append_only"();
