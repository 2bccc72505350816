import { QUOTE_FORM_MESSAGES, serviceChoiceSchema } from "./estimate.ts";
import { tooLong, z } from "./zod.ts";

/** Optional text: absent, null or blank are stored as null. */
export const optionalText = (max: number, field: string) =>
	z
		.string()
		.trim()
		.max(max, tooLong(field, max))
		.nullish()
		.transform((v) => (v ? v : null));
const required = (max: number, field: string) =>
	z
		.string(QUOTE_FORM_MESSAGES.requiredAndService)
		.trim()
		.min(1, QUOTE_FORM_MESSAGES.requiredAndService)
		.max(max, tooLong(field, max));

/**
 * The public quote form (sent as multipart: this JSON in the `data` field, images in `photos`).
 * The estimate is recomputed by the server; the browser's numbers are never trusted.
 */
export const publicQuoteSchema = z.strictObject({
	name: required(100, "Name"),
	email: required(254, "Email").pipe(z.email("Please enter a valid email address")),
	phone: optionalText(40, "Phone"),
	address: required(300, "Address"),
	city: optionalText(100, "City"),
	state: optionalText(50, "State"),
	zipCode: optionalText(20, "ZIP code"),
	services: z.array(serviceChoiceSchema).min(1, QUOTE_FORM_MESSAGES.requiredAndService).max(50),
	notes: optionalText(5000, "Notes"),
	/** Whether the visitor asked for the instant quote before submitting (it is stored with the request). */
	withInstantQuote: z.boolean().optional(),
	/** Honeypot: people never see or fill it. */
	website: z.string().max(500).nullish(),
});
export type PublicQuoteInput = z.input<typeof publicQuoteSchema>;
/** The form as the server sees it after validation (blank optional fields are null). */
export type PublicQuote = z.output<typeof publicQuoteSchema>;
