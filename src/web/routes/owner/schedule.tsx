import { mayOpen } from "../../features/auth/api.ts";
import { bookingQueries } from "../../features/bookings/api.ts";
import { OwnerSchedule } from "../../features/bookings/components/owner-schedule.tsx";
import { firstData } from "../../lib/first-data.ts";

export function meta() {
	return [{ title: "Schedule | Buckeye Holiday Lights" }];
}

/** This season's calendar, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = () =>
	firstData(mayOpen("owner"), (client) => [client.prefetchQuery(bookingQueries.calendar())]);

export default function Schedule() {
	return <OwnerSchedule />;
}
