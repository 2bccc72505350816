CREATE TABLE "request_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_limits_window_start_idx" ON "request_limits" USING btree ("window_start");--> statement-breakpoint
-- The public forms' windows move to their own table; better-auth's keeps only its own rows.
DELETE FROM "rate_limits" WHERE "key" LIKE 'public:%';--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status_check";--> statement-breakpoint
-- Mail given up on before is tried again: the outbox now keeps retrying, an hour apart at most.
UPDATE "email_outbox" SET "status" = 'pending', "next_attempt_at" = now() WHERE "status" = 'failed';--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_check" CHECK (status in ('pending', 'sent'));
