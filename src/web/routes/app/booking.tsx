import { useSearchParams } from "react-router";
import { mayOpen } from "../../features/auth/api.ts";
import { bookingQueries } from "../../features/bookings/api.ts";
import { BookingPage } from "../../features/bookings/components/booking-page.tsx";
import { firstData } from "../../lib/first-data.ts";

export function meta() {
	return [{ title: "Book Your Date | Buckeye Holiday Lights" }];
}

/** The customer's booking, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = () =>
	firstData(mayOpen("app"), (client) => [client.prefetchQuery(bookingQueries.myBookings())]);

/**
 * /app/booking: the install day; ?kind=takedown the takedown day; ?season=2027-28 that season's
 * alone (a renewal books next season's day beside this season's done one).
 */
export default function Booking() {
	const [params] = useSearchParams();
	return (
		<BookingPage
			kind={params.get("kind") === "takedown" ? "takedown" : "install"}
			season={params.get("season") ?? undefined}
		/>
	);
}
