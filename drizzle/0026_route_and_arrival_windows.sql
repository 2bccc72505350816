ALTER TABLE "bookings" ADD COLUMN "route_position" smallint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "arrival_start" smallint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "arrival_end" smallint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "arrival_sent_start" smallint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "arrival_sent_end" smallint;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_arrival_check" CHECK ((arrival_start is null and arrival_end is null) or (arrival_start >= 0 and arrival_start < arrival_end and arrival_end <= 1440));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_arrival_sent_check" CHECK ((arrival_sent_start is null) = (arrival_sent_end is null));