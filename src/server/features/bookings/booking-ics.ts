import { createEvent } from "ics";
import type { BookingKind } from "../../../shared/bookings.ts";
import { addDays } from "../../../shared/dates.ts";

const parts = (day: string) => day.split("-").map(Number) as [number, number, number];

/**
 * A booking as a calendar invitation (iCalendar, RFC 5545): an all-day event on the business date
 * (America/New_York, so no clock time to shift), with the booking's id as its UID and a sequence
 * that grows with each change, so a calendar updates the one event. A cancellation is METHOD:CANCEL.
 */
export function bookingInvitation(options: {
	id: string;
	kind: BookingKind;
	day: string;
	sequence: number;
	cancelled: boolean;
	address: string | null;
	business: { businessName: string; email: string; phone: string };
	url: string;
}): string {
	const { business } = options;
	const what = options.kind === "install" ? "Holiday lights install" : "Holiday lights takedown";
	const { error, value } = createEvent({
		productId: "buckeye-holiday-lights/booking",
		method: options.cancelled ? "CANCEL" : "REQUEST",
		uid: `${options.id}@buckeye-holiday-lights`,
		sequence: options.sequence,
		start: parts(options.day),
		end: parts(addDays(options.day, 1)),
		title: `${what} (${business.businessName})`,
		description: `${what} by ${business.businessName}. Questions: ${business.phone}.`,
		location: options.address ?? undefined,
		url: options.url,
		status: options.cancelled ? "CANCELLED" : "CONFIRMED",
		busyStatus: "FREE",
		organizer: { name: business.businessName, email: business.email },
	});
	if (error || !value) throw error ?? new Error("The calendar invitation could not be made");
	return value;
}
