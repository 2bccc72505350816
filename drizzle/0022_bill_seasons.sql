-- The season of a business date: August 1 to July 31, named by its years ("2026-27"), as
-- seasonOf in src/shared/bookings.ts.
CREATE FUNCTION season_of(d date) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT to_char(d - interval '7 months', 'YYYY') || '-' || to_char(d + interval '5 months', 'YY')
$$;
--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "season_id" text DEFAULT season_of((now() at time zone 'America/New_York')::date) NOT NULL;
--> statement-breakpoint
-- Bills made before: a deposit takes its booking's season, an approved quote's bill the season of
-- the approval, any other the season it was made in.
UPDATE bills SET season_id = season_of((created_at at time zone 'America/New_York')::date);
--> statement-breakpoint
UPDATE bills b SET season_id = season_of((coalesce(q.decided_at, q.updated_at) at time zone 'America/New_York')::date)
	FROM quote_requests q WHERE q.id = b.quote_request_id;
--> statement-breakpoint
UPDATE bills b SET season_id = k.season_id FROM bookings k WHERE k.deposit_bill_id = b.id;
