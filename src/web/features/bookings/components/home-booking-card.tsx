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
import { useMyRenewal } from "../../renewals/api.ts";
import { useMyBookings } from "../api.ts";

/**
 * Home's calendar card: once the contract is signed, Book Your Install Date; once the install is
 * done, Book Your Takedown Date; a booked day shows with Add to Calendar. Once the customer has
 * renewed for next season, the card is that season's: its install day to book, then booked.
 */
export function HomeBookingCard() {
	const page = useMyBookings();
	const renewal = useMyRenewal();
	if (!page.data) return null;
	const renewed =
		renewal.data?.offer?.state === "accepted" ? renewal.data.offer.seasonId : undefined;
	const bookings = page.data.bookings.filter((b) => !renewed || b.seasonId === renewed);
	const canBook = renewed ? { install: true, takedown: false } : page.data.canBook;
	const bookingPath = (kind: "install" | "takedown") =>
		`/app/booking?${new URLSearchParams({
			...(kind === "takedown" ? { kind } : {}),
			...(renewed ? { season: renewed } : {}),
		})}`.replace(/\?$/, "");
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
									: renewed
										? `You renewed for ${renewed}. Pick the day our crew puts your lights up.`
										: "Pick the day our crew puts your lights up."}
				</CardDescription>
			</CardHeader>
			<CardContent className="flex flex-wrap gap-3">
				{offerTakedown ? (
					<Button asChild>
						<Link to={bookingPath("takedown")}>Book Your Takedown Date</Link>
					</Button>
				) : !showing ? (
					<Button asChild>
						<Link to={bookingPath("install")}>Book Your Install Date</Link>
					</Button>
				) : (
					<Button asChild variant="outline">
						<Link to={bookingPath(showing.kind)}>See your booking</Link>
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
