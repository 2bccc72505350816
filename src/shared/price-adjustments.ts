import type { QuoteLine } from "./quotes.ts";

export interface PriceAdjustment {
	label: string;
	amountCents: number;
}

/**
 * The lines between a quote's services and its total, so what a customer or the owner reads adds
 * up: the instant quote's own steps (job size, travel, rounding) when they account for the
 * difference, otherwise one line for it. None when the services already make the total.
 */
export function priceAdjustments(quote: {
	services: readonly QuoteLine[];
	totalEstimateCents: number;
	revisedPriceCents: number | null;
	aiQuote: unknown;
}): PriceAdjustment[] {
	const servicesCents = quote.services.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
	const gap = (quote.revisedPriceCents ?? quote.totalEstimateCents) - servicesCents;
	if (gap === 0) return [];
	const steps = estimateSteps(quote.aiQuote);
	if (
		quote.revisedPriceCents === null &&
		steps &&
		steps.reduce((sum, a) => sum + a.amountCents, 0) === gap
	)
		return steps;
	return [
		{
			label:
				quote.revisedPriceCents === null ? "Job size, travel and rounding" : "Price adjustment",
			amountCents: gap,
		},
	];
}

/** The stored instant quote's adjustments, when it has them (quotes priced before they were kept have not). */
function estimateSteps(aiQuote: unknown): PriceAdjustment[] | null {
	const steps = (aiQuote as { adjustments?: unknown } | null)?.adjustments;
	if (!Array.isArray(steps)) return null;
	return steps.every((a) => typeof a?.label === "string" && Number.isInteger(a?.amountCents))
		? (steps as PriceAdjustment[])
		: null;
}
