import { describe, expect, it } from "vitest";
import type { ServiceOption } from "../../../shared/catalog.ts";
import { estimateSchema } from "../../../shared/estimate.ts";
import { AppError } from "../../lib/errors.ts";
import {
	COMPLEXITY_RULES,
	complexityFor,
	LOCATION_ZONES,
	locationFactor,
	MAX_SUBTOTAL_CENTS,
	normalizeCity,
	priceEstimate,
	roundToStep,
	UNKNOWN_LOCATION_PERCENT,
} from "./pricing.ts";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const service = (
	n: number,
	name: string,
	dollars: number,
	hasQuantity: boolean,
	isActive = true,
): ServiceOption => ({
	id: id(n),
	name,
	description: `${name} description`,
	basePriceCents: dollars * 100,
	hasQuantity,
	isActive,
	sortOrder: n,
});

/** The seeded catalogue (SPEC section 9 prices) plus one retired service. */
const catalogue: ServiceOption[] = [
	service(1, "House Outline", 400, false),
	service(2, "Small Trees", 75, true),
	service(3, "Medium Trees", 125, true),
	service(4, "Large Trees", 200, true),
	service(5, "Wreaths & Garland", 50, true),
	service(6, "Walkway & Driveway", 150, false),
	service(7, "Windows", 35, true),
	service(8, "Specialty", 100, true),
	service(9, "Retired Service", 999, true, false),
];
const OUTLINE = id(1);
const SMALL_TREES = id(2);
const MEDIUM_TREES = id(3);
const WINDOWS = id(7);
const WALKWAY = id(6);

const price = (
	services: { serviceId: string; quantity: number }[],
	city: string | null = "Canton",
	state?: string | null,
) => priceEstimate({ catalogue, services, city, state });

function expectBadRequest(run: () => unknown, message: string | RegExp) {
	try {
		run();
	} catch (error) {
		expect(error).toBeInstanceOf(AppError);
		expect((error as AppError).status).toBe(400);
		expect((error as AppError).message).toMatch(message);
		return;
	}
	throw new Error("expected a 400 AppError");
}

describe("subtotal and lines", () => {
	it("sums catalogue price × quantity and keeps every amount in integer cents", () => {
		const e = price([
			{ serviceId: OUTLINE, quantity: 1 },
			{ serviceId: MEDIUM_TREES, quantity: 2 },
		]);
		expect(e.subtotalCents).toBe(65_000);
		expect(e.lines).toEqual([
			{
				serviceId: OUTLINE,
				name: "House Outline",
				quantity: 1,
				unitPriceCents: 40_000,
				totalCents: 40_000,
			},
			{
				serviceId: MEDIUM_TREES,
				name: "Medium Trees",
				quantity: 2,
				unitPriceCents: 12_500,
				totalCents: 25_000,
			},
		]);
		for (const cents of [
			e.subtotalCents,
			e.recommendedPriceCents,
			e.priceRangeLowCents,
			e.priceRangeHighCents,
		]) {
			expect(Number.isInteger(cents)).toBe(true);
		}
		expect(estimateSchema.parse(e)).toEqual(e);
	});

	it("multiplies quantities of quantity services", () => {
		const e = price([{ serviceId: WINDOWS, quantity: 4 }]);
		expect(e.subtotalCents).toBe(14_000);
		expect(e.lines[0]!.totalCents).toBe(14_000);
	});

	it("lists lines in catalogue order whatever the order of choosing", () => {
		const a = price([
			{ serviceId: WINDOWS, quantity: 2 },
			{ serviceId: OUTLINE, quantity: 1 },
		]);
		const b = price([
			{ serviceId: OUTLINE, quantity: 1 },
			{ serviceId: WINDOWS, quantity: 2 },
		]);
		expect(a.lines.map((l) => l.name)).toEqual(["House Outline", "Windows"]);
		expect(a).toEqual(b);
	});

	it("refuses an empty selection", () => {
		expectBadRequest(() => price([]), "Please fill in the address and select at least one service");
	});

	it("refuses an unknown or inactive service", () => {
		expectBadRequest(() => price([{ serviceId: id(99), quantity: 1 }]), "Unknown service");
		expectBadRequest(() => price([{ serviceId: id(9), quantity: 1 }]), "Unknown service");
	});

	it("refuses a quantity above 1 for a service priced per property", () => {
		expectBadRequest(
			() => price([{ serviceId: OUTLINE, quantity: 2 }]),
			"House Outline is priced per property, so its quantity must be 1",
		);
		expectBadRequest(() => price([{ serviceId: WALKWAY, quantity: 3 }]), /Walkway & Driveway/);
	});

	it("refuses quantities below 1 or fractional, and the same service twice", () => {
		expectBadRequest(() => price([{ serviceId: WINDOWS, quantity: 0 }]), "at least 1");
		expectBadRequest(() => price([{ serviceId: WINDOWS, quantity: 1.5 }]), "at least 1");
		expectBadRequest(
			() =>
				price([
					{ serviceId: WINDOWS, quantity: 1 },
					{ serviceId: WINDOWS, quantity: 2 },
				]),
			"Each service can only be chosen once",
		);
	});

	it("refuses a selection too large to quote online", () => {
		const big = [{ ...service(20, "Stadium", 2_000_000, true), sortOrder: 20 }];
		expectBadRequest(
			() =>
				priceEstimate({
					catalogue: big,
					services: [{ serviceId: id(20), quantity: 51 }],
					city: "Canton",
				}),
			/too large for an online quote/,
		);
		expect(51 * 200_000_000).toBeGreaterThan(MAX_SUBTOTAL_CENTS);
	});
});

describe("complexity", () => {
	it("is Low below 6 units and $600", () => {
		expect(complexityFor({ units: 5, subtotalCents: 59_999 }).level).toBe("Low");
		expect(complexityFor({ units: 0, subtotalCents: 0 }).level).toBe("Low");
	});

	it("is Medium from 6 units or from $600, below 15 units and $1,500", () => {
		expect(complexityFor({ units: 6, subtotalCents: 100 }).level).toBe("Medium");
		expect(complexityFor({ units: 1, subtotalCents: 60_000 }).level).toBe("Medium");
		expect(complexityFor({ units: 14, subtotalCents: 149_999 }).level).toBe("Medium");
	});

	it("is High from 15 units or from $1,500", () => {
		expect(complexityFor({ units: 15, subtotalCents: 100 }).level).toBe("High");
		expect(complexityFor({ units: 1, subtotalCents: 150_000 }).level).toBe("High");
	});

	it("applies its multiplier: Low 0%, Medium +8%, High +15%", () => {
		expect(COMPLEXITY_RULES.map((r) => [r.level, r.percent])).toEqual([
			["High", 115],
			["Medium", 108],
			["Low", 100],
		]);
		// $400 outline in Canton: Low, no travel → exactly $400.
		const low = price([{ serviceId: OUTLINE, quantity: 1 }]);
		expect(low.complexity).toBe("Low");
		expect(low.recommendedPriceCents).toBe(40_000);
		// 6 windows ($210): Medium by units → 210 × 1.08 = 226.80 → $225.
		const medium = price([{ serviceId: WINDOWS, quantity: 6 }]);
		expect(medium.complexity).toBe("Medium");
		expect(medium.recommendedPriceCents).toBe(22_500);
		// 15 windows ($525): High by units → 525 × 1.15 = 603.75 → $605.
		const high = price([{ serviceId: WINDOWS, quantity: 15 }]);
		expect(high.complexity).toBe("High");
		expect(high.recommendedPriceCents).toBe(60_500);
	});

	it("reaches Medium and High by subtotal alone", () => {
		// Outline + 2 large trees = $800, 3 units → Medium.
		expect(
			price([
				{ serviceId: OUTLINE, quantity: 1 },
				{ serviceId: id(4), quantity: 2 },
			]).complexity,
		).toBe("Medium");
		// Outline + walkway + 5 large trees = $1,550, 7 units → High.
		expect(
			price([
				{ serviceId: OUTLINE, quantity: 1 },
				{ serviceId: WALKWAY, quantity: 1 },
				{ serviceId: id(4), quantity: 5 },
			]).complexity,
		).toBe("High");
	});
});

describe("location", () => {
	it("makes Canton, the home base, the cheapest", () => {
		const selection = [{ serviceId: OUTLINE, quantity: 1 }];
		const canton = price(selection, "Canton");
		expect(canton.locationFactors).toMatchObject({ city: "Canton", factor: 1, known: true });
		for (const city of ["North Canton", "Akron", "Cleveland", "Nowhere"]) {
			expect(price(selection, city).recommendedPriceCents).toBeGreaterThan(
				canton.recommendedPriceCents,
			);
		}
	});

	it("rises from nearby towns to the Akron area to the Cleveland area", () => {
		const at = (city: string) => locationFactor({ city });
		expect(at("Massillon")).toMatchObject({ factor: 1.05, known: true, city: "Massillon" });
		expect(at("Green").factor).toBe(1.05);
		expect(at("Akron")).toMatchObject({ factor: 1.1, known: true });
		expect(at("Cuyahoga Falls").factor).toBe(1.1);
		expect(at("Cleveland")).toMatchObject({ factor: 1.18, known: true });
		expect(at("Parma").factor).toBe(1.18);
		expect(at("Medina").factor).toBe(1.18);
		expect(LOCATION_ZONES.home.percent).toBeLessThan(LOCATION_ZONES.nearby.percent);
		expect(LOCATION_ZONES.nearby.percent).toBeLessThan(LOCATION_ZONES.akron.percent);
		expect(LOCATION_ZONES.akron.percent).toBeLessThan(LOCATION_ZONES.cleveland.percent);
	});

	it("prices each zone into the recommended price", () => {
		// $400 outline, Low: Canton 400, Massillon 420, Akron 440, Cleveland 472 → $470.
		const selection = [{ serviceId: OUTLINE, quantity: 1 }];
		expect(price(selection, "Massillon").recommendedPriceCents).toBe(42_000);
		expect(price(selection, "Akron").recommendedPriceCents).toBe(44_000);
		expect(price(selection, "Cleveland").recommendedPriceCents).toBe(47_000);
	});

	it("ignores case, spacing, punctuation, a state suffix and a ZIP in the city", () => {
		for (const typed of [
			"north canton",
			"  NORTH   CANTON ",
			"N. Canton",
			"North Canton, OH",
			"north canton ohio",
			"North Canton, OH 44720",
		]) {
			expect(locationFactor({ city: typed })).toMatchObject({
				city: "North Canton",
				factor: 1.05,
				known: true,
			});
		}
		expect(normalizeCity("Jackson Twp.")).toBe("jackson township");
		expect(locationFactor({ city: "jackson twp" }).known).toBe(true);
	});

	it("flags an unknown city with the default factor and a travel note", () => {
		const f = locationFactor({ city: "  Columbus " });
		expect(f).toMatchObject({
			city: "Columbus",
			factor: UNKNOWN_LOCATION_PERCENT / 100,
			known: false,
		});
		expect(f.note).toMatch(/Columbus/);
		expect(f.note).toMatch(/confirm travel/);
	});

	it("flags a blank or missing city the same way", () => {
		for (const city of [null, undefined, "", "   "]) {
			const f = locationFactor({ city });
			expect(f).toMatchObject({ city: null, factor: 1.1, known: false });
			expect(f.note).toMatch(/No city was given/);
			expect(f.note).toMatch(/confirm travel/);
		}
	});

	it("does not mistake a same-named town in another state for ours", () => {
		expect(locationFactor({ city: "Canton", state: "MI" }).known).toBe(false);
		expect(locationFactor({ city: "Canton", state: "MI" }).note).toMatch(/Canton, MI/);
		expect(locationFactor({ city: "Canton", state: "oh" }).known).toBe(true);
		expect(locationFactor({ city: "Canton", state: "Ohio" }).known).toBe(true);
	});
});

describe("recommended price and range", () => {
	it("rounds to the nearest $5 and spans −10% / +15% (also rounded to $5)", () => {
		// Outline + 2 medium trees ($650, Medium) in Massillon: 650 × 1.08 × 1.05 = 737.10 → $735.
		const e = price(
			[
				{ serviceId: OUTLINE, quantity: 1 },
				{ serviceId: MEDIUM_TREES, quantity: 2 },
			],
			"Massillon",
		);
		expect(e.complexity).toBe("Medium");
		expect(e.recommendedPriceCents).toBe(73_500);
		expect(e.priceRangeLowCents).toBe(66_000); // 661.50 → 660
		expect(e.priceRangeHighCents).toBe(84_500); // 845.25 → 845
		expect(e.priceRangeLowCents).toBeLessThanOrEqual(e.recommendedPriceCents);
		expect(e.priceRangeHighCents).toBeGreaterThanOrEqual(e.recommendedPriceCents);
		for (const cents of [e.recommendedPriceCents, e.priceRangeLowCents, e.priceRangeHighCents]) {
			expect(cents % 500).toBe(0);
		}
	});

	it("rounds halves up and never rounds a positive price to zero", () => {
		expect(roundToStep(250)).toBe(500);
		expect(roundToStep(749)).toBe(500);
		expect(roundToStep(750)).toBe(1000);
		expect(roundToStep(100)).toBe(500);
		expect(roundToStep(0)).toBe(0);
	});
});

describe("adjustments", () => {
	it("name each step from the subtotal to the price: job size, travel and rounding", () => {
		// $650 Medium (+8% = $52) in Massillon (+5%: 737.10 − 702 = $35.10), rounded to $735 (−$2.10).
		const e = price(
			[
				{ serviceId: OUTLINE, quantity: 1 },
				{ serviceId: MEDIUM_TREES, quantity: 2 },
			],
			"Massillon",
		);
		expect(e.adjustments).toEqual([
			{ label: "Medium complexity (+8%)", amountCents: 5_200 },
			{ label: "Travel to Massillon (+5%)", amountCents: 3_510 },
			{ label: "Rounded to the nearest $5", amountCents: -210 },
		]);
	});

	it("leave out a step that adds nothing", () => {
		// $400 Low in Canton: no complexity, no travel, already a multiple of $5.
		expect(price([{ serviceId: OUTLINE, quantity: 1 }], "Canton").adjustments).toEqual([]);
	});

	it("always add up to the recommended price", () => {
		for (const city of ["Canton", "Akron", "Parma", "Nowhere", null])
			for (let trees = 1; trees <= 40; trees += 3) {
				const e = price(
					[
						{ serviceId: OUTLINE, quantity: 1 },
						{ serviceId: SMALL_TREES, quantity: trees },
					],
					city,
				);
				const sum = e.adjustments.reduce((t, a) => t + a.amountCents, e.subtotalCents);
				expect(sum, `${trees} trees in ${city}`).toBe(e.recommendedPriceCents);
			}
	});
});

describe("explanation", () => {
	it("names each service with its quantity, the complexity, the location and the prices", () => {
		const e = price(
			[
				{ serviceId: OUTLINE, quantity: 1 },
				{ serviceId: MEDIUM_TREES, quantity: 2 },
			],
			"Akron",
		);
		expect(e.explanation).toContain("1 × House Outline ($400.00)");
		expect(e.explanation).toContain("2 × Medium Trees at $125.00 each ($250.00)");
		expect(e.explanation).toContain("subtotal of $650.00");
		expect(e.explanation).toContain("Complexity: Medium (3 items)");
		expect(e.explanation).toContain("adds 8%");
		expect(e.explanation).toContain("Akron is in our Akron service area, so travel adds 10%");
		expect(e.explanation).toContain(`Recommended price: $770.00`); // 650 × 1.08 × 1.10 = 772.20
		expect(e.explanation).toContain("$695.00 to $885.00");
	});

	it("says when nothing is added and when the city is unknown", () => {
		const home = price([{ serviceId: OUTLINE, quantity: 1 }], "canton");
		expect(home.explanation).toContain("nothing is added");
		expect(home.explanation).toContain("Canton is our home base, so there is no travel charge");
		const unknown = price([{ serviceId: OUTLINE, quantity: 1 }], null);
		expect(unknown.explanation).toContain("no city given");
		expect(unknown.explanation).toContain("10% travel allowance");
	});
});

describe("determinism", () => {
	it("gives exactly the same estimate for the same input", () => {
		const input = [
			{ serviceId: OUTLINE, quantity: 1 },
			{ serviceId: WINDOWS, quantity: 9 },
			{ serviceId: id(8), quantity: 3 },
		];
		const first = JSON.stringify(price(input, "Hudson"));
		for (let i = 0; i < 20; i++) expect(JSON.stringify(price(input, "Hudson"))).toBe(first);
	});

	it("does not change the catalogue or the selection passed in", () => {
		const input = [
			{ serviceId: WINDOWS, quantity: 2 },
			{ serviceId: OUTLINE, quantity: 1 },
		];
		const before = JSON.stringify({ catalogue, input });
		price(input);
		expect(JSON.stringify({ catalogue, input })).toBe(before);
	});
});
