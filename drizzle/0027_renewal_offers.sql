CREATE TABLE "renewal_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"from_season" text NOT NULL,
	"to_season" text NOT NULL,
	"source_quote_id" uuid,
	"lines" jsonb NOT NULL,
	"list_cents" integer NOT NULL,
	"discount_pct" smallint NOT NULL,
	"price_cents" integer NOT NULL,
	"last_terms_version" integer,
	"expires_on" date NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"decline_reason" text,
	"decided_at" timestamp with time zone,
	"quote_request_id" uuid,
	"contract_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewal_offers_status_check" CHECK (status in ('offered', 'accepted', 'declined')),
	CONSTRAINT "renewal_offers_money_check" CHECK (list_cents >= 0 and price_cents >= 0 and discount_pct between 0 and 90)
);
--> statement-breakpoint
ALTER TABLE "automation_sends" DROP CONSTRAINT "automation_sends_kind_check";--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "season_id" text;--> statement-breakpoint
ALTER TABLE "season_settings" ADD COLUMN "reinstall_discount_pct" smallint DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "season_settings" ADD COLUMN "renewal_opens_on" text DEFAULT '08-01' NOT NULL;--> statement-breakpoint
ALTER TABLE "season_settings" ADD COLUMN "renewal_valid_until" text DEFAULT '09-30' NOT NULL;--> statement-breakpoint
ALTER TABLE "renewal_offers" ADD CONSTRAINT "renewal_offers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_offers" ADD CONSTRAINT "renewal_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_offers" ADD CONSTRAINT "renewal_offers_source_quote_id_quote_requests_id_fk" FOREIGN KEY ("source_quote_id") REFERENCES "public"."quote_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_offers" ADD CONSTRAINT "renewal_offers_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_offers" ADD CONSTRAINT "renewal_offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_offers_once" ON "renewal_offers" USING btree ("customer_id","to_season");--> statement-breakpoint
CREATE INDEX "renewal_offers_season_idx" ON "renewal_offers" USING btree ("to_season","status");--> statement-breakpoint
CREATE INDEX "renewal_offers_user_idx" ON "renewal_offers" USING btree ("user_id","to_season");--> statement-breakpoint
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_kind_check" CHECK (kind in ('install_reminder', 'takedown_reminder', 'bill_due', 'bill_overdue_7', 'bill_overdue_14', 'quote_follow_up', 'review_request', 'renewal_offer', 'renewal_reminder'));--> statement-breakpoint
ALTER TABLE "season_settings" ADD CONSTRAINT "season_settings_discount_check" CHECK (reinstall_discount_pct between 0 and 90);--> statement-breakpoint
ALTER TABLE "season_settings" ADD CONSTRAINT "season_settings_renewal_dates_check" CHECK (renewal_opens_on ~ '^[0-9]{2}-[0-9]{2}$' and renewal_valid_until ~ '^[0-9]{2}-[0-9]{2}$');