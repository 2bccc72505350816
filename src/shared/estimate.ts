import { MAX_QUOTE_PHOTOS, QUOTE_FORM_MESSAGES } from "./quote-form.ts";
import { priceAdjustmentSchema } from "./quotes.ts";
import { tooLong, z } from "./zod.ts";

// The messages and limits live apart, without zod (quote-form.ts); the schemas' users find them here too.
export { MAX_QUOTE_PHOTOS, QUOTE_FORM_MESSAGES };

/** One chosen service: prices always come from the server's catalogue, never from the browser. */
export const serviceChoiceSchema = z.strictObject({
	serviceId: z.uuid("Unknown service"),
	quantity: z
		.number()
		.int("Quantity must be a whole number")
		.min(1, "Quantity must be at least 1")
		.max(500, "Quantity can be at most 500"),
});
export type ServiceChoice = z.infer<typeof serviceChoiceSchema>;

/** Optional text: absent, null or blank all mean "not given". */
const optionalText = (max: number, field: string) =>
	z
		.string()
		.trim()
		.max(max, tooLong(field, max))
		.nullish()
		.transform((v) => (v ? v : undefined));

export const estimateRequestSchema = z.strictObject({
	services: z
		.array(serviceChoiceSchema)
		.min(1, QUOTE_FORM_MESSAGES.addressAndService)
		.max(50, "Too many services"),
	address: z
		.string(QUOTE_FORM_MESSAGES.addressAndService)
		.trim()
		.min(1, QUOTE_FORM_MESSAGES.addressAndService)
		.max(300, tooLong("Address", 300)),
	city: optionalText(100, "City"),
	state: optionalText(50, "State"),
	zipCode: optionalText(20, "ZIP code"),
	notes: optionalText(5000, "Notes"),
});
export type EstimateRequest = z.infer<typeof estimateRequestSchema>;

export const COMPLEXITIES = ["Low", "Medium", "High"] as const;

/** The instant ("AI") quote: the pricing engine's deterministic, explainable answer. */
export const estimateSchema = z.object({
	lines: z.array(
		z.object({
			serviceId: z.uuid(),
			name: z.string(),
			quantity: z.number().int(),
			unitPriceCents: z.number().int(),
			totalCents: z.number().int(),
		}),
	),
	subtotalCents: z.number().int(),
	recommendedPriceCents: z.number().int(),
	priceRangeLowCents: z.number().int(),
	priceRangeHighCents: z.number().int(),
	complexity: z.enum(COMPLEXITIES),
	/**
	 * What lies between the services' subtotal and the recommended price, one line each (job size,
	 * travel, rounding): the subtotal and these add up to the price.
	 */
	adjustments: z.array(priceAdjustmentSchema),
	explanation: z.string(),
	locationFactors: z.object({
		city: z.string().nullable(),
		factor: z.number(),
		known: z.boolean(),
		note: z.string(),
	}),
});
export type Estimate = z.infer<typeof estimateSchema>;
