DROP INDEX "marketing_quote_requests_status_created_idx";--> statement-breakpoint
DROP INDEX "quote_requests_status_created_idx";--> statement-breakpoint
CREATE INDEX "marketing_quote_requests_created_idx" ON "marketing_quote_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quote_requests_created_idx" ON "quote_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);