// `npm run bench:route`: a realistic install day, 12 houses in Stark and Summit counties (real
// ZIPs, in the order they were booked), driven from the shop in Canton (44702) and back.
// Prints the booking order's miles, the route's (nearest neighbour + 2-opt, src/server/features/
// crew/route-plan.ts), their ratio, the exact optimum (Held-Karp over the 12 stops) and the route's
// gap to it, and the time to compute the route: the first ZIP lookup (loads the ZIP table) once,
// then the median and p99 of BENCH_RUNS (default 2,000) plans.
// Distances are straight-line miles between ZIP centroids, as the product shows them.
import { performance } from "node:perf_hooks";
import { planRoute, tourMiles } from "../src/server/features/crew/route-plan.ts";
import { zipPoint } from "../src/server/features/crew/zip-points.ts";

const runs = Number(process.env.BENCH_RUNS ?? 2000);
const SHOP = "44702"; // Canton
/** The day's houses in booking order: Summit (Akron, Stow, Hudson, Barberton, Tallmadge, Cuyahoga
 * Falls) and Stark (Massillon, North Canton, Alliance, Louisville, Canal Fulton, Canton). */
const DAY = [
	["44224", "Stow"],
	["44646", "Massillon"],
	["44313", "Akron (Merriman Valley)"],
	["44720", "North Canton"],
	["44601", "Alliance"],
	["44203", "Barberton"],
	["44236", "Hudson"],
	["44708", "Canton (west)"],
	["44641", "Louisville"],
	["44278", "Tallmadge"],
	["44614", "Canal Fulton"],
	["44221", "Cuyahoga Falls"],
];

const percentile = (sorted, p) =>
	sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The exact shortest closed tour from the depot (Held-Karp dynamic programme). */
function optimum(depot, points) {
	const nodes = [depot, ...points];
	const n = points.length;
	const d = (a, b) => tourMiles(null, [nodes[a], nodes[b]]) / 2;
	const FULL = 1 << n;
	const best = Array.from({ length: FULL }, () =>
		new Float64Array(n).fill(Number.POSITIVE_INFINITY),
	);
	for (let j = 0; j < n; j++) best[1 << j][j] = d(0, j + 1);
	for (let set = 1; set < FULL; set++)
		for (let j = 0; j < n; j++) {
			const here = best[set][j];
			if (!(set & (1 << j)) || here === Number.POSITIVE_INFINITY) continue;
			for (let k = 0; k < n; k++) {
				if (set & (1 << k)) continue;
				const next = set | (1 << k);
				const miles = here + d(j + 1, k + 1);
				if (miles < best[next][k]) best[next][k] = miles;
			}
		}
	let min = Number.POSITIVE_INFINITY;
	for (let j = 0; j < n; j++) min = Math.min(min, best[FULL - 1][j] + d(j + 1, 0));
	return min;
}

const loadStart = performance.now();
const depot = await zipPoint(SHOP);
const loadMs = performance.now() - loadStart;
const stops = [];
for (const [zip, place] of DAY) {
	const point = await zipPoint(zip);
	if (!point) throw new Error(`ZIP ${zip} (${place}) not found`);
	stops.push({ id: zip, place, point });
}

const booking = tourMiles(
	depot,
	stops.map((s) => s.point),
);
const plan = planRoute(depot, stops);
const exact = optimum(
	depot,
	stops.map((s) => s.point),
);

const times = [];
for (let i = 0; i < runs; i++) {
	const start = performance.now();
	planRoute(depot, stops);
	times.push(performance.now() - start);
}
times.sort((a, b) => a - b);

const mi = (m) => `${m.toFixed(1)} mi`;
console.log(`12 stops in Stark and Summit counties, from the shop in Canton (${SHOP}) and back`);
console.log(`booking order:   ${mi(booking)}`);
console.log(`route order:     ${mi(plan.miles)}`);
console.log(`  ${plan.order.map((zip) => stops.find((s) => s.id === zip).place).join(" → ")}`);
console.log(
	`ratio:           ${(plan.miles / booking).toFixed(3)} (${((1 - plan.miles / booking) * 100).toFixed(1)}% fewer miles)`,
);
console.log(
	`exact optimum:   ${mi(exact)} (route is ${(((plan.miles - exact) / exact) * 100).toFixed(2)}% above it)`,
);
console.log(`ZIP table load:  ${loadMs.toFixed(1)} ms (once per process)`);
console.log(
	`compute:         median ${(percentile(times, 50) * 1000).toFixed(0)} µs, p99 ${(percentile(times, 99) * 1000).toFixed(0)} µs over ${runs} runs`,
);
