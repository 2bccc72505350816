// `npm run bench:push`: how many pushes a second the product's push path holds. N pushes (default
// 2,000) to S subscriptions (default 500, one account each) are queued as the app queues them
// (notify() in a transaction, one push each) and delivered by the app's push sender to a
// push-service stand-in on loopback that answers 201; printed: pushes per second from the first
// queued to the last received, and p50/p99 from queued to received. Beside it, the floor: web-push
// alone (generateRequestDetails with its VAPID signing, then fetch; 32 at once) sending the same
// payloads to the same stand-in. PGlite unless TEST_DATABASE_URL names a PostgreSQL server.
// Env: BENCH_PUSHES, BENCH_SUBSCRIPTIONS.
import { createECDH, randomBytes } from "node:crypto";
import http from "node:http";
import webpush from "web-push";
import { profiles, pushSubscriptions, users } from "../src/server/db/schema.ts";
import { notify } from "../src/server/features/notifications/notify.service.ts";
import { startTestApp } from "../tests/support/test-app.ts";

const total = Number(process.env.BENCH_PUSHES ?? 2000);
const subscriptionCount = Number(process.env.BENCH_SUBSCRIPTIONS ?? 500);

const percentile = (sorted, p) =>
	sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

/** The stand-in: records when each push arrived (by its x-bench-id or its order) and answers 201. */
const arrivals = [];
const server = http.createServer((req, res) => {
	req.resume();
	req.on("end", () => {
		arrivals.push({ at: performance.now(), path: req.url });
		res.writeHead(201).end();
	});
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const devices = Array.from({ length: subscriptionCount }, (_, i) => {
	const ecdh = createECDH("prime256v1");
	ecdh.generateKeys();
	return {
		userId: `bench-user-${i}`,
		endpoint: `${origin}/push/${i}`,
		keys: {
			p256dh: ecdh.getPublicKey().toString("base64url"),
			auth: randomBytes(16).toString("base64url"),
		},
	};
});

const app = await startTestApp({ env: { PUSH_HTTP_ENDPOINTS: "true" } });
const db = app.db;
const publicKey = await app.deps.pusher.publicKey();
for (let i = 0; i < devices.length; i += 250) {
	const slice = devices.slice(i, i + 250);
	await db.insert(users).values(
		slice.map((d) => ({
			id: d.userId,
			name: `Bench ${d.userId}`,
			email: `${d.userId}@bench.test`,
		})),
	);
	await db
		.insert(profiles)
		.values(slice.map((d) => ({ userId: d.userId, displayName: `Bench ${d.userId}` })));
	await db.insert(pushSubscriptions).values(
		slice.map((d) => ({
			userId: d.userId,
			endpoint: d.endpoint,
			p256dh: d.keys.p256dh,
			auth: d.keys.auth,
			vapidPublicKey: publicKey,
		})),
	);
}

const notice = (i) => ({
	kind: "chat_reply",
	title: "New message from Olivia Owner",
	body: `Your crew is on the way (${i})`,
	url: "/app#chat",
	tag: `bench-${i}`,
});

/** Runs `count` tasks, `limit` at once. */
async function pool(count, limit, task) {
	let next = 0;
	await Promise.all(
		Array.from({ length: limit }, async () => {
			while (next < count) await task(next++);
		}),
	);
}

async function waitForArrivals(count) {
	const until = Date.now() + 300_000;
	while (arrivals.length < count) {
		if (Date.now() > until) throw new Error(`only ${arrivals.length} of ${count} pushes arrived`);
		await new Promise((r) => setTimeout(r, 5));
	}
}

/** Queue times per push, matched with arrivals in order per device. */
function report(name, queued, started) {
	const byPath = new Map();
	for (const a of arrivals) byPath.set(a.path, [...(byPath.get(a.path) ?? []), a.at]);
	const latencies = [];
	for (const [path, times] of byPath) {
		const sent = queued.filter((q) => q.path === path).map((q) => q.at);
		for (const [i, t] of times.entries()) if (sent[i] !== undefined) latencies.push(t - sent[i]);
	}
	latencies.sort((a, b) => a - b);
	const seconds = (Math.max(...arrivals.map((a) => a.at)) - started) / 1000;
	console.log(
		`${name.padEnd(44)} ${String(Math.round(arrivals.length / seconds)).padStart(6)} pushes/s   p50 ${percentile(latencies, 0.5).toFixed(1).padStart(7)} ms   p99 ${percentile(latencies, 0.99).toFixed(1).padStart(7)} ms`,
	);
}

console.log(
	`${total} pushes to ${subscriptionCount} subscriptions, ${app.kind}, push service stand-in on loopback`,
);

// Warm-up: one push through each path, so keys, connections and JIT are ready.
await app.deps.events.transaction((tx) => notify(tx, app.deps, devices[0].userId, notice(-1)));
await waitForArrivals(1);
arrivals.length = 0;

// The product: queue as the app does (one transaction each, 8 at once), the sender delivers.
{
	const queued = [];
	const started = performance.now();
	await pool(total, 8, async (i) => {
		const d = devices[i % devices.length];
		await app.deps.events.transaction((tx) => notify(tx, app.deps, d.userId, notice(i)));
		queued.push({ path: `/push/${i % devices.length}`, at: performance.now() });
	});
	const queuedIn = (performance.now() - started) / 1000;
	await waitForArrivals(total);
	report("product (notify → push_sends → sender)", queued, started);
	console.log(
		`  of which queueing ${total} pushes (${total} transactions, 8 at once): ${queuedIn.toFixed(1)} s, ${Math.round(total / queuedIn)}/s`,
	);
}

// The sender alone: the same number queued first (one transaction), then timed from its wake-up.
arrivals.length = 0;
{
	await app.deps.pusher.stop();
	await app.deps.events.transaction(async (tx) => {
		for (let i = 0; i < total; i++)
			await notify(tx, app.deps, devices[i % devices.length].userId, notice(i));
	});
	const started = performance.now();
	const queued = Array.from({ length: total }, (_, i) => ({
		path: `/push/${i % devices.length}`,
		at: started,
	}));
	app.deps.pusher.start();
	await waitForArrivals(total);
	report("product sender alone (all queued, then sent)", queued, started);
}

// The floor: web-push alone, the same payloads to the same stand-in.
arrivals.length = 0;
{
	const { privateKey } = await import("../src/server/features/notifications/vapid.ts").then((m) =>
		m.loadVapidKeys({ db, env: app.deps.env, secrets: app.deps.secrets }),
	);
	const vapidDetails = { subject: "mailto:bench@example.test", publicKey, privateKey };
	const queued = [];
	const started = performance.now();
	await pool(total, 32, async (i) => {
		const d = devices[i % devices.length];
		const payload = JSON.stringify({ web_push: 8030, notification: notice(i), kind: "chat_reply" });
		queued.push({ path: `/push/${i % devices.length}`, at: performance.now() });
		const details = webpush.generateRequestDetails(
			{ endpoint: d.endpoint, keys: d.keys },
			payload,
			{ vapidDetails, TTL: 86400 },
		);
		const res = await fetch(details.endpoint, {
			method: "POST",
			headers: Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)])),
			body: new Uint8Array(details.body),
		});
		await res.arrayBuffer();
	});
	await waitForArrivals(total);
	report("floor (web-push alone, 32 at once)", queued, started);
}

await app.close();
server.close();
