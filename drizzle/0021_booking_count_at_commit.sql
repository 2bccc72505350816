-- A booking takes its day when its transaction commits, not when its row is written: the day's
-- row in crew_days is then locked only for the commit, so customers booking the same day wait
-- for each other's commits and not for each other's round trips to the server. The CHECK and the
-- closed day refuse the commit as they refused the write. A write that must know at once whether
-- the day took it (a late deposit payment, in a savepoint) sets the trigger IMMEDIATE first.
DROP TRIGGER bookings_count_day ON bookings;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bookings_count_day AFTER INSERT OR UPDATE OF day, status OR DELETE ON bookings
	DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION bookings_count_day();
