import { CalendarDays } from "lucide-react";
import { Link } from "react-router";
import { longDate } from "../../../../shared/bookings.ts";
import { arrivalLabel } from "../../../../shared/crew.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import { useMyBookings } from "../api.ts";

/**
 * Home's calendar card: once the contract is signed, Book Your Install Date; once the install is
 * done, Book Your Takedown Date; a booked day shows with Add to Calendar.
 */
export function HomeBookingCard() {
	const page = useMyBookings();
	if (!page.data) return null;
	const { bookings, canBook } = page.data;
	const install = bookings.find((b) => b.kind === "install");
	const takedown = bookings.find((b) => b.kind === "takedown");
	const showing = takedown ?? install;
	if (!showing && !canBook.install) return null;
	const offerTakedown = install?.status === "done" && !takedown && canBook.takedown;
	return (
		<Card>
			<CardHeader>
				<CardTitle className="flex items-center gap-2">
					<CalendarDays className="size-5 text-accent" aria-hidden /> Your dates
				</CardTitle>
				<CardDescription>
					{showing?.status === "booked"
						? `${showing.kind === "install" ? "Install" : "Takedown"} booked: ${longDate(showing.day)}${showing.arrival ? ` · Arrival ${arrivalLabel(showing.arrival)}` : ""}`
						: showing?.status === "held"
							? `${longDate(showing.day)} is held for you: pay the deposit to book it.`
							: showing?.status === "needs_new_day"
								? "Your install needs a new day."
								: offerTakedown
									? "Your lights are up. Pick the day we take them down."
									: "Pick the day our crew puts your lights up."}
				</CardDescription>
			</CardHeader>
			<CardContent className="flex flex-wrap gap-3">
				{offerTakedown ? (
					<Button asChild>
						<Link to="/app/booking?kind=takedown">Book Your Takedown Date</Link>
					</Button>
				) : !showing ? (
					<Button asChild>
						<Link to="/app/booking">Book Your Install Date</Link>
					</Button>
				) : (
					<Button asChild variant="outline">
						<Link to={showing.kind === "takedown" ? "/app/booking?kind=takedown" : "/app/booking"}>
							See your booking
						</Link>
					</Button>
				)}
				{showing?.status === "booked" ? (
					<Button asChild variant="outline">
						<a href={`/api/bookings/${showing.id}/calendar.ics`} download>
							Add to Calendar
						</a>
					</Button>
				) : null}
			</CardContent>
		</Card>
	);
}
