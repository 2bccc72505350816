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
import { notify, queueNoticeEmail } from "../notifications/notify.service.ts";
import { getCachedBusinessProfile } from "../settings/settings.service.ts";
import { bookingInvitation } from "./booking-ics.ts";

export type BookingNotice = "confirmed" | "moved" | "cancelled" | "needs_new_day";

/**
 * Tells the customer and the business what happened to a booking, queued in the transaction
 * that changed it.
 */
export async function sendBookingNotices(
	tx: Executor,
	deps: Pick<Deps, "env" | "mailer" | "readCache" | "secrets" | "events">,
	booking: typeof bookings.$inferSelect,
	notice: BookingNotice,
	fromDay?: string,
	/** Who made the change: the customer is not pushed about what they did themselves. */
	actorId?: string,
) {
	const [person] = await tx
		.select({
			customerId: customers.id,
			userId: customers.userId,
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
	const when = shortDay(booking.day);
	const push = {
		confirmed: {
			kind: "booking_confirmed",
			title: what === "install" ? "Install day booked" : "Takedown day booked",
			body: `Your ${what} is booked for ${when}.`,
		},
		moved: {
			kind: "booking_moved",
			title: `Your ${what} day moved`,
			body: `Your ${what} is now on ${when}.`,
		},
		cancelled: {
			kind: "booking_cancelled",
			title: `Your ${what} day was cancelled`,
			body: `The ${what} on ${when} is cancelled. Open the app to pick a new day.`,
		},
	} as const;
	if (notice === "needs_new_day")
		await notify(tx, deps, "owners", {
			kind: "booking_needs_new_day",
			title: "A booking needs a new day",
			body: `${person.name}'s ${what} day filled before the deposit came in.`,
			url: `/owner/schedule?day=${booking.day}`,
			tag: `booking-${booking.id}`,
		});
	else if (person.userId && actorId !== person.userId)
		await notify(tx, deps, person.userId, {
			...push[notice],
			url: "/app/booking",
			tag: `booking-${booking.id}`,
		});
	const customerEmailId = await queueNoticeEmail(
		tx,
		deps,
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
		{ audience: person.userId ? { userId: person.userId } : null, category: "schedule" },
	);
	await queueNoticeEmail(
		tx,
		deps,
		bookingBusinessEmail({
			customerName: person.name,
			what,
			notice,
			day: longDate(booking.day),
			fromDay: fromDay ? longDate(fromDay) : undefined,
			url: `${deps.env.APP_URL}/owner/schedule?day=${booking.day}`,
			business,
		}),
		{ audience: "business", category: "schedule" },
	);
	return customerEmailId;
}

/**
 * Tells the customer their install (or takedown) is done, queued in the transaction that marked
 * it: the one place this event is told, so other channels join here.
 */
export async function sendDoneNotice(
	tx: Executor,
	deps: Pick<Deps, "env" | "mailer" | "readCache" | "secrets" | "events">,
	booking: typeof bookings.$inferSelect,
	photos: number,
) {
	const [person] = await tx
		.select({
			userId: customers.userId,
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
	if (person.userId && booking.kind === "install")
		await notify(tx, deps, person.userId, {
			kind: "install_done",
			title: "Your lights are up",
			body: "The install is done. You can book your takedown day in the app.",
			url: "/app/booking",
			tag: `booking-${booking.id}`,
		});
	await queueNoticeEmail(
		tx,
		deps,
		bookingDoneEmail({
			to: person.loginEmail ?? person.email,
			name: recipientName({ name: person.name, emailVerified: person.emailVerified ?? false }),
			what: booking.kind,
			photos,
			url: `${deps.env.APP_URL}/app`,
			business,
		}),
		{ audience: person.userId ? { userId: person.userId } : null, category: "schedule" },
	);
}

/** "Tue, Dec 2": a day as a notification says it. */
const shortDay = (day: string) =>
	new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
		timeZone: "UTC",
		weekday: "short",
		month: "short",
		day: "numeric",
	});
