DROP INDEX "contact_forms_name_trgm_idx";--> statement-breakpoint
DROP INDEX "contact_forms_email_trgm_idx";--> statement-breakpoint
DROP INDEX "contact_forms_subject_trgm_idx";--> statement-breakpoint
DROP INDEX "contact_forms_message_trgm_idx";