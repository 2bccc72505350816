import {
	seasonName,
	seasonOf,
	seasonSettingsInputSchema,
	seasonSettingsSchema,
	seasonStartYear,
} from "./bookings.ts";
import { quoteLineSchema } from "./quotes.ts";
import { tooLong, z } from "./zod.ts";

/** What became of an offer; one still `offered` after its day shows as expired (RENEWAL_STATES). */
export const RENEWAL_STATUSES = ["offered", "accepted", "declined"] as const;

/** An offer as people see it, and `not_offered` for an eligible customer without one yet. */
export const RENEWAL_STATES = [
	"offered",
	"accepted",
	"declined",
	"expired",
	"not_offered",
] as const;
export type RenewalState = (typeof RENEWAL_STATES)[number];
export const RENEWAL_STATE_LABELS: Record<RenewalState, string> = {
	offered: "Offered",
	accepted: "Renewed",
	declined: "Declined",
	expired: "Expired",
	not_offered: "Not yet offered",
};

export const DEFAULT_REINSTALL_DISCOUNT = 15;
export const DEFAULT_RENEWAL_OPENS = "08-01";
export const DEFAULT_RENEWAL_VALID_UNTIL = "09-30";
/** The reminder goes this many days before an offer expires, once. */
export const RENEWAL_REMINDER_DAYS = 7;

export const RENEWAL_MESSAGES = {
	notFound: "Renewal offer not found",
	expired: "This offer expired: ask us for a new quote at this season's prices",
	declined: "You declined this offer: ask us for a new quote if you changed your mind",
	accepted: "You already renewed for this season",
	termsChanged: (version: number) =>
		`Our contract terms changed to Version ${version} since you last signed: read them and sign to renew`,
	notOpen: "Only an open offer can be extended",
	extendPast: "Pick a day after today",
	noneEligible: "No customer is eligible: a renewal needs last season's install done",
	noAccount: "Not eligible: this customer has no account to receive an offer",
	notInstalled: (season: string) =>
		`Not eligible: this customer's install was not done last season (${season})`,
	noQuote: "Not eligible: this customer has no approved quote to renew",
	noLines: "Not eligible: last season's quote has no priced lines to renew",
	alreadyOffered: (name: string, season: string) =>
		`${name} already has an offer for ${season}: nothing new was sent`,
	reasonTooLong: tooLong("The reason", 500),
	datesOrder: "Offer valid until must come after Renewal offers open",
} as const;

// ---------------------------------------------------------------- the season's dates

/** "08-01" in the season that starts in August of `season`'s first year. */
export function dateInSeason(season: string, monthDay: string): string {
	const start = seasonStartYear(season);
	const month = Number(monthDay.slice(0, 2));
	return `${month >= 8 ? start : start + 1}-${monthDay}`;
}

/**
 * The season offers are for on `today`: the current one until its offers' last day, then the
 * next (whose customers are this season's installs).
 */
export function renewalSeason(today: string, validUntil: string): string {
	const current = seasonOf(today);
	return today <= dateInSeason(current, validUntil)
		? current
		: seasonName(seasonStartYear(current) + 1);
}

export const previousSeason = (season: string) => seasonName(seasonStartYear(season) - 1);

/** A month and day as typed ("MM-DD"), checked against the calendar (February 29 refused). */
const monthDaySchema = (label: string) =>
	z
		.string(`${label}: enter a month and day`)
		.regex(/^\d{2}-\d{2}$/, `${label}: enter a month and day as MM-DD`)
		.refine((v) => {
			const [m, d] = v.split("-").map(Number) as [number, number];
			const date = new Date(Date.UTC(2027, m - 1, d));
			return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
		}, `${label}: that is not a day of the year`);

/** Season order: August first, July last. */
const seasonOrder = (monthDay: string) => {
	const month = Number(monthDay.slice(0, 2));
	return `${month >= 8 ? "0" : "1"}${monthDay}`;
};

/** Settings → Season: the calendar's rules and the renewal offers'. */
export const seasonRulesSchema = seasonSettingsSchema.extend({
	reinstallDiscountPct: z.number().int(),
	renewalOpensOn: z.string(),
	renewalValidUntil: z.string(),
});
export type SeasonRules = z.infer<typeof seasonRulesSchema>;

export const seasonRulesInputSchema = seasonSettingsInputSchema
	.extend({
		reinstallDiscountPct: z
			.number("Re-install discount must be a number")
			.int("Re-install discount must be a whole percent")
			.min(0, "Re-install discount cannot be negative")
			.max(90, "Re-install discount can be at most 90%")
			.optional(),
		renewalOpensOn: monthDaySchema("Renewal offers open").optional(),
		renewalValidUntil: monthDaySchema("Offer valid until").optional(),
	})
	.strict();
export type SeasonRulesInput = z.infer<typeof seasonRulesInputSchema>;

/** Both dates, once merged with what is saved, in season order. */
export const renewalDatesInOrder = (opens: string, validUntil: string) =>
	seasonOrder(opens) < seasonOrder(validUntil);

// ---------------------------------------------------------------- the customer's offer

const windowFirstSchema = z.object({
	name: z.string(),
	startsOn: z.string(),
	endsOn: z.string(),
	/** From this day new customers may book it too; before, returning customers alone. */
	opensToNewOn: z.string(),
});

const renewalOfferSchema = z.object({
	id: z.uuid(),
	fromSeasonId: z.string(),
	seasonId: z.string(),
	state: z.enum(RENEWAL_STATES),
	lines: z.array(quoteLineSchema),
	listCents: z.number().int(),
	discountPct: z.number().int(),
	priceCents: z.number().int(),
	expiresOn: z.string(),
	declineReason: z.string().nullable(),
	/** The terms in force now, and the version the customer last signed. */
	terms: z.object({ version: z.number().int(), body: z.string() }),
	lastSignedVersion: z.number().int().nullable(),
	lastSignedAt: z.string().nullable(),
	/** The terms changed since they last signed: they read and sign the new version to renew. */
	termsChanged: z.boolean(),
	/** The install window returning customers book first (Early Bird), if the season has one. */
	firstWindow: windowFirstSchema.nullable(),
});
export type RenewalOffer = z.infer<typeof renewalOfferSchema>;

export const myRenewalSchema = z.object({ offer: renewalOfferSchema.nullable() });

export const acceptRenewalSchema = z.strictObject({
	consent: z.literal(true, "Tick 'I agree to sign electronically' to renew"),
	fullName: z
		.string("Type your full name to sign")
		.trim()
		.min(1, "Type your full name to sign")
		.max(120, tooLong("Full name", 120)),
	/** The terms version read; required when the terms changed since the last signature. */
	termsVersion: z.number().int().optional(),
});
export type AcceptRenewal = z.infer<typeof acceptRenewalSchema>;

export const renewalAcceptedSchema = z.object({
	offerId: z.uuid(),
	quoteId: z.uuid(),
	billId: z.uuid(),
	contractId: z.uuid(),
	/** Where the customer goes next: booking the install day. */
	next: z.string(),
});
export type RenewalAccepted = z.infer<typeof renewalAcceptedSchema>;

export const declineRenewalSchema = z.strictObject({
	reason: z
		.string("The reason must be text")
		.trim()
		.max(500, RENEWAL_MESSAGES.reasonTooLong)
		.nullish()
		.transform((v) => v || null),
});

// ---------------------------------------------------------------- the owner's pipeline

const renewalRowSchema = z.object({
	customerId: z.uuid(),
	customerName: z.string(),
	offerId: z.uuid().nullable(),
	state: z.enum(RENEWAL_STATES),
	priceCents: z.number().int().nullable(),
	expiresOn: z.string().nullable(),
	declineReason: z.string().nullable(),
});
export type RenewalRow = z.infer<typeof renewalRowSchema>;

export const renewalPipelineSchema = z.object({
	seasonId: z.string(),
	fromSeasonId: z.string(),
	opensOn: z.string(),
	validUntil: z.string(),
	discountPct: z.number().int(),
	counts: z.record(z.enum(RENEWAL_STATES), z.number().int()),
	/** Renewed customers over every eligible one, in whole percent; null with none eligible. */
	ratePct: z.number().int().nullable(),
	renewedCents: z.number().int(),
	rows: z.array(renewalRowSchema),
	/** More rows than the list shows. */
	more: z.boolean(),
});
export type RenewalPipeline = z.infer<typeof renewalPipelineSchema>;

export const sendRenewalsSchema = z.strictObject({
	/** One customer (from their page); none: every eligible customer. */
	customerId: z.uuid("Customer not found").optional(),
});

export const renewalsSentSchema = z.object({ created: z.number().int(), message: z.string() });

export const extendRenewalSchema = z.strictObject({
	expiresOn: z
		.string("Enter a date as YYYY-MM-DD")
		.regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD"),
});

/** "Renew for 2027-28". */
export const renewTitle = (season: string) => `Renew for ${season}`;
