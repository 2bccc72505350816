-- The owner's customer search: trigram index over one generated column (decision 015).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || email || ' ' || id_number::text || ' ' || coalesce(phone, '') || ' ' || translate(coalesce(phone, ''), '()-. +', '') || ' ' || coalesce(address, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);