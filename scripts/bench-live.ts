// `npm run bench:live`: what one signed-in customer can leave behind on the live stream route.
// Starts the app (embedded database), signs a customer up, then sends BENCH_REQUESTS (default
// 20,000) HEAD requests to /api/live and as many GETs dropped once their headers came, and prints
// the server's open streams and heap (after a full collection) before and after each.
import http from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { HttpClient } from "../tests/support/http-client.ts";
import { startTestApp } from "../tests/support/test-app.ts";

const total = Number(process.env.BENCH_REQUESTS ?? 20_000);
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const app = await startTestApp();
const client = new HttpClient(app.url);
const signUp = await client.post("/api/account/sign-up", {
	email: "bench@example.test",
	password: "lights-up-2024",
	role: "customer",
	displayName: "Bench Customer",
});
if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.text}`);
const cookie = client.cookieHeader();

async function state() {
	for (let i = 0; i < 3; i++) {
		gc();
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	return { streams: app.deps.live.size, heapMb: process.memoryUsage().heapUsed / 2 ** 20 };
}

async function run(label: string, one: (agent: http.Agent) => Promise<number>) {
	const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
	const statuses: Record<number, number> = {};
	let next = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: 16 }, async () => {
			while (next < total) {
				next++;
				const status = await one(agent);
				statuses[status] = (statuses[status] ?? 0) + 1;
			}
		}),
	);
	agent.destroy();
	const seconds = (performance.now() - started) / 1000;
	// Streams ended by a dropped connection go within a moment; give them one.
	await new Promise((resolve) => setTimeout(resolve, 1000));
	const after = await state();
	console.log(
		`${label.padEnd(26)} ${total} in ${seconds.toFixed(1)} s, answers ${JSON.stringify(statuses)}: open streams ${after.streams}, heap ${after.heapMb.toFixed(1)} MB`,
	);
}

const before = await state();
console.log(
	`${"before".padEnd(26)} open streams ${before.streams}, heap ${before.heapMb.toFixed(1)} MB`,
);
await run(
	"HEAD /api/live",
	(agent) =>
		new Promise((resolve, reject) => {
			const req = http.request(`${app.url}/api/live`, {
				method: "HEAD",
				agent,
				headers: { cookie },
			});
			req.on("response", (res) => {
				res.resume();
				res.on("end", () => resolve(res.statusCode ?? 0));
			});
			req.on("error", reject);
			req.end();
		}),
);
await run(
	"GET /api/live, dropped",
	(agent) =>
		new Promise((resolve, reject) => {
			const req = http.request(`${app.url}/api/live`, { agent, headers: { cookie } });
			req.on("response", (res) => {
				resolve(res.statusCode ?? 0);
				req.destroy();
			});
			req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
			req.end();
		}),
);
await app.close();
