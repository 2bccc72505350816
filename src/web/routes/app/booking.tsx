import { useSearchParams } from "react-router";
import { BookingPage } from "../../features/bookings/components/booking-page.tsx";

export function meta() {
	return [{ title: "Book Your Date | Buckeye Holiday Lights" }];
}

/** /app/booking: the install day; ?kind=takedown the takedown day. */
export default function Booking() {
	const [params] = useSearchParams();
	return <BookingPage kind={params.get("kind") === "takedown" ? "takedown" : "install"} />;
}
