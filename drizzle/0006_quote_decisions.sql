ALTER TABLE "marketing_quote_requests" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "marketing_quote_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketing_quote_requests" ADD CONSTRAINT "marketing_quote_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A website quote turned into a customer's account lives on as that customer's app quote: from
-- then on only the app quote counts, so the tiles count each quote once.
CREATE FUNCTION website_quote_dashboard_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_status text;
	new_status text;
BEGIN
	IF TG_OP <> 'INSERT' AND OLD.customer_user_id IS NULL THEN
		old_status := OLD.status;
	END IF;
	IF TG_OP <> 'DELETE' AND NEW.customer_user_id IS NULL THEN
		new_status := NEW.status;
	END IF;
	IF old_status IS NOT DISTINCT FROM new_status THEN
		RETURN NULL;
	END IF;
	UPDATE dashboard_counts SET count = count - 1
		WHERE name = CASE old_status WHEN 'pending' THEN 'pending_quotes' WHEN 'approved' THEN 'approved_quotes' END;
	UPDATE dashboard_counts SET count = count + 1
		WHERE name = CASE new_status WHEN 'pending' THEN 'pending_quotes' WHEN 'approved' THEN 'approved_quotes' END;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER marketing_quote_requests_dashboard_count ON marketing_quote_requests;
--> statement-breakpoint
CREATE TRIGGER marketing_quote_requests_dashboard_count AFTER INSERT OR UPDATE OF status, customer_user_id OR DELETE ON marketing_quote_requests
	FOR EACH ROW EXECUTE FUNCTION website_quote_dashboard_count();
--> statement-breakpoint
LOCK TABLE quote_requests, marketing_quote_requests IN SHARE MODE;
--> statement-breakpoint
UPDATE dashboard_counts SET count = CASE name
	WHEN 'pending_quotes' THEN (SELECT count(*) FROM quote_requests WHERE status = 'pending') + (SELECT count(*) FROM marketing_quote_requests WHERE status = 'pending' AND customer_user_id IS NULL)
	ELSE (SELECT count(*) FROM quote_requests WHERE status = 'approved') + (SELECT count(*) FROM marketing_quote_requests WHERE status = 'approved' AND customer_user_id IS NULL)
	END
	WHERE name IN ('pending_quotes', 'approved_quotes');
