/**
 * The quote forms' messages and limits, apart from their schemas (estimate.ts, public-quote.ts) so a
 * page can show them without loading zod: the public quote page loads its validation on the first
 * interaction (decision 018).
 */
export const QUOTE_FORM_MESSAGES = {
	addressAndService: "Please fill in the address and select at least one service",
	requiredAndService: "Please fill in all required fields and select at least one service",
	estimateFailed: "Failed to generate instant quote",
	estimateReady: "Instant quote generated!",
	submitFailed: "Failed to submit quote request",
	submitted: "Quote request submitted successfully! We'll be in touch soon.",
	loadServicesFailed: "Failed to load service options",
} as const;

export const MAX_QUOTE_PHOTOS = 6;

/**
 * The public quote form's field limits, for the same reason (a test checks them against
 * `publicQuoteSchema`).
 */
export const QUOTE_FORM_CONSTRAINTS = {
	name: { required: true, maxLength: 100 },
	email: { required: true, maxLength: 254 },
	phone: { maxLength: 40 },
	address: { required: true, maxLength: 300 },
	city: { maxLength: 100 },
	state: { maxLength: 50 },
	zipCode: { maxLength: 20 },
	notes: { maxLength: 5000 },
} as const;
