CREATE TABLE "contract_terms" (
	"version" integer PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_terms_version_check" CHECK (version >= 1)
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"quote_request_id" uuid NOT NULL,
	"season_id" text NOT NULL,
	"terms_version" integer NOT NULL,
	"signed_name" text NOT NULL,
	"account_name" text NOT NULL,
	"name_matches" boolean NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"document_hash" text NOT NULL,
	"pdf_sha256" text NOT NULL,
	"pdf_file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_quote_request_id_unique" UNIQUE("quote_request_id"),
	CONSTRAINT "contracts_season_check" CHECK (season_id ~ '^[0-9]{4}-[0-9]{2}$'),
	CONSTRAINT "contracts_total_check" CHECK (total_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_kind_check";--> statement-breakpoint
ALTER TABLE "contract_terms" ADD CONSTRAINT "contract_terms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_terms_version_contract_terms_version_fk" FOREIGN KEY ("terms_version") REFERENCES "public"."contract_terms"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_pdf_file_id_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_user_signed_idx" ON "contracts" USING btree ("user_id","signed_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_check" CHECK (kind in ('quote_photo', 'chat_attachment', 'customer_image', 'installation_media', 'request_photo', 'contract'));--> statement-breakpoint
-- A terms version and a signature are records: once written they are never changed.
CREATE FUNCTION "refuse_record_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% rows are never changed', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "contract_terms_unchanged" BEFORE UPDATE ON "contract_terms" FOR EACH ROW EXECUTE FUNCTION "refuse_record_change"();--> statement-breakpoint
CREATE TRIGGER "contracts_unchanged" BEFORE UPDATE ON "contracts" FOR EACH ROW EXECUTE FUNCTION "refuse_record_change"();
