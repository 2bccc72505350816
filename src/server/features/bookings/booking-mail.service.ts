import { eq } from "drizzle-orm";
import { longDate } from "../../../shared/bookings.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { type bookings, customers, users } from "../../db/schema.ts";
import {
	bookingBusinessEmail,
	bookingCustomerEmail,
	bookingDoneEmail,
	recipientName,
} from "../email/templates.ts";
import { getCachedBusinessProfile } from "../settings/settings.service.ts";
import { bookingInvitation } from "./booking-ics.ts";

export type BookingNotice = "confirmed" | "moved" | "cancelled" | "needs_new_day";

/**
 * Tells the customer and the business what happened to a booking, queued in the transaction
 * that changed it.
 */
export async function sendBookingNotices(
	tx: Executor,
	deps: Pick<Deps, "env" | "mailer" | "readCache">,
	booking: typeof bookings.$inferSelect,
	notice: BookingNotice,
	fromDay?: string,
) {
	const [person] = await tx
		.select({
			customerId: customers.id,
			name: customers.name,
			email: customers.email,
			address: customers.address,
			city: customers.city,
			loginEmail: users.email,
			emailVerified: users.emailVerified,
		})
		.from(customers)
		.leftJoin(users, eq(users.id, customers.userId))
		.where(eq(customers.id, booking.customerId));
	if (!person) return;
	const business = await getCachedBusinessProfile({ db: tx, readCache: deps.readCache });
	const what = booking.kind === "install" ? "install" : "takedown";
	// The same event (UID) in every invitation, its sequence one higher with each change.
	const cancelled = notice === "cancelled";
	const invitation =
		notice === "needs_new_day"
			? undefined
			: {
					filename: "booking.ics",
					contentType: `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "REQUEST"}`,
					content: bookingInvitation({
						id: booking.id,
						kind: booking.kind,
						day: booking.day,
						sequence: booking.sequence,
						cancelled,
						address: [person.address, person.city].filter(Boolean).join(", ") || null,
						business,
						url: `${deps.env.APP_URL}/app/booking`,
					}),
				};
	await deps.mailer.enqueue(
		[
			bookingCustomerEmail({
				attachments: invitation ? [invitation] : undefined,
				to: person.loginEmail ?? person.email,
				name: recipientName({ name: person.name, emailVerified: person.emailVerified ?? false }),
				what,
				notice,
				day: longDate(booking.day),
				fromDay: fromDay ? longDate(fromDay) : undefined,
				url: `${deps.env.APP_URL}/app/booking`,
				business,
			}),
			bookingBusinessEmail({
				customerName: person.name,
				what,
				notice,
				day: longDate(booking.day),
				fromDay: fromDay ? longDate(fromDay) : undefined,
				url: `${deps.env.APP_URL}/owner/schedule?day=${booking.day}`,
				business,
			}),
		],
		tx,
	);
}

/**
 * Tells the customer their install (or takedown) is done, queued in the transaction that marked
 * it: the one place this event is told, so other channels join here.
 */
export async function sendDoneNotice(
	tx: Executor,
	deps: Pick<Deps, "env" | "mailer" | "readCache">,
	booking: typeof bookings.$inferSelect,
	photos: number,
) {
	const [person] = await tx
		.select({
			name: customers.name,
			email: customers.email,
			loginEmail: users.email,
			emailVerified: users.emailVerified,
		})
		.from(customers)
		.leftJoin(users, eq(users.id, customers.userId))
		.where(eq(customers.id, booking.customerId));
	if (!person) return;
	const business = await getCachedBusinessProfile({ db: tx, readCache: deps.readCache });
	await deps.mailer.enqueue(
		bookingDoneEmail({
			to: person.loginEmail ?? person.email,
			name: recipientName({ name: person.name, emailVerified: person.emailVerified ?? false }),
			what: booking.kind,
			photos,
			url: `${deps.env.APP_URL}/app`,
			business,
		}),
		tx,
	);
}
