import type { ServiceOption } from "../../../shared/catalog.ts";
import {
	type Estimate,
	QUOTE_FORM_MESSAGES,
	type ServiceChoice,
} from "../../../shared/estimate.ts";
import { formatCents, MAX_AMOUNT_CENTS } from "../../../shared/money.ts";
import { badRequest } from "../../lib/errors.ts";

/**
 * The instant ("AI") quote engine: pure and deterministic. Prices come only from the catalogue
 * passed in; the same catalogue and input always give the same estimate, to the cent and word.
 * The rules are documented in docs/decisions/004-instant-quote-and-public-forms.md.
 */

/** Job size → complexity. The first level whose units OR subtotal threshold is reached applies. */
export const COMPLEXITY_RULES = [
	{
		level: "High",
		minUnits: 15,
		minSubtotalCents: 150_000,
		percent: 115,
		why: "a large display needs a bigger crew, lifts and more power planning",
	},
	{
		level: "Medium",
		minUnits: 6,
		minSubtotalCents: 60_000,
		percent: 108,
		why: "a mid-sized display takes more crew time and planning",
	},
	{
		level: "Low",
		minUnits: 0,
		minSubtotalCents: 0,
		percent: 100,
		why: "a small display is quick to plan and install",
	},
] as const;

type Zone = "home" | "nearby" | "akron" | "cleveland";

/** Travel from the Canton home base, as a percentage of the price. */
export const LOCATION_ZONES: Record<Zone, { percent: number; cities: readonly string[] }> = {
	home: { percent: 100, cities: ["Canton"] },
	nearby: {
		percent: 105,
		cities: [
			"North Canton",
			"Massillon",
			"Louisville",
			"Green",
			"Uniontown",
			"Hartville",
			"Canal Fulton",
			"Alliance",
			"East Canton",
			"Navarre",
			"Minerva",
			"Beach City",
			"Brewster",
			"Wilmot",
			"Waynesburg",
			"Magnolia",
			"Limaville",
			"Meyers Lake",
			"Hills and Dales",
			"Jackson Township",
			"Plain Township",
			"Lake Township",
			"Perry Township",
			"Nimishillen Township",
			"Osnaburg Township",
			"Tuscarawas Township",
		],
	},
	akron: {
		percent: 110,
		cities: [
			"Akron",
			"Cuyahoga Falls",
			"Stow",
			"Barberton",
			"Fairlawn",
			"Tallmadge",
			"Hudson",
			"Munroe Falls",
			"Norton",
			"New Franklin",
			"Mogadore",
			"Copley",
			"Bath",
			"Coventry Township",
			"Springfield Township",
			"Silver Lake",
			"Lakemore",
			"Kent",
			"Wadsworth",
			"Doylestown",
			"Clinton",
			"Peninsula",
			"Richfield",
			"Twinsburg",
			"Macedonia",
			"Northfield",
			"Sagamore Hills",
			"Streetsboro",
			"Ravenna",
			"Rittman",
		],
	},
	cleveland: {
		percent: 118,
		cities: [
			"Cleveland",
			"Parma",
			"Parma Heights",
			"Lakewood",
			"Strongsville",
			"Independence",
			"Westlake",
			"Medina",
			"Brunswick",
			"North Royalton",
			"Broadview Heights",
			"Brecksville",
			"Seven Hills",
			"Middleburg Heights",
			"Berea",
			"Brook Park",
			"Brooklyn",
			"Brooklyn Heights",
			"Cuyahoga Heights",
			"Garfield Heights",
			"Maple Heights",
			"Bedford",
			"Bedford Heights",
			"Valley View",
			"Walton Hills",
			"Solon",
			"Beachwood",
			"Shaker Heights",
			"Cleveland Heights",
			"University Heights",
			"South Euclid",
			"Lyndhurst",
			"Mayfield Heights",
			"Mayfield Village",
			"Highland Heights",
			"Pepper Pike",
			"Orange",
			"Chagrin Falls",
			"Euclid",
			"East Cleveland",
			"Richmond Heights",
			"Rocky River",
			"Bay Village",
			"Fairview Park",
			"North Olmsted",
			"Olmsted Falls",
			"Avon",
			"Avon Lake",
			"North Ridgeville",
			"Elyria",
			"Hinckley",
			"Mentor",
			"Willoughby",
			"Ohio City",
			"Tremont",
		],
	},
};

/** For an unknown or missing city: about the middle of our area, flagged for the owner to confirm. */
export const UNKNOWN_LOCATION_PERCENT = 110;
/** The recommended price and range are rounded to this step. */
const ROUNDING_STEP_CENTS = 500;
/** The range around the recommended price, in percent of it. */
const RANGE_LOW_PERCENT = 90;
const RANGE_HIGH_PERCENT = 115;
/** Larger selections are not quoted online; they fit no int column and need a site visit anyway. */
export const MAX_SUBTOTAL_CENTS = MAX_AMOUNT_CENTS;

const ZONE_WORDS: Record<Zone, string> = {
	home: "our Canton home base",
	nearby: "close to our Canton home base",
	akron: "in our Akron service area",
	cleveland: "in our Cleveland service area, the farthest from our Canton base",
};

/** "  n. canton , OH 44720 " → "north canton": the form used to look a city up. */
export function normalizeCity(raw: string): string {
	return raw
		.normalize("NFKD")
		.replace(/[\u0300-\u036f]/g, "")
		.toLowerCase()
		.replace(/\s+\d{5}(-\d{4})?\s*$/, "")
		.replace(/[.'’]/g, "")
		.replace(/[,/_-]+/g, " ")
		.replace(/\s+/g, " ")
		.trim()
		.replace(/ (oh|ohio)$/, "")
		.replace(/^(n|s|e|w|mt) /, (m) => `${EXPANSIONS[m.trim()]} `)
		.replace(/ (twp|township)$/, " township");
}
const EXPANSIONS: Record<string, string> = {
	n: "north",
	s: "south",
	e: "east",
	w: "west",
	mt: "mount",
};

const CITY_INDEX = new Map<string, { zone: Zone; name: string }>(
	(Object.entries(LOCATION_ZONES) as [Zone, { cities: readonly string[] }][]).flatMap(
		([zone, { cities }]) => cities.map((name) => [normalizeCity(name), { zone, name }] as const),
	),
);

const OHIO = new Set(["oh", "ohio"]);

/** The travel factor for a city (and state, when given). */
export function locationFactor(options: {
	city?: string | null;
	state?: string | null;
}): Estimate["locationFactors"] & { percent: number; zone: Zone | null } {
	const typed = options.city?.replace(/\s+/g, " ").trim() || null;
	const state = options.state ? normalizeCity(options.state) : "";
	const unknownPct = `${UNKNOWN_LOCATION_PERCENT - 100}%`;
	if (!typed) {
		return {
			city: null,
			factor: UNKNOWN_LOCATION_PERCENT / 100,
			percent: UNKNOWN_LOCATION_PERCENT,
			zone: null,
			known: false,
			note: `No city was given, so this estimate includes a standard ${unknownPct} travel allowance. We will confirm travel when we review your request.`,
		};
	}
	const match = state && !OHIO.has(state) ? undefined : CITY_INDEX.get(normalizeCity(typed));
	if (!match) {
		const where = state && !OHIO.has(state) ? `${typed}, ${options.state?.trim()}` : typed;
		return {
			city: typed,
			factor: UNKNOWN_LOCATION_PERCENT / 100,
			percent: UNKNOWN_LOCATION_PERCENT,
			zone: null,
			known: false,
			note: `${where} is not on our list of service towns yet, so this estimate includes a standard ${unknownPct} travel allowance. We will confirm travel when we review your request.`,
		};
	}
	const { percent } = LOCATION_ZONES[match.zone];
	return {
		city: match.name,
		factor: percent / 100,
		percent,
		zone: match.zone,
		known: true,
		note:
			match.zone === "home"
				? `${match.name} is our home base, so there is no travel charge.`
				: `${match.name} is ${ZONE_WORDS[match.zone]}: travel adds ${percent - 100}%.`,
	};
}

export function complexityFor(options: { units: number; subtotalCents: number }) {
	return COMPLEXITY_RULES.find(
		(r) => options.units >= r.minUnits || options.subtotalCents >= r.minSubtotalCents,
	)!;
}

/** Nearest step, halves up; a positive amount never rounds down to nothing. */
export function roundToStep(cents: number, step = ROUNDING_STEP_CENTS): number {
	if (cents <= 0) return 0;
	return Math.max(step, Math.round(cents / step) * step);
}

/** Prices a selection of catalogue services for a city. Throws a 400 AppError for a bad selection. */
export function priceEstimate(options: {
	catalogue: readonly ServiceOption[];
	services: readonly ServiceChoice[];
	city?: string | null;
	state?: string | null;
}): Estimate {
	if (options.services.length === 0) throw badRequest(QUOTE_FORM_MESSAGES.addressAndService);
	const byId = new Map(options.catalogue.filter((s) => s.isActive).map((s) => [s.id, s]));
	const seen = new Set<string>();
	const chosen = options.services.map((choice) => {
		const service = byId.get(choice.serviceId);
		if (!service) throw badRequest("Unknown service");
		if (seen.has(service.id)) throw badRequest("Each service can only be chosen once");
		seen.add(service.id);
		if (!Number.isInteger(choice.quantity) || choice.quantity < 1)
			throw badRequest("Quantity must be at least 1");
		if (choice.quantity > 1 && !service.hasQuantity)
			throw badRequest(`${service.name} is priced per property, so its quantity must be 1`);
		return { service, quantity: choice.quantity };
	});
	// The catalogue's order, not the order of clicks: the same selection reads the same.
	chosen.sort(
		(a, b) =>
			a.service.sortOrder - b.service.sortOrder ||
			a.service.name.localeCompare(b.service.name, "en") ||
			a.service.id.localeCompare(b.service.id, "en"),
	);
	const lines = chosen.map(({ service, quantity }) => ({
		serviceId: service.id,
		name: service.name,
		quantity,
		unitPriceCents: service.basePriceCents,
		totalCents: service.basePriceCents * quantity,
	}));
	const subtotalCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
	if (subtotalCents > MAX_SUBTOTAL_CENTS)
		throw badRequest(
			"This selection is too large for an online quote. Please call us and we will price it with you.",
		);
	const units = lines.reduce((sum, l) => sum + l.quantity, 0);
	const complexity = complexityFor({ units, subtotalCents });
	const location = locationFactor({ city: options.city, state: options.state });

	const adjusted = Math.round((subtotalCents * complexity.percent * location.percent) / 10_000);
	const recommendedPriceCents = roundToStep(adjusted);
	const priceRangeLowCents = roundToStep((recommendedPriceCents * RANGE_LOW_PERCENT) / 100);
	const priceRangeHighCents = roundToStep((recommendedPriceCents * RANGE_HIGH_PERCENT) / 100);

	// The same price in lines: each step's share, travel taking the cent the two roundings may leave.
	const complexityCents = Math.round((subtotalCents * (complexity.percent - 100)) / 100);
	const adjustments = [
		{
			label: `${complexity.level} complexity (+${complexity.percent - 100}%)`,
			amountCents: complexityCents,
		},
		{
			label: location.known
				? `Travel to ${location.city} (+${location.percent - 100}%)`
				: `Travel allowance, area to confirm (+${location.percent - 100}%)`,
			amountCents: adjusted - subtotalCents - complexityCents,
		},
		{
			label: `Rounded to the nearest $${ROUNDING_STEP_CENTS / 100}`,
			amountCents: recommendedPriceCents - adjusted,
		},
	].filter((a) => a.amountCents !== 0);

	const { percent: _p, zone: _z, ...locationFactors } = location;
	return {
		lines,
		subtotalCents,
		recommendedPriceCents,
		priceRangeLowCents,
		priceRangeHighCents,
		complexity: complexity.level,
		adjustments,
		explanation: explain({
			lines,
			subtotalCents,
			units,
			complexity,
			location,
			recommendedPriceCents,
			priceRangeLowCents,
			priceRangeHighCents,
		}),
		locationFactors,
	};
}

function explain(e: {
	lines: Estimate["lines"];
	subtotalCents: number;
	units: number;
	complexity: ReturnType<typeof complexityFor>;
	location: ReturnType<typeof locationFactor>;
	recommendedPriceCents: number;
	priceRangeLowCents: number;
	priceRangeHighCents: number;
}): string {
	const services = e.lines
		.map((l) =>
			l.quantity === 1
				? `1 × ${l.name} (${formatCents(l.totalCents)})`
				: `${l.quantity} × ${l.name} at ${formatCents(l.unitPriceCents)} each (${formatCents(l.totalCents)})`,
		)
		.join(", ");
	const items = `${e.units} ${e.units === 1 ? "item" : "items"}`;
	const complexity =
		e.complexity.percent === 100
			? `Complexity: ${e.complexity.level} (${items}), since ${e.complexity.why}, so nothing is added.`
			: `Complexity: ${e.complexity.level} (${items}), since ${e.complexity.why}: this adds ${e.complexity.percent - 100}%.`;
	const { location } = e;
	const travel = location.percent - 100;
	const where = !location.known
		? `Location: ${location.city ?? "no city given"}, not priced yet, so a standard ${travel}% travel allowance is included until we confirm it.`
		: location.zone === "home"
			? `Location: ${location.city} is our home base, so there is no travel charge.`
			: `Location: ${location.city} is ${ZONE_WORDS[location.zone!]}, so travel adds ${travel}%.`;
	return [
		`Services: ${services}, for a subtotal of ${formatCents(e.subtotalCents)}.`,
		complexity,
		where,
		`Recommended price: ${formatCents(e.recommendedPriceCents)} (rounded to the nearest $5), with a likely range of ${formatCents(e.priceRangeLowCents)} to ${formatCents(e.priceRangeHighCents)} once we have seen the property.`,
	].join(" ");
}
