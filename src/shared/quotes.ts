import { AMOUNT_TOO_HIGH, MAX_AMOUNT_CENTS } from "./money.ts";
import { tooLong, z } from "./zod.ts";

/** One service line of a quote, priced in cents at the time the quote was made. */
export const quoteLineSchema = z.object({
	serviceId: z.uuid(),
	name: z.string().min(1).max(200),
	description: z.string().max(1000),
	unitPriceCents: z.number().int().min(0).max(MAX_AMOUNT_CENTS, AMOUNT_TOO_HIGH),
	quantity: z.number().int().min(1).max(1000),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

/** A line between a quote's services and its total (shared/price-adjustments.ts). */
export const priceAdjustmentSchema = z.object({ label: z.string(), amountCents: z.number().int() });

export const QUOTE_VALID_DAYS = 30;

export const QUOTE_STATUSES = ["pending", "approved", "revised", "rejected"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Where a quote was asked for: the customer app (an account) or the public website (a visitor). */
export const QUOTE_SOURCES = ["app", "website"] as const;
export type QuoteSource = (typeof QUOTE_SOURCES)[number];

/**
 * The owner's quote list filters. `open` (the default, SPEC's list): every quote not approved.
 * `approved`: approved website quotes whose customer has no account yet (an approved app quote
 * belongs to its customer's page). `all`: the open ones and those approved website quotes, every
 * quote that still needs the owner.
 */
export const OWNER_QUOTE_FILTERS = ["all", "pending", "revised", "approved", "rejected"] as const;
export type OwnerQuoteFilter = (typeof OWNER_QUOTE_FILTERS)[number];

export const ownerQuoteQuerySchema = z.object({
	status: z
		.enum(["open", ...OWNER_QUOTE_FILTERS], "Unknown quote filter")
		.optional()
		.default("open"),
});

/** How many quotes each filter of the owner's list holds. */
export const quoteCountsSchema = z.object({
	all: z.number().int(),
	pending: z.number().int(),
	revised: z.number().int(),
	approved: z.number().int(),
	rejected: z.number().int(),
});
export type QuoteCounts = z.infer<typeof quoteCountsSchema>;

export const QUOTE_MESSAGES = {
	approvedApp: "Quote approved! Customer account activated and bill created.",
	approvedWebsite: "Website quote approved! Follow up with customer directly.",
	revised: "Quote revised and sent to customer for approval",
	/** A website request has no account to accept in: the visitor is e-mailed, the owner follows up. */
	revisedWebsite:
		"Quote revised. We e-mailed the new price to the visitor; follow up with them directly to confirm it.",
	rejected: "Quote rejected",
	updateFailed: "Failed to update quote",
	notPending: "This quote has already been decided",
	notRevised: "Only a revised quote can be accepted or declined",
	approveFirst: "Approve the quote before creating the customer's account",
	accountExists: "An account was already created for this quote",
	emailTaken: "An account with this e-mail already exists",
	accountCreated: "Customer account created. We e-mailed them a link to set their password.",
} as const;

/** Owner's per-service unit price overrides, in cents, applied when approving. */
export const approveQuoteSchema = z.strictObject({
	unitPrices: z
		.array(
			z.strictObject({
				serviceId: z.uuid(),
				unitPriceCents: z
					.number()
					.int()
					.min(0, "Prices cannot be negative")
					.max(MAX_AMOUNT_CENTS, AMOUNT_TOO_HIGH),
			}),
		)
		.max(50)
		.optional(),
});

export const reviseQuoteSchema = z.strictObject({
	revisedPriceCents: z
		.number("Please enter the revised price")
		.int()
		.min(0, "Prices cannot be negative")
		.max(MAX_AMOUNT_CENTS, AMOUNT_TOO_HIGH),
	notes: z.string().trim().max(2000, tooLong("Notes", 2000)).optional(),
});

export type ApproveQuote = z.input<typeof approveQuoteSchema>;
export type ReviseQuote = z.input<typeof reviseQuoteSchema>;

export const quoteDecisionSchema = z.object({
	id: z.uuid(),
	source: z.enum(QUOTE_SOURCES),
	status: z.enum(QUOTE_STATUSES),
	message: z.string(),
	billId: z.uuid().nullable(),
});
export type QuoteDecision = z.infer<typeof quoteDecisionSchema>;

export const quoteViewSchema = z.object({
	id: z.uuid(),
	source: z.enum(QUOTE_SOURCES),
	status: z.enum(QUOTE_STATUSES),
	name: z.string(),
	email: z.string().nullable(),
	phone: z.string().nullable(),
	address: z.string(),
	city: z.string().nullable(),
	state: z.string().nullable(),
	zipCode: z.string().nullable(),
	services: z.array(quoteLineSchema),
	totalEstimateCents: z.number().int(),
	revisedPriceCents: z.number().int().nullable(),
	ownerNotes: z.string().nullable(),
	notes: z.string().nullable(),
	aiQuote: z.unknown().nullable(),
	/** With the services, they add up to the price shown (revised, or the estimate). */
	adjustments: z.array(priceAdjustmentSchema),
	photoIds: z.array(z.uuid()),
	approvalNotificationSeen: z.boolean(),
	quoteDetailsDismissed: z.boolean(),
	createdAt: z.string(),
	/** Last day the quoted price holds (business calendar). */
	validUntil: z.string(),
	expired: z.boolean(),
});
export type QuoteView = z.infer<typeof quoteViewSchema>;

export const quotePageSchema = z.object({
	quotes: z.array(quoteViewSchema),
	nextCursor: z.string().nullable(),
});

export const quoteFlagsSchema = z.strictObject({
	approvalNotificationSeen: z.literal(true).optional(),
	quoteDetailsDismissed: z.literal(true).optional(),
});

/** SPEC's gate text for payments, service requests and the contract before approval. */
export const APPROVAL_REQUIRED_MESSAGE = "This is available after your quote has been approved";
