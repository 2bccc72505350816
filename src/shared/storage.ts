import { tooLong, z } from "./zod.ts";

/**
 * A storage bin's states over a year: stored in the warehouse, pulled for an install, loaded on
 * the truck, at the house (its lights are up), returned after the takedown, stored again. Missing
 * can be reached from any state; a found bin goes back to Stored or Returned.
 */
export const BIN_STATES = [
	"stored",
	"pulled",
	"loaded",
	"at_house",
	"returned",
	"missing",
] as const;
export type BinState = (typeof BIN_STATES)[number];

export const BIN_STATE_LABELS = {
	stored: "Stored",
	pulled: "Pulled",
	loaded: "Loaded",
	at_house: "At House",
	returned: "Returned",
	missing: "Missing",
} as const satisfies Record<BinState, string>;

/** The one state each move may start from (besides Missing, which any state may reach). */
const NEXT_FROM: Record<Exclude<BinState, "missing">, readonly BinState[]> = {
	pulled: ["stored"],
	loaded: ["pulled"],
	at_house: ["loaded"],
	returned: ["at_house", "missing"],
	stored: ["returned", "missing"],
};

/** What has to happen before a move, said to the person scanning. */
const BEFORE = {
	pulled: "only a stored bin can be pulled",
	loaded: "pull it before loading",
	at_house: "load it before it goes to the house",
	returned: "it can return only from the house",
	stored: "return it before storing it",
} as const satisfies Record<Exclude<BinState, "missing">, string>;

/**
 * Why a bin in state `from` cannot move to `to`, or null when it can. Every move is checked here,
 * by the server and by the scanner before it queues a scan.
 */
export function binMoveRefusal(code: string, from: BinState, to: BinState): string | null {
	if (from === to) return `${code} is already ${BIN_STATE_LABELS[to]}`;
	if (to === "missing") return null;
	if (NEXT_FROM[to].includes(from)) return null;
	return `${code} is ${BIN_STATE_LABELS[from]}; ${BEFORE[to]}`;
}

/** The states a bin may move to from `from`, in the season's order. */
export const binMovesFrom = (from: BinState) =>
	BIN_STATES.filter((to) => binMoveRefusal("", from, to) === null);

/**
 * What a scan does in each part of the day: the state a scanned bin moves to. Store asks for a
 * location (and a shelf) first.
 */
export const SCAN_MODES = [
	{ to: "pulled", label: "Pull for the route" },
	{ to: "loaded", label: "Load the truck" },
	{ to: "at_house", label: "At the house" },
	{ to: "returned", label: "Returned" },
	{ to: "stored", label: "Store at a location" },
] as const satisfies readonly { to: BinState; label: string }[];

/** A label's code: letters, digits and dashes, as printed (BHL-0142); typed codes are upper-cased. */
export const binCodeSchema = z
	.string("Please enter a bin code")
	.trim()
	.toUpperCase()
	.min(1, "Please enter a bin code")
	.max(20, "Bin codes are at most 20 characters")
	.regex(/^[A-Z0-9-]+$/, "A bin code has letters, digits and dashes only, like BHL-0142");

/** The page a label's QR code opens. */
export const binPath = (code: string) => `/bins/${encodeURIComponent(code)}`;

const shelfSchema = z
	.number("Shelf must be a whole number")
	.int("Shelf must be a whole number")
	.min(1, "Shelf must be 1 or more")
	.max(50, "Shelf can be at most 50")
	.nullish()
	.transform((v) => v ?? null);

export const storageLocationInputSchema = z.strictObject({
	name: z
		.string("Please enter a name")
		.trim()
		.min(1, "Please enter a name")
		.max(60, tooLong("Name", 60)),
	shelves: z
		.number("Shelves must be a whole number")
		.int("Shelves must be a whole number")
		.min(1, "Shelves must be 1 or more")
		.max(50, "Shelves can be at most 50")
		.nullish()
		.transform((v) => v ?? null),
});
export type StorageLocationInput = z.input<typeof storageLocationInputSchema>;

export const storageLocationSchema = z.object({
	id: z.uuid(),
	name: z.string(),
	/** Shelves 1 to n; null for a place without shelves (a barn corner). */
	shelves: z.number().int().nullable(),
	bins: z.number().int(),
});
export type StorageLocation = z.infer<typeof storageLocationSchema>;

export const binInputSchema = z.strictObject({
	contents: z
		.string("Please say what the bin holds")
		.trim()
		.min(1, "Please say what the bin holds")
		.max(500, tooLong("Contents", 500)),
	locationId: z
		.uuid("Please choose a location")
		.nullish()
		.transform((v) => v ?? null),
	shelf: shelfSchema,
});
export type BinInput = z.input<typeof binInputSchema>;

const binScanEventSchema = z.object({
	id: z.uuid(),
	from: z.enum(BIN_STATES).nullable(),
	to: z.enum(BIN_STATES),
	/** Where it was put (Store), as "Rack A, shelf 2". */
	place: z.string().nullable(),
	by: z.string(),
	at: z.string(),
});

/** A bin as the owner and the crews see it. */
export const binSchema = z.object({
	id: z.uuid(),
	code: z.string(),
	customerId: z.uuid(),
	customerName: z.string(),
	street: z.string().nullable(),
	contents: z.string(),
	state: z.enum(BIN_STATES),
	locationId: z.uuid().nullable(),
	location: z.string().nullable(),
	shelf: z.number().int().nullable(),
	updatedAt: z.string(),
});
export type Bin = z.infer<typeof binSchema>;

export const binDetailSchema = binSchema.extend({
	/** Every change, oldest first. */
	events: z.array(binScanEventSchema),
});
export type BinDetail = z.infer<typeof binDetailSchema>;

export const binListSchema = z.object({ bins: z.array(binSchema) });

export const binScanInputSchema = z.strictObject({
	/** Made on the phone: the same scan sent again (after being offline) counts once. */
	id: z.uuid("A scan needs an id"),
	code: binCodeSchema,
	to: z.enum(BIN_STATES, "Choose what the scan does"),
	/** With Stored: where the bin goes. */
	locationId: z
		.uuid("Please choose a location")
		.nullish()
		.transform((v) => v ?? null),
	shelf: shelfSchema,
});
export type BinScanInput = z.input<typeof binScanInputSchema>;

export const binScanResultSchema = z.object({
	/** True when this scan id had been counted already: nothing changed. */
	duplicate: z.boolean(),
	bin: binSchema,
	/** The customer's other bins, for the warnings of a load or an install. */
	others: z.array(binSchema.pick({ code: true, state: true })),
});
export type BinScanResult = z.infer<typeof binScanResultSchema>;

/** The label sheet of one customer's bins. */
export const binLabelsSchema = z.object({
	labels: z.array(
		z.object({
			code: z.string(),
			customerName: z.string(),
			street: z.string().nullable(),
			/** The QR code of the bin's page, as an SVG document. */
			qrSvg: z.string(),
		}),
	),
});

/** Bins that need the owner: late back after a takedown, and missing ones. */
export const storageAlertsSchema = z.object({
	late: z.array(binSchema.extend({ takedownDay: z.string() })),
	missing: z.array(binSchema),
});

/** A customer's own view: how many bins, how many are stored. No places, no names. */
export const myStorageSchema = z.object({
	bins: z.number().int(),
	stored: z.number().int(),
});
export type MyStorage = z.infer<typeof myStorageSchema>;

/** The bins of each stop of a crew's day, by customer. */
export const dayBinsSchema = z.object({
	customers: z.array(z.object({ customerId: z.uuid(), bins: z.array(binSchema) })),
});
