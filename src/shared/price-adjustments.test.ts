import { describe, expect, it } from "vitest";
import { priceAdjustments } from "./price-adjustments.ts";

const line = (unitPriceCents: number, quantity = 1) => ({
	serviceId: "00000000-0000-4000-8000-000000000001",
	name: "House Outline",
	description: "",
	unitPriceCents,
	quantity,
});
const steps = [
	{ label: "Medium complexity (+8%)", amountCents: 5_200 },
	{ label: "Travel to Massillon (+5%)", amountCents: 3_510 },
	{ label: "Rounded to the nearest $5", amountCents: -210 },
];

describe("a quote's adjustments", () => {
	it("are the instant quote's steps when they make up the difference", () => {
		const quote = {
			services: [line(40_000), line(12_500, 2)],
			totalEstimateCents: 73_500,
			revisedPriceCents: null,
			aiQuote: { adjustments: steps },
		};
		expect(priceAdjustments(quote)).toEqual(steps);
	});

	it("are one line for a revised price, or an instant quote kept without its steps", () => {
		const services = [line(40_000), line(12_500, 2)];
		expect(
			priceAdjustments({
				services,
				totalEstimateCents: 73_500,
				revisedPriceCents: 70_000,
				aiQuote: { adjustments: steps },
			}),
		).toEqual([{ label: "Price adjustment", amountCents: 5_000 }]);
		expect(
			priceAdjustments({
				services,
				totalEstimateCents: 73_500,
				revisedPriceCents: null,
				aiQuote: { explanation: "…" },
			}),
		).toEqual([{ label: "Job size, travel and rounding", amountCents: 8_500 }]);
	});

	it("are none when the services make the total", () => {
		expect(
			priceAdjustments({
				services: [line(40_000)],
				totalEstimateCents: 40_000,
				revisedPriceCents: null,
				aiQuote: null,
			}),
		).toEqual([]);
	});
});
