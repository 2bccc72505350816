import { groupDigits } from "./money.ts";
import { tooLong, z } from "./zod.ts";

/** A text field of the specs: trimmed, empty is none. */
const text = (field: string, max: number) =>
	z
		.string()
		.trim()
		.max(max, tooLong(field, max))
		.nullish()
		.transform((v) => v || null);

const count = (field: string, max: number) =>
	z
		.number(`${field} must be a whole number`)
		.int(`${field} must be a whole number`)
		.min(0, `${field} cannot be negative`)
		.max(max, `${field} can be at most ${groupDigits(max)}`)
		.nullish()
		.transform((v) => v ?? null);

/**
 * What a house needs, kept from year to year: the owner edits them on the customer page, the
 * crews read them on the day. Labels are the form's.
 */
export const propertySpecsInputSchema = z.strictObject({
	rooflineFeet: count("Roofline (ft)", 100_000),
	treesSmall: count("Small trees", 1000),
	treesMedium: count("Medium trees", 1000),
	treesLarge: count("Large trees", 1000),
	outletLocations: text("Outlet locations", 500),
	timerLocation: text("Timer location", 500),
	gateCode: text("Gate code", 50),
	ladderNeeds: text("Ladder needs", 200),
	pets: text("Pets", 200),
	notes: text("Notes", 2000),
});
export type PropertySpecsInput = z.input<typeof propertySpecsInputSchema>;

export const propertyNoteInputSchema = z.strictObject({
	body: z
		.string("Please write a note")
		.trim()
		.min(1, "Please write a note")
		.max(1000, tooLong("Note", 1000)),
});

const propertyNoteSchema = z.object({
	id: z.uuid(),
	authorName: z.string(),
	body: z.string(),
	createdAt: z.string(),
});

export const propertySpecsSchema = z.object({
	rooflineFeet: z.number().int().nullable(),
	treesSmall: z.number().int().nullable(),
	treesMedium: z.number().int().nullable(),
	treesLarge: z.number().int().nullable(),
	outletLocations: z.string().nullable(),
	timerLocation: z.string().nullable(),
	gateCode: z.string().nullable(),
	ladderNeeds: z.string().nullable(),
	pets: z.string().nullable(),
	notes: z.string().nullable(),
	updatedAt: z.string().nullable(),
	/** The crews' (and the owner's) notes on the house, oldest first. */
	crewNotes: z.array(propertyNoteSchema),
});
export type PropertySpecs = z.infer<typeof propertySpecsSchema>;

// ---------------------------------------------------------------- arrival windows

/** A time of day as the API carries it, "08:00" (24-hour). */
const timeOfDay = (field: string) =>
	z
		.string(`Enter the ${field} time`)
		.regex(
			/^([01]\d|2[0-3]):[0-5]\d$/,
			`Enter the ${field} time as HH:MM, between 00:00 and 23:59`,
		);

/** When the crew should arrive at a house: from `start` to `end`, the same day. */
export const arrivalSchema = z.object({ start: z.string(), end: z.string() });
export type Arrival = z.infer<typeof arrivalSchema>;

/** Minutes after midnight of "08:00", and back. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const timeOf = (minutes: number) =>
	`${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** "8", "8:30", "12", for a clock reading in 12-hour time, with its AM/PM apart. */
function clock(minutes: number) {
	const h = Math.floor(minutes / 60) % 24;
	const m = minutes % 60;
	return { text: `${h % 12 || 12}${m ? `:${String(m).padStart(2, "0")}` : ""}`, pm: h >= 12 };
}

/** "8–11 AM", "11 AM–2 PM", "2:30–5 PM": a window as customers read it. */
export function arrivalLabel(arrival: Arrival): string {
	const from = clock(minutesOf(arrival.start));
	const to = clock(minutesOf(arrival.end));
	const half = (pm: boolean) => (pm ? "PM" : "AM");
	return from.pm === to.pm
		? `${from.text}–${to.text} ${half(to.pm)}`
		: `${from.text} ${half(from.pm)}–${to.text} ${half(to.pm)}`;
}

/** The default windows: three-hour blocks from 8 AM (8–11, 11–2, 2–5), filled in route order. */
const ARRIVAL_BLOCK = { firstStart: 8 * 60, minutes: 3 * 60, count: 3 } as const;

/**
 * The default window of the stop at `index` (0 first) of a day with `capacity` houses: the day's
 * capacity spread over the blocks (ceil(capacity / 3) stops a block), later stops in the last.
 */
export function defaultArrival(index: number, capacity: number): Arrival {
	const perBlock = Math.max(1, Math.ceil(capacity / ARRIVAL_BLOCK.count));
	const block = Math.min(Math.floor(index / perBlock), ARRIVAL_BLOCK.count - 1);
	const start = ARRIVAL_BLOCK.firstStart + block * ARRIVAL_BLOCK.minutes;
	return { start: timeOf(start), end: timeOf(start + ARRIVAL_BLOCK.minutes) };
}

export const arrivalWindowsInputSchema = z.strictObject({
	windows: z
		.array(
			z
				.strictObject({
					bookingId: z.uuid("Booking not found"),
					start: timeOfDay("start"),
					end: timeOfDay("end"),
				})
				.refine((w) => minutesOf(w.start) < minutesOf(w.end), {
					message: "The window must end after it starts",
					path: ["end"],
				}),
			"Send the windows as a list",
		)
		.min(1, "Set at least one arrival window")
		.max(100, "A day has at most 100 stops"),
});
export type ArrivalWindowsInput = z.input<typeof arrivalWindowsInputSchema>;

export const routeOrderInputSchema = z.strictObject({
	bookingIds: z
		.array(z.uuid("Booking not found"), "Send the stops in their new order")
		.min(1, "Send the stops in their new order")
		.max(100, "A day has at most 100 stops"),
});

export const arrivalSendResultSchema = z.object({
	/** How many customers were told their window now. */
	told: z.number().int(),
	/** How many already knew the same window (not told again). */
	unchanged: z.number().int(),
	/** Stops without a window set (nobody to tell). */
	withoutWindow: z.number().int(),
});

/** One house of a crew's day, in the order it is driven. */
const crewStopSchema = z.object({
	bookingId: z.uuid(),
	kind: z.enum(["install", "takedown"]),
	status: z.enum(["booked", "done"]),
	customerId: z.uuid(),
	name: z.string(),
	address: z.string().nullable(),
	phone: z.string().nullable(),
	/** A maps search for the address; null without one. */
	mapsUrl: z.string().nullable(),
	services: z.array(z.string()),
	specs: propertySpecsSchema,
	photos: z.array(z.object({ id: z.uuid(), season: z.string() })),
	/** The arrival window the owner set; null: none yet. */
	arrival: arrivalSchema.nullable(),
	/** The customer was told this very window. */
	arrivalSent: z.boolean(),
	/** The default window for its place in the route (what the owner's form starts from). */
	suggestedArrival: arrivalSchema,
	/** Its ZIP code was found: false puts it last on the route, flagged. */
	located: z.boolean(),
});
export type CrewStop = z.infer<typeof crewStopSchema>;

export const crewDaySchema = z.object({
	day: z.string(),
	notes: z.string().nullable(),
	/** In route order. */
	stops: z.array(crewStopSchema),
	route: z.object({
		/** The route's length from the business and back, straight-line miles between ZIPs. */
		miles: z.number(),
		/** The same stops in the order they were booked, for comparison. */
		bookingOrderMiles: z.number(),
		/** The owner kept an order (Optimize Route or a stop moved); false: optimized on each read. */
		kept: z.boolean(),
		/** The business address has a known ZIP, so the route starts and ends there. */
		fromBusiness: z.boolean(),
	}),
});
export type CrewDay = z.infer<typeof crewDaySchema>;

export const crewDaysSchema = z.object({
	days: z.array(z.object({ day: z.string(), stops: z.number().int(), done: z.number().int() })),
});

/** A maps search link for an address (works on phones and desktops, no key). */
export const mapsUrl = (address: string) =>
	`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
