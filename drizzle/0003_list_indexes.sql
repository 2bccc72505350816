DROP INDEX "bills_user_status_created_idx";--> statement-breakpoint
DROP INDEX "customers_created_at_idx";--> statement-breakpoint
DROP INDEX "leads_created_at_idx";--> statement-breakpoint
DROP INDEX "marketing_quote_requests_status_created_idx";--> statement-breakpoint
DROP INDEX "marketing_quote_requests_open_created_idx";--> statement-breakpoint
DROP INDEX "quote_requests_user_created_idx";--> statement-breakpoint
DROP INDEX "quote_requests_status_created_idx";--> statement-breakpoint
DROP INDEX "quote_requests_open_created_idx";--> statement-breakpoint
DROP INDEX "service_requests_user_created_idx";--> statement-breakpoint
DROP INDEX "service_requests_status_created_idx";--> statement-breakpoint
CREATE INDEX "bills_user_status_created_idx" ON "bills" USING btree ("user_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_created_at_idx" ON "customers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "marketing_quote_requests_status_created_idx" ON "marketing_quote_requests" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "marketing_quote_requests_open_created_idx" ON "marketing_quote_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status <> 'approved';--> statement-breakpoint
CREATE INDEX "quote_requests_user_created_idx" ON "quote_requests" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quote_requests_status_created_idx" ON "quote_requests" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quote_requests_open_created_idx" ON "quote_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status <> 'approved';--> statement-breakpoint
CREATE INDEX "service_requests_user_created_idx" ON "service_requests" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_requests_status_created_idx" ON "service_requests" USING btree ("status","created_at" DESC NULLS FIRST);