import { describe, expect, it } from "vitest";
import { haversineMiles, type Point, planRoute, tourMiles, zipOf } from "./route-plan.ts";
import { zipPoint } from "./zip-points.ts";

/** Every order of `items` (for the brute force). */
function* permutations<T>(items: T[]): Generator<T[]> {
	if (items.length <= 1) {
		yield items;
		return;
	}
	for (let i = 0; i < items.length; i++)
		for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)]))
			yield [items[i]!, ...rest];
}

const point = async (zip: string) => (await zipPoint(zip))!;

/** The shortest closed tour's miles, by trying every order. */
function bruteForce(depot: Point, stops: { point: Point }[]): number {
	let best = Number.POSITIVE_INFINITY;
	for (const order of permutations(stops))
		best = Math.min(
			best,
			tourMiles(
				depot,
				order.map((s) => s.point),
			),
		);
	return best;
}

describe("route plan", () => {
	it("resolves the Ohio ZIPs of the business's area", async () => {
		for (const zip of ["44702", "44308", "44113", "44646", "44720", "44236"])
			expect(await zipPoint(zip), zip).toMatchObject({
				latitude: expect.closeTo(41, 0),
				longitude: expect.closeTo(-81.5, 0),
			});
		expect(await zipPoint("00000")).toBeNull();
		expect(await zipPoint(null)).toBeNull();
	});

	it("measures Canton to Akron as about 20 miles in a straight line", async () => {
		const miles = haversineMiles(await point("44702"), await point("44308"));
		expect(miles).toBeGreaterThan(18);
		expect(miles).toBeLessThan(22);
	});

	it("finds the shortest closed tour of a small day, the one a brute force finds", async () => {
		const depot = await point("44702"); // Canton
		const zips = ["44308", "44113", "44646", "44720", "44236", "44601", "44224"];
		const stops = await Promise.all(zips.map(async (id) => ({ id, point: await point(id) })));
		const best = bruteForce(depot, stops);
		const plan = planRoute(depot, stops);
		expect(plan.miles).toBeCloseTo(best, 6);
		expect(plan.unknown).toEqual([]);
		expect([...plan.order].sort()).toEqual([...zips].sort());
		// The known optimum, in the direction that starts nearer the depot: Massillon, North Canton,
		// Akron, Cleveland, Hudson, Stow, Alliance, and back to Canton.
		expect(plan.order).toEqual(["44646", "44720", "44308", "44113", "44236", "44224", "44601"]);
	});

	it("finds the brute force's tour of the API test's day too", async () => {
		const depot = await point("44702");
		const zips = ["44308", "44113", "44646", "44720", "44236"];
		const stops = await Promise.all(zips.map(async (id) => ({ id, point: await point(id) })));
		const best = bruteForce(depot, stops);
		const plan = planRoute(depot, stops);
		expect(plan.miles).toBeCloseTo(best, 6);
		// Massillon, Akron, Cleveland, Hudson, North Canton (tests/api/day-route.test.ts).
		expect(plan.order).toEqual(["44646", "44308", "44113", "44236", "44720"]);
	});

	it("finds the brute force's tour on most random days of seven houses in the area, never far off", () => {
		let seed = 20261128;
		const random = () => {
			seed = (seed * 1103515245 + 12345) % 2 ** 31;
			return seed / 2 ** 31;
		};
		const depot = { latitude: 40.8, longitude: -81.38 };
		let exact = 0;
		for (let day = 0; day < 20; day++) {
			const stops = Array.from({ length: 7 }, (_, i) => ({
				id: String(i),
				point: { latitude: 40.6 + random() * 0.7, longitude: -81.7 + random() * 0.6 },
			}));
			const best = bruteForce(depot, stops);
			const miles = planRoute(depot, stops).miles;
			expect(miles).toBeLessThanOrEqual(best * 1.03);
			if (miles < best + 1e-6) exact++;
		}
		expect(exact).toBeGreaterThanOrEqual(17);
	});

	it("puts stops without a known ZIP last, in their own order, and flags them", async () => {
		const depot = await point("44702");
		const plan = planRoute(depot, [
			{ id: "nowhere", point: null },
			{ id: "akron", point: await point("44308") },
			{ id: "typo", point: null },
			{ id: "massillon", point: await point("44646") },
		]);
		expect(plan.order.slice(2)).toEqual(["nowhere", "typo"]);
		expect(plan.unknown).toEqual(["nowhere", "typo"]);
		expect(plan.miles).toBeGreaterThan(0);
	});

	it("orders a day with no located stop as given, and an empty day as nothing", () => {
		expect(planRoute(null, [])).toEqual({ order: [], unknown: [], miles: 0 });
		expect(planRoute(null, [{ id: "a", point: null }]).order).toEqual(["a"]);
	});

	it("without a depot, closes the tour on its first stop", () => {
		const line: Point[] = [0, 3, 1, 2].map((x) => ({ latitude: 40, longitude: -81 + x / 10 }));
		const plan = planRoute(
			null,
			line.map((p, i) => ({ id: String(i), point: p })),
		);
		expect(plan.order).toHaveLength(4);
		// 0 → 2 → 3 → 1 → 0 (or its reverse) is the shortest: out along the line and back.
		expect(plan.miles).toBeCloseTo(2 * haversineMiles(line[0]!, line[1]!), 3);
	});

	it("reads the ZIP of a ZIP field or the last one of an address", () => {
		expect(zipOf("44702-1234")).toBe("44702");
		expect(zipOf(null, "123 Market Ave N, Canton, OH 44702")).toBe("44702");
		expect(zipOf("", "10000 Main St, Akron, OH 44308")).toBe("44308");
		expect(zipOf("Canton, OH")).toBeNull();
	});
});
