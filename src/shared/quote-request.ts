import { estimateRequestSchema } from "./estimate.ts";
import { optionalText } from "./public-quote.ts";
import type { z } from "./zod.ts";

/**
 * A signed-in customer's quote request (multipart: this JSON in `data`, images in `photos`).
 * Name, e-mail and phone come from the account; the estimate is recomputed by the server.
 */
export const customerQuoteSchema = estimateRequestSchema.extend({
	// Stored, so blank optional text becomes null.
	city: optionalText(100, "City"),
	state: optionalText(50, "State"),
	zipCode: optionalText(20, "ZIP code"),
	notes: optionalText(5000, "Notes"),
});
export type CustomerQuoteInput = z.input<typeof customerQuoteSchema>;

/** Refused while a quote is waiting for a decision or already approved. */
export const QUOTE_IN_PROGRESS_MESSAGE =
	"You already have a quote in progress. We'll be in touch about it soon.";
