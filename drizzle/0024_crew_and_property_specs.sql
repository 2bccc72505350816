CREATE TABLE "property_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_specs" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"roofline_feet" integer,
	"trees_small" smallint,
	"trees_medium" smallint,
	"trees_large" smallint,
	"outlet_locations" text,
	"timer_location" text,
	"gate_code" text,
	"ladder_needs" text,
	"pets" text,
	"notes" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_specs_roofline_check" CHECK (roofline_feet between 0 and 100000),
	CONSTRAINT "property_specs_trees_check" CHECK (trees_small between 0 and 1000 and trees_medium between 0 and 1000 and trees_large between 0 and 1000)
);
--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_role_check";--> statement-breakpoint
ALTER TABLE "crew_days" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "owner_invites" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "property_notes" ADD CONSTRAINT "property_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_notes" ADD CONSTRAINT "property_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_specs" ADD CONSTRAINT "property_specs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_specs" ADD CONSTRAINT "property_specs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_notes_customer_idx" ON "property_notes" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "owner_invites" ADD CONSTRAINT "owner_invites_role_check" CHECK (role in ('owner', 'crew'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_role_check" CHECK (role in ('customer', 'owner', 'crew'));