-- The calendar's rules start at their defaults.
INSERT INTO season_settings (id) VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Keeps crew_days.booked equal to the bookings that take a place on each day (held, booked, done),
-- whoever writes them: a customer, the owner, a payment's webhook or a job. A day gets its row,
-- at its weekday's capacity, the first time it is booked; the CHECK crew_days_not_overbooked then
-- refuses any write that would put more houses on a day than its capacity, and a closed day takes
-- no new or moved booking (those already on it stay).
CREATE FUNCTION bookings_count_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_counts boolean := TG_OP <> 'INSERT' AND OLD.status IN ('held', 'booked', 'done');
	new_counts boolean := TG_OP <> 'DELETE' AND NEW.status IN ('held', 'booked', 'done');
	is_closed boolean;
BEGIN
	IF old_counts AND new_counts AND OLD.day = NEW.day THEN
		RETURN NULL;
	END IF;
	IF old_counts THEN
		UPDATE crew_days SET booked = booked - 1 WHERE day = OLD.day;
	END IF;
	IF new_counts THEN
		INSERT INTO crew_days (day, capacity)
			SELECT NEW.day, (s.weekday_capacity ->> extract(dow FROM NEW.day)::int)::smallint
			FROM season_settings s WHERE s.id = 1
			ON CONFLICT (day) DO NOTHING;
		UPDATE crew_days SET booked = booked + 1 WHERE day = NEW.day RETURNING closed INTO is_closed;
		IF is_closed THEN
			RAISE EXCEPTION 'crew day % is closed', NEW.day USING ERRCODE = 'P0001', HINT = 'crew_day_closed';
		END IF;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_count_day AFTER INSERT OR UPDATE OF day, status OR DELETE ON bookings
	FOR EACH ROW EXECUTE FUNCTION bookings_count_day();
