ALTER TABLE "files" DROP CONSTRAINT "files_kind_check";--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "service_request_id" uuid;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "custom_colors" text;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_service_request_id_unique" ON "bills" USING btree ("service_request_id");--> statement-breakpoint
CREATE INDEX "files_service_request_id_idx" ON "files" USING btree ("service_request_id");--> statement-breakpoint
CREATE INDEX "service_requests_open_list_idx" ON "service_requests" USING btree ("priority" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status in ('open', 'in_progress');--> statement-breakpoint
CREATE INDEX "service_requests_user_open_idx" ON "service_requests" USING btree ("user_id","request_type") WHERE status in ('open', 'in_progress');--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_check" CHECK (kind in ('quote_photo', 'chat_attachment', 'customer_image', 'installation_media', 'request_photo'));--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_color_check" CHECK ((request_type = 'ChangeColor') = (requested_color_scheme is not null));