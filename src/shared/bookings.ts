import { arrivalSchema } from "./crew.ts";
import { dateFormat } from "./dates.ts";
import { z } from "./zod.ts";

/** What a booking is for: putting the lights up, or taking them down. */
export const BOOKING_KINDS = ["install", "takedown"] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

/**
 * held: the day is kept for an unpaid deposit until `holdExpiresAt`; booked: the day is the
 * customer's; needs_new_day: a deposit paid after its hold ran out found the day full; done: the
 * crew finished; cancelled and expired bookings keep no day.
 */
export const BOOKING_STATUSES = [
	"held",
	"booked",
	"needs_new_day",
	"done",
	"cancelled",
	"expired",
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
	held: "Held",
	booked: "Booked",
	needs_new_day: "Needs a new day",
	done: "Done",
	cancelled: "Cancelled",
	expired: "Expired",
};

export const BOOKING_KIND_LABELS: Record<BookingKind, string> = {
	install: "Install",
	takedown: "Takedown",
};

/** Who may book a window. */
export const WINDOW_AUDIENCES = ["everyone", "returning", "new"] as const;
export type WindowAudience = (typeof WINDOW_AUDIENCES)[number];
export const WINDOW_AUDIENCE_LABELS: Record<WindowAudience, string> = {
	everyone: "Everyone",
	returning: "Returning customers",
	new: "New customers",
};

/** A day as a customer sees it: never a count. */
export const DAY_STATES = ["open", "few", "full", "closed"] as const;
export type DayState = (typeof DAY_STATES)[number];
export const DAY_STATE_LABELS: Record<DayState, string> = {
	open: "Open",
	few: "Few left",
	full: "Full",
	closed: "Closed",
};
/** A day with this many places or fewer left shows "Few left". */
export const FEW_LEFT = 2;

/** An unpaid hold keeps its day this long (Stripe's checkout lasts at least 30 minutes). */
export const HOLD_MINUTES = 35;

export const BOOKING_MESSAGES = {
	dayFull: "That day is full",
	dayClosed: "That day is closed",
	alreadyBooked: "You already have a booking for this season: move it instead",
	notFound: "Booking not found",
	notSigned: "Sign your contract before booking a date",
	noQuote: "Your quote must be approved before booking a date",
	installFirst: "Your takedown can be booked once your install is done",
	locked: (days: number) =>
		`Your date is less than ${days + 1} days away: please call or chat with us to change it`,
	past: "That day has passed",
	outsideWindow: "That day is not in the window",
	windowNotFound: "Window not found",
	notForYou: "This window is not open to your account",
	holdExpired: "Your hold on that day ran out: please pick a day again",
	capacityBelowBooked: (booked: number) =>
		`Capacity cannot be less than the ${booked} houses already booked`,
	notActive: "This booking is no longer active",
	amountRefused: "Amounts are set by the business, not sent with a booking",
	moveMissing: (missing: number) =>
		`Nothing was moved: ${missing} ${missing === 1 ? "place is" : "places are"} missing. Raise a day's capacity or pick another day.`,
	moveChanged: "The day's bookings changed meanwhile: preview the move again",
	moveSameDay: "Pick another day than the one being moved",
	nothingToMove: "No booked houses on this day to move",
} as const;

// ---------------------------------------------------------------- dates

const isoDateSchema = z
	.string("Enter a date as YYYY-MM-DD")
	.regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD")
	.refine((v) => {
		const [y, m, d] = v.split("-").map(Number) as [number, number, number];
		const date = new Date(Date.UTC(y, m - 1, d));
		return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
	}, "That is not a date on the calendar");
export const dateSchema = isoDateSchema;

const utc = (iso: string) => {
	const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
	return Date.UTC(y, m - 1, d);
};
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (both business dates): 1 for tomorrow. */
export function daysBetween(from: string, to: string): number {
	return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** 0 for Sunday to 6 for Saturday. */
export const weekdayOf = (day: string) => new Date(utc(day)).getUTCDay();

/** Thanksgiving: the fourth Thursday of November. */
function thanksgiving(year: number): string {
	const first = new Date(Date.UTC(year, 10, 1)).getUTCDay();
	const firstThursday = 1 + ((4 - first + 7) % 7);
	return iso(Date.UTC(year, 10, firstThursday + 21));
}

/** A season's name, like "2026-27". */
export const seasonIdSchema = z.string().regex(/^\d{4}-\d{2}$/, "A season is named like 2026-27");

/** The season a business date is in: "2026-27" from August 1, 2026 to July 31, 2027. */
export function seasonOf(day: string): string {
	const [y, m] = day.split("-").map(Number) as [number, number];
	const start = m >= 8 ? y : y - 1;
	return seasonName(start);
}
export const seasonName = (startYear: number) =>
	`${startYear}-${String((startYear + 1) % 100).padStart(2, "0")}`;
export const seasonStartYear = (season: string) => Number(season.slice(0, 4));

/** The windows a fresh season starts with; the owner edits them in Settings. */
export function defaultWindows(season: string) {
	const y = seasonStartYear(season);
	const tg = thanksgiving(y);
	return [
		{ name: "Early Bird", kind: "install", startsOn: `${y}-10-15`, endsOn: `${y}-10-31` },
		{ name: "Prime", kind: "install", startsOn: `${y}-11-01`, endsOn: tg },
		{ name: "Late", kind: "install", startsOn: iso(utc(tg) + 86_400_000), endsOn: `${y}-12-15` },
		{ name: "Takedown", kind: "takedown", startsOn: `${y + 1}-01-02`, endsOn: `${y + 1}-02-15` },
	] as const satisfies readonly {
		name: string;
		kind: BookingKind;
		startsOn: string;
		endsOn: string;
	}[];
}

/** "Tuesday, December 1" for a business date. */
export function longDate(day: string): string {
	return dateFormat({ timeZone: "UTC", weekday: "long", month: "long", day: "numeric" }).format(
		utc(day),
	);
}

// ---------------------------------------------------------------- API shapes

export const windowSchema = z.object({
	id: z.uuid(),
	seasonId: z.string(),
	name: z.string(),
	kind: z.enum(BOOKING_KINDS),
	startsOn: z.string(),
	endsOn: z.string(),
	priceAdjustPct: z.number().int(),
	audience: z.enum(WINDOW_AUDIENCES),
});
export type ServiceWindow = z.infer<typeof windowSchema>;

const customerDaySchema = z.object({ day: z.string(), state: z.enum(DAY_STATES) });
export type CustomerDay = z.infer<typeof customerDaySchema>;

export const bookingSchema = z.object({
	id: z.uuid(),
	kind: z.enum(BOOKING_KINDS),
	seasonId: z.string(),
	windowId: z.uuid(),
	windowName: z.string(),
	day: z.string(),
	status: z.enum(BOOKING_STATUSES),
	holdExpiresAt: z.string().nullable(),
	depositBillId: z.uuid().nullable(),
	depositCents: z.number().int().nullable(),
	depositPaid: z.boolean(),
	/** The customer may still move or cancel it themself. */
	changeable: z.boolean(),
	/** The arrival window the customer was told (Send Arrival Windows); null: not told one yet. */
	arrival: arrivalSchema.nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** The customer's booking page: what they may book now and what they have. */
export const myBookingsSchema = z.object({
	canBook: z.object({ install: z.boolean(), takedown: z.boolean() }),
	/** Why not, for the kind asked (null when it can be booked). */
	reason: z.object({ install: z.string().nullable(), takedown: z.string().nullable() }),
	windows: z.array(windowSchema),
	bookings: z.array(bookingSchema),
	depositPercent: z.number().int(),
	changeLockDays: z.number().int(),
});
export type MyBookings = z.infer<typeof myBookingsSchema>;

export const windowDaysSchema = z.object({
	window: windowSchema,
	days: z.array(customerDaySchema),
});

/** A booking request carries a day and a window only: every amount comes from the server. */
const onlyTheseKeys = {
	error: (issue: { code?: string }) =>
		issue.code === "unrecognized_keys"
			? BOOKING_MESSAGES.amountRefused
			: "Send the booking as JSON",
};

export const newBookingSchema = z.strictObject(
	{ windowId: z.uuid("Choose a window"), day: dateSchema },
	onlyTheseKeys,
);

export const moveBookingSchema = z.strictObject(
	{ day: dateSchema, windowId: z.uuid("Choose a window").optional() },
	onlyTheseKeys,
);

export const ownerNewBookingSchema = z.strictObject(
	{ customerId: z.uuid("Choose a customer"), windowId: z.uuid("Choose a window"), day: dateSchema },
	onlyTheseKeys,
);

export const ownerDaySchema = z.object({
	day: z.string(),
	capacity: z.number().int(),
	booked: z.number().int(),
	closed: z.boolean(),
});
export type OwnerDay = z.infer<typeof ownerDaySchema>;

export const ownerCalendarSchema = z.object({
	seasons: z.array(z.string()),
	seasonId: z.string(),
	windows: z.array(windowSchema.extend({ days: z.array(ownerDaySchema) })),
});
export type OwnerCalendar = z.infer<typeof ownerCalendarSchema>;

export const ownerBookingSchema = bookingSchema.extend({
	customerId: z.uuid(),
	customerName: z.string(),
	address: z.string().nullable(),
	services: z.array(z.string()),
});
export type OwnerBooking = z.infer<typeof ownerBookingSchema>;

export const dayChangeSchema = z
	.object({
		capacity: z
			.number("Crew capacity must be a number")
			.int("Crew capacity must be a whole number")
			.min(0, "Crew capacity cannot be negative")
			.max(100, "Crew capacity can be at most 100")
			.optional(),
		closed: z.boolean("Closed must be true or false").optional(),
		/** The day's notes for the crews (where to start, what to load); empty clears them. */
		notes: z
			.string("Notes must be text")
			.trim()
			.max(1000, "Notes can be at most 1,000 characters")
			.nullish()
			.transform((v) => (v === undefined ? undefined : v || null)),
	})
	.strict();

export const seasonSettingsSchema = z.object({
	weekdayCapacity: z.array(z.number().int().min(0).max(100)).length(7),
	depositPercent: z.number().int(),
	changeLockDays: z.number().int(),
});
export type SeasonSettings = z.infer<typeof seasonSettingsSchema>;

/** Deposit to book (%): the share of the approved total that holds an install day; 0 for none. */
export const depositPercentSchema = z
	.number("Deposit to book must be a number")
	.int("Deposit to book must be a whole percent")
	.min(0, "Deposit to book cannot be negative")
	.max(100, "Deposit to book can be at most 100%");
/** Deposit to book until the owner changes it; matches the database default. */
export const DEFAULT_DEPOSIT_PERCENT = 25;

export const seasonSettingsInputSchema = z
	.object({
		weekdayCapacity: z
			.array(
				z
					.number("Capacity must be a number")
					.int("Capacity must be a whole number")
					.min(0, "Capacity cannot be negative")
					.max(100, "Capacity can be at most 100"),
			)
			.length(7, "Give a capacity for each day of the week, Sunday first")
			.optional(),
		depositPercent: depositPercentSchema.optional(),
		changeLockDays: z
			.number("Changes locked must be a number")
			.int("Changes locked must be a whole number of days")
			.min(0, "Changes locked cannot be negative")
			.max(60, "Changes locked can be at most 60 days")
			.optional(),
	})
	.strict();

export const windowInputSchema = z
	.object({
		name: z
			.string("Name is required")
			.trim()
			.min(1, "Name is required")
			.max(60, "Name is too long"),
		kind: z.enum(BOOKING_KINDS, "Kind is install or takedown"),
		startsOn: dateSchema,
		endsOn: dateSchema,
		priceAdjustPct: z
			.number("Price adjustment must be a number")
			.int("Price adjustment must be a whole percent")
			.min(-90, "Price adjustment can be at least -90%")
			.max(200, "Price adjustment can be at most 200%")
			.default(0),
		audience: z
			.enum(WINDOW_AUDIENCES, "Who may book is everyone, returning or new")
			.default("everyone"),
	})
	.strict()
	.refine((w) => w.startsOn <= w.endsOn, {
		message: "The first day must not be after the last",
		path: ["endsOn"],
	});

// ---------------------------------------------------------------- moving a whole day

/** Move This Day: the day the owner picks for every booking, or none for the next open days. */
export const dayMoveInputSchema = z.strictObject({
	toDay: isoDateSchema.optional(),
});

export const dayMoveConfirmSchema = z.strictObject({
	toDay: isoDateSchema.optional(),
	/** The bookings the preview showed: the move is refused if the day's bookings changed. */
	bookingIds: z.array(z.uuid("Booking not found")).min(1, BOOKING_MESSAGES.nothingToMove).max(100),
});

export const dayMovePreviewSchema = z.object({
	day: z.string(),
	moves: z.array(
		z.object({
			bookingId: z.uuid(),
			customerName: z.string(),
			kind: z.enum(BOOKING_KINDS),
			/** Null: no day with room for it. */
			toDay: z.string().nullable(),
		}),
	),
	missing: z.number().int(),
});
export type DayMovePreview = z.infer<typeof dayMovePreviewSchema>;
