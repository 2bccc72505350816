ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status_check";--> statement-breakpoint
-- Mail given up on before is tried again: the outbox now keeps retrying, an hour apart at most.
UPDATE "email_outbox" SET "status" = 'pending', "next_attempt_at" = now() WHERE "status" = 'failed';--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_check" CHECK (status in ('pending', 'sent'));
