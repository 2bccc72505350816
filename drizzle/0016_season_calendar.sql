CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"season_id" text NOT NULL,
	"window_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"deposit_bill_id" uuid,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_kind_check" CHECK (kind in ('install', 'takedown')),
	CONSTRAINT "bookings_status_check" CHECK (status in ('held', 'booked', 'needs_new_day', 'done', 'cancelled', 'expired')),
	CONSTRAINT "bookings_hold_check" CHECK (status <> 'held' or hold_expires_at is not null)
);
--> statement-breakpoint
CREATE TABLE "crew_days" (
	"day" date PRIMARY KEY NOT NULL,
	"capacity" smallint NOT NULL,
	"booked" smallint DEFAULT 0 NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"capacity_set" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crew_days_capacity_check" CHECK (capacity between 0 and 100),
	CONSTRAINT "crew_days_not_overbooked" CHECK (booked between 0 and capacity)
);
--> statement-breakpoint
CREATE TABLE "season_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"weekday_capacity" jsonb DEFAULT '[0,4,4,4,4,4,4]'::jsonb NOT NULL,
	"deposit_percent" smallint DEFAULT 25 NOT NULL,
	"change_lock_days" smallint DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "season_settings_single_row" CHECK ("season_settings"."id" = 1),
	CONSTRAINT "season_settings_deposit_check" CHECK (deposit_percent between 0 and 100),
	CONSTRAINT "season_settings_lock_check" CHECK (change_lock_days between 0 and 60),
	CONSTRAINT "season_settings_weekdays_check" CHECK (jsonb_array_length(weekday_capacity) = 7)
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" text PRIMARY KEY NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_id_check" CHECK (id ~ '^[0-9]{4}-[0-9]{2}$'),
	CONSTRAINT "seasons_dates_check" CHECK (starts_on < ends_on)
);
--> statement-breakpoint
CREATE TABLE "service_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"season_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"price_adjust_pct" smallint DEFAULT 0 NOT NULL,
	"audience" text DEFAULT 'everyone' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_windows_kind_check" CHECK (kind in ('install', 'takedown')),
	CONSTRAINT "service_windows_audience_check" CHECK (audience in ('everyone', 'returning', 'new')),
	CONSTRAINT "service_windows_dates_check" CHECK (starts_on <= ends_on),
	CONSTRAINT "service_windows_adjust_check" CHECK (price_adjust_pct between -90 and 200)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_window_id_service_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."service_windows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_deposit_bill_id_bills_id_fk" FOREIGN KEY ("deposit_bill_id") REFERENCES "public"."bills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_windows" ADD CONSTRAINT "service_windows_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_active" ON "bookings" USING btree ("customer_id","season_id","kind") WHERE status in ('held', 'booked', 'needs_new_day', 'done');--> statement-breakpoint
CREATE INDEX "bookings_day_idx" ON "bookings" USING btree ("day");--> statement-breakpoint
CREATE INDEX "bookings_held_idx" ON "bookings" USING btree ("hold_expires_at") WHERE status = 'held';--> statement-breakpoint
CREATE INDEX "bookings_deposit_bill_idx" ON "bookings" USING btree ("deposit_bill_id");--> statement-breakpoint
CREATE INDEX "service_windows_season_idx" ON "service_windows" USING btree ("season_id","starts_on");