/**
 * A day's route: the order of its stops that drives the least from the business and back. Pure:
 * points in, order out. Distances are great-circle miles between ZIP centroids (haversine), so a
 * total is "as the crow flies", not road miles.
 */

export interface Point {
	latitude: number;
	longitude: number;
}

export interface RouteStop {
	id: string;
	/** Its ZIP code's centroid; null when the ZIP is missing or unknown. */
	point: Point | null;
}

export interface RoutePlan {
	/** Every stop's id: the located ones in driving order, then the unknown ones as given. */
	order: string[];
	/** The stops without a known ZIP (last in `order`, flagged on the sheet). */
	unknown: string[];
	/** The closed tour's length in miles (depot → stops → depot; located stops only). */
	miles: number;
}

const EARTH_RADIUS_MILES = 3958.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles. */
export function haversineMiles(a: Point, b: Point): number {
	const dLat = rad(b.latitude - a.latitude);
	const dLon = rad(b.longitude - a.longitude);
	const h =
		Math.sin(dLat / 2) ** 2 +
		Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
	return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The length of a tour through `points` in the given order. With a depot the tour starts and ends
 * there; without one it closes on its first point.
 */
export function tourMiles(depot: Point | null, points: readonly Point[]): number {
	const path = depot ? [depot, ...points, depot] : [...points, ...points.slice(0, 1)];
	let total = 0;
	for (let i = 1; i < path.length; i++) total += haversineMiles(path[i - 1]!, path[i]!);
	return total;
}

/**
 * The stops in the order that drives the least (nearly: nearest neighbour from the depot, then
 * 2-opt on the closed tour until no reversal shortens it, and Or-opt until no run of up to three
 * stops is better placed elsewhere, 2-opt again after each move). Without a depot the tour starts at the
 * first located stop and closes on it. Stops without a point go last, in the order given. Of the
 * two directions of the same tour, the one whose first stop is nearer the depot is taken.
 */
export function planRoute(depot: Point | null, stops: readonly RouteStop[]): RoutePlan {
	const located = stops.filter((s): s is RouteStop & { point: Point } => s.point !== null);
	const unknown = stops.filter((s) => s.point === null).map((s) => s.id);
	if (located.length === 0) return { order: unknown, unknown, miles: 0 };
	// Node 0 is the depot (or the first located stop when there is none); 1..n the stops.
	const nodes: Point[] = depot
		? [depot, ...located.map((s) => s.point)]
		: located.map((s) => s.point);
	const n = nodes.length;
	const dist: number[][] = nodes.map((a) => nodes.map((b) => haversineMiles(a, b)));
	const d = (i: number, j: number) => dist[i]![j]!;

	// Nearest neighbour from node 0.
	const tour = [0];
	const left = new Set(Array.from({ length: n - 1 }, (_, i) => i + 1));
	while (left.size > 0) {
		const last = tour[tour.length - 1]!;
		let best = -1;
		for (const j of left) if (best < 0 || d(last, j) < d(last, best)) best = j;
		tour.push(best);
		left.delete(best);
	}

	// 2-opt on the closed tour, node 0 fixed first: reverse tour[i..k] while it shortens the tour;
	// then Or-opt: move a run of one to three stops elsewhere (either way round) while that does.
	const at = (i: number) => tour[i % n]!;
	const twoOpt = () => {
		let changed = false;
		for (let improved = true; improved; ) {
			improved = false;
			for (let i = 1; i < n - 1; i++)
				for (let k = i + 1; k < n; k++) {
					const delta =
						d(at(i - 1), at(k)) + d(at(i), at(k + 1)) - d(at(i - 1), at(i)) - d(at(k), at(k + 1));
					if (delta < -1e-9) {
						tour.splice(i, k - i + 1, ...tour.slice(i, k + 1).reverse());
						improved = changed = true;
					}
				}
		}
		return changed;
	};
	const orOpt = () => {
		for (let len = 1; len <= 3; len++)
			for (let i = 1; i + len <= n; i++) {
				const first = tour[i]!;
				const last = tour[i + len - 1]!;
				const before = tour[i - 1]!;
				const after = at(i + len);
				const gain = d(before, first) + d(last, after) - d(before, after);
				const rest = [...tour.slice(0, i), ...tour.slice(i + len)];
				for (let j = 0; j < rest.length; j++) {
					const a = rest[j]!;
					const b = rest[(j + 1) % rest.length]!;
					if (j === i - 1) continue;
					const forward = d(a, first) + d(last, b) - d(a, b);
					const backward = d(a, last) + d(first, b) - d(a, b);
					if (Math.min(forward, backward) < gain - 1e-9) {
						const run = tour.slice(i, i + len);
						rest.splice(j + 1, 0, ...(forward <= backward ? run : run.reverse()));
						tour.splice(0, n, ...rest);
						return true;
					}
				}
			}
		return false;
	};
	twoOpt();
	while (orOpt()) twoOpt();

	let visit = depot ? tour.slice(1).map((i) => i - 1) : tour;
	if (depot && visit.length > 1 && d(0, visit[0]! + 1) > d(0, visit[visit.length - 1]! + 1))
		visit = visit.reverse();
	const ordered = visit.map((i) => located[i]!);
	return {
		order: [...ordered.map((s) => s.id), ...unknown],
		unknown,
		miles: tourMiles(
			depot,
			ordered.map((s) => s.point),
		),
	};
}

/** The five-digit ZIP of a ZIP field ("44702-1234") or, failing that, the last one in an address. */
export function zipOf(...texts: (string | null | undefined)[]): string | null {
	for (const text of texts) {
		const found = text?.match(/\b(\d{5})(?:-\d{4})?\b(?!.*\b\d{5}\b)/s);
		if (found) return found[1]!;
	}
	return null;
}
