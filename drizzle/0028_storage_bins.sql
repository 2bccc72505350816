CREATE SEQUENCE "public"."bin_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bin_scans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"n" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bin_scans_n_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bin_id" uuid NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"place" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bin_scans_to_state_check" CHECK (to_state in ('stored', 'pulled', 'loaded', 'at_house', 'returned', 'missing'))
);
--> statement-breakpoint
CREATE TABLE "bins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text DEFAULT ('BHL-' || lpad(nextval('bin_code_seq')::text, 4, '0')) NOT NULL,
	"customer_id" uuid NOT NULL,
	"contents" text NOT NULL,
	"state" text DEFAULT 'stored' NOT NULL,
	"location_id" uuid,
	"shelf" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bins_code_unique" UNIQUE("code"),
	CONSTRAINT "bins_state_check" CHECK (state in ('stored', 'pulled', 'loaded', 'at_house', 'returned', 'missing')),
	CONSTRAINT "bins_shelf_check" CHECK (shelf between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "storage_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"shelves" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_locations_shelves_check" CHECK (shelves between 1 and 50)
);
--> statement-breakpoint
ALTER TABLE "bin_scans" ADD CONSTRAINT "bin_scans_bin_id_bins_id_fk" FOREIGN KEY ("bin_id") REFERENCES "public"."bins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bin_scans" ADD CONSTRAINT "bin_scans_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bins" ADD CONSTRAINT "bins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bins" ADD CONSTRAINT "bins_location_id_storage_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."storage_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bin_scans_bin_idx" ON "bin_scans" USING btree ("bin_id","n");--> statement-breakpoint
CREATE INDEX "bins_customer_idx" ON "bins" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "bins_state_idx" ON "bins" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_locations_name_idx" ON "storage_locations" USING btree (lower(name));