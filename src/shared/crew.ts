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
		.max(max, `${field} can be at most ${max.toLocaleString("en-US")}`)
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
});
export type CrewStop = z.infer<typeof crewStopSchema>;

export const crewDaySchema = z.object({
	day: z.string(),
	notes: z.string().nullable(),
	stops: z.array(crewStopSchema),
});
export type CrewDay = z.infer<typeof crewDaySchema>;

export const crewDaysSchema = z.object({
	days: z.array(z.object({ day: z.string(), stops: z.number().int(), done: z.number().int() })),
});

/** A maps search link for an address (works on phones and desktops, no key). */
export const mapsUrl = (address: string) =>
	`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
