CREATE TABLE "dashboard_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_counts_name_check" CHECK (name in ('pending_quotes', 'approved_quotes', 'active_customers', 'pending_requests'))
);
--> statement-breakpoint
-- Each trigger gets pairs of arguments: a status value and the count that rows with it add to.
CREATE FUNCTION dashboard_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	i int;
BEGIN
	IF TG_OP = 'UPDATE' THEN
		IF OLD.status IS NOT DISTINCT FROM NEW.status THEN
			RETURN NULL;
		END IF;
	END IF;
	FOR i IN 0 .. TG_NARGS / 2 - 1 LOOP
		IF TG_OP <> 'INSERT' THEN
			IF OLD.status = TG_ARGV[2 * i] THEN
				UPDATE dashboard_counts SET count = count - 1 WHERE name = TG_ARGV[2 * i + 1];
			END IF;
		END IF;
		IF TG_OP <> 'DELETE' THEN
			IF NEW.status = TG_ARGV[2 * i] THEN
				UPDATE dashboard_counts SET count = count + 1 WHERE name = TG_ARGV[2 * i + 1];
			END IF;
		END IF;
	END LOOP;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER quote_requests_dashboard_count AFTER INSERT OR UPDATE OF status OR DELETE ON quote_requests
	FOR EACH ROW EXECUTE FUNCTION dashboard_count('pending', 'pending_quotes', 'approved', 'approved_quotes');
--> statement-breakpoint
CREATE TRIGGER marketing_quote_requests_dashboard_count AFTER INSERT OR UPDATE OF status OR DELETE ON marketing_quote_requests
	FOR EACH ROW EXECUTE FUNCTION dashboard_count('pending', 'pending_quotes', 'approved', 'approved_quotes');
--> statement-breakpoint
CREATE TRIGGER customers_dashboard_count AFTER INSERT OR UPDATE OF status OR DELETE ON customers
	FOR EACH ROW EXECUTE FUNCTION dashboard_count('active', 'active_customers');
--> statement-breakpoint
CREATE TRIGGER service_requests_dashboard_count AFTER INSERT OR UPDATE OF status OR DELETE ON service_requests
	FOR EACH ROW EXECUTE FUNCTION dashboard_count('open', 'pending_requests', 'in_progress', 'pending_requests');
--> statement-breakpoint
-- Counting is blocked while the starting counts are taken, so none is missed or counted twice.
LOCK TABLE quote_requests, marketing_quote_requests, customers, service_requests IN SHARE MODE;
--> statement-breakpoint
INSERT INTO dashboard_counts (name, count) VALUES
	('pending_quotes', (SELECT count(*) FROM quote_requests WHERE status = 'pending') + (SELECT count(*) FROM marketing_quote_requests WHERE status = 'pending')),
	('approved_quotes', (SELECT count(*) FROM quote_requests WHERE status = 'approved') + (SELECT count(*) FROM marketing_quote_requests WHERE status = 'approved')),
	('active_customers', (SELECT count(*) FROM customers WHERE status = 'active')),
	('pending_requests', (SELECT count(*) FROM service_requests WHERE status IN ('open', 'in_progress')));
