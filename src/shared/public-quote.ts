import { QUOTE_FORM_MESSAGES, serviceChoiceSchema } from "./estimate.ts";
import { z } from "./zod.ts";

/** Optional text: absent, null or blank are stored as null. */
export const optionalText = (max: number) =>
	z
		.string()
		.trim()
		.max(max, "That is too long")
		.nullish()
		.transform((v) => (v ? v : null));
const required = (max: number) =>
	z
		.string(QUOTE_FORM_MESSAGES.requiredAndService)
		.trim()
		.min(1, QUOTE_FORM_MESSAGES.requiredAndService)
		.max(max, "That is too long");

/**
 * The public quote form (sent as multipart: this JSON in the `data` field, images in `photos`).
 * The estimate is recomputed by the server; the browser's numbers are never trusted.
 */
export const publicQuoteSchema = z.strictObject({
	name: required(100),
	email: required(254).pipe(z.email("Please enter a valid email address")),
	phone: optionalText(40),
	address: required(300),
	city: optionalText(100),
	state: optionalText(50),
	zipCode: optionalText(20),
	services: z.array(serviceChoiceSchema).min(1, QUOTE_FORM_MESSAGES.requiredAndService).max(50),
	notes: optionalText(5000),
	/** Whether the visitor asked for the instant quote before submitting (it is stored with the request). */
	withInstantQuote: z.boolean().optional(),
	/** Honeypot: people never see or fill it. */
	website: z.string().max(500).nullish(),
});
export type PublicQuoteInput = z.input<typeof publicQuoteSchema>;
/** The form as the server sees it after validation (blank optional fields are null). */
export type PublicQuote = z.output<typeof publicQuoteSchema>;
