CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_subscriptions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"payment_method_id" text,
	"price_cents" integer NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" smallint,
	"card_exp_year" smallint,
	"next_charge_date" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_subscriptions_status_check" CHECK (status in ('active', 'cancelled')),
	CONSTRAINT "plan_subscriptions_provider_check" CHECK (provider in ('stripe', 'test')),
	CONSTRAINT "plan_subscriptions_price_check" CHECK (price_cents > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"provider_refund_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "bills" DROP CONSTRAINT "bills_status_check";--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "plan_month" date;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "payments_test_mode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_exp_month" smallint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_exp_year" smallint;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_subscriptions_due_idx" ON "plan_subscriptions" USING btree ("next_charge_date") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "plan_subscriptions_provider_id_unique" ON "plan_subscriptions" USING btree ("provider_subscription_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_id_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_plan_month_unique" ON "bills" USING btree ("user_id","plan_month");--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_per_bill" ON "payments" USING btree ("bill_id") WHERE status in ('pending', 'succeeded');--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_status_check" CHECK (status in ('pending', 'paid', 'refunded'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_check" CHECK (refunded_cents between 0 and amount_cents);