import { z } from "zod";

/** One service line of a quote, priced in cents at the time the quote was made. */
export const quoteLineSchema = z.object({
	serviceId: z.uuid(),
	name: z.string().min(1).max(200),
	description: z.string().max(1000),
	unitPriceCents: z.number().int().min(0).max(100_000_000),
	quantity: z.number().int().min(1).max(1000),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const QUOTE_VALID_DAYS = 30;
