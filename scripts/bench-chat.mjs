// `npm run bench:chat`: live chat delivery on PostgreSQL with two server instances.
// Seeds 1,000 signed-in customers, opens one live stream (GET /api/live) per customer, half on each
// instance, plus the owner's on both; then customers post messages, each through the instance that
// does NOT hold their own stream, so every delivery crosses instances (LISTEN/NOTIFY). Prints the
// delivery latency from the start of the POST to the event's arrival on the sender's stream and on
// the owner's, p50/p99 (target p99 <= 100 ms), and the servers' memory per open stream (RSS
// growth from opening the streams, divided by their number).
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
//      BENCH_STREAMS (default 1000), BENCH_MESSAGES (default 500), BENCH_RATE per second (default 25).
import { createHmac } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { benchDatabase, sql } from "./bench-support.mjs";

const streamCount = Number(process.env.BENCH_STREAMS ?? 1000);
const messageCount = Number(process.env.BENCH_MESSAGES ?? 500);
const rate = Number(process.env.BENCH_RATE ?? 25);
const dbName = "bhl_bench_chat";

const bench = await benchDatabase(dbName);
const { startServer, authSecret } = bench;
const dbUrl = bench.url;
// One after the other: both would migrate the new database at once.
const a = await startServer();
const b = await startServer();

/** The session cookie better-auth would set for `token` (signed with the shared secret). */
const cookieFor = (token) =>
	`better-auth.session_token=${encodeURIComponent(
		`${token}.${createHmac("sha256", authSecret).update(token).digest("base64")}`,
	)}`;

// 1,000 customers and one owner, each with a session, straight into the tables.
console.log(`Seeding ${streamCount} signed-in customers...`);
await sql(
	dbUrl.toString(),
	`insert into users (id, name, email) select 'bench-' || g, 'Customer ' || g, 'c' || g || '@bench.test' from generate_series(0, ${streamCount}) g;
	 insert into profiles (user_id, display_name, role, view, account_status)
		select 'bench-' || g, case when g = 0 then 'Bench Owner' else 'Customer ' || g end,
			case when g = 0 then 'owner' else 'customer' end, case when g = 0 then 'owner' else 'customer' end, 'active'
		from generate_series(0, ${streamCount}) g;
	 insert into sessions (id, user_id, token, expires_at)
		select 's-' || g, 'bench-' || g, 'token-' || g, now() + interval '7 days' from generate_series(0, ${streamCount}) g;
	 analyze;`,
);
// The table keeps only each token's SHA-256, as the server does: the cookies carry the tokens.
await sql(
	dbUrl.toString(),
	"update sessions set token = encode(sha256(convert_to(token, 'UTF8')), 'hex')",
);
const tokens = new Map(
	Array.from({ length: streamCount + 1 }, (_, g) => [`bench-${g}`, `token-${g}`]),
);
const owner = { id: "bench-0", cookie: cookieFor(tokens.get("bench-0")) };
const customers = Array.from({ length: streamCount }, (_, i) => {
	const id = `bench-${i + 1}`;
	return { id, cookie: cookieFor(tokens.get(id)), home: i % 2 === 0 ? a : b };
});

/** Kilobytes of resident memory of a server process (Linux). */
const rssKb = (server) => {
	const status = fs.readFileSync(`/proc/${server.process.pid}/status`, "utf8");
	return Number(status.match(/VmRSS:\s+(\d+)/)[1]);
};

/** chat.message id -> time of arrival, per stream kind. */
const arrivals = { sender: new Map(), owner: new Map() };
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

/** Opens a live stream and calls `onMessage(id)` for each chat.message event on it. */
function openStream(server, cookie, onMessage) {
	return new Promise((resolve, reject) => {
		const req = http.get(
			`${server.base}/api/live`,
			{ agent, headers: { cookie, accept: "text/event-stream" } },
			(res) => {
				if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
				res.setEncoding("utf8");
				let buffer = "";
				res.on("data", (chunk) => {
					buffer += chunk;
					let end = buffer.indexOf("\n\n");
					while (end >= 0) {
						const block = buffer.slice(0, end);
						buffer = buffer.slice(end + 2);
						const data = block.split("\n").find((l) => l.startsWith("data: "));
						if (data) {
							const event = JSON.parse(data.slice(6));
							if (event.kind === "chat.message") onMessage(event.messageId);
						}
						end = buffer.indexOf("\n\n");
					}
				});
				resolve(req);
			},
		);
		req.on("error", reject);
	});
}

// Warm both servers up (code paths, database pools) before measuring their memory.
for (const server of [a, b])
	for (let i = 0; i < 20; i++)
		await fetch(`${server.base}/api/me`, { headers: { cookie: customers[i].cookie } });
await new Promise((r) => setTimeout(r, 1000));
const before = { a: rssKb(a), b: rssKb(b) };

console.log(`Opening ${streamCount} customer streams (half on each instance) and the owner's...`);
const open = [];
const now = () => performance.now();
for (const server of [a, b])
	open.push(await openStream(server, owner.cookie, (id) => arrivals.owner.set(id, now())));
for (let i = 0; i < customers.length; i += 50) {
	const batch = customers.slice(i, i + 50);
	open.push(
		...(await Promise.all(
			batch.map((c) =>
				openStream(c.home, c.cookie, (id) => {
					if (!arrivals.sender.has(id)) arrivals.sender.set(id, now());
				}),
			),
		)),
	);
}
await new Promise((r) => setTimeout(r, 2000));
const after = { a: rssKb(a), b: rssKb(b) };
const perStreamKb = (after.a - before.a + (after.b - before.b)) / (streamCount + 2);

console.log(`Posting ${messageCount} messages at ${rate} per second, each across instances...`);
const started = new Map();
const posts = [];
let failures = 0;
for (let i = 0; i < messageCount; i++) {
	const c = customers[(i * 7) % customers.length];
	const through = c.home === a ? b : a;
	const t0 = now();
	posts.push(
		fetch(`${through.base}/api/chat/messages`, {
			method: "POST",
			headers: { cookie: c.cookie, "content-type": "application/json" },
			body: JSON.stringify({ content: `Message ${i}: are the lights still on for Friday?` }),
		}).then(async (res) => {
			if (res.status !== 201) {
				failures++;
				return;
			}
			const { message } = await res.json();
			started.set(message.id, { t0, answered: now() });
		}),
	);
	await new Promise((r) => setTimeout(r, 1000 / rate));
}
await Promise.all(posts);
await new Promise((r) => setTimeout(r, 2000));

const percentile = (values, p) => {
	const sorted = [...values].sort((x, y) => x - y);
	return (
		sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
	);
};
const latencies = (kind) => {
	const out = [];
	for (const [id, { t0 }] of started) {
		const at = arrivals[kind].get(id);
		if (at !== undefined) out.push(at - t0);
	}
	return out;
};
const answer = [...started.values()].map((s) => s.answered - s.t0);
const sender = latencies("sender");
const ownerLat = latencies("owner");
const f = (n) => n.toFixed(1).padStart(7);

console.log(
	`\nLive chat on PostgreSQL, two instances, ${streamCount + 2} open streams, ${messageCount} messages at ${rate}/s (target: p99 <= 100 ms)\n`,
);
console.log("                                      n   p50 ms  p99 ms   max ms");
console.log(
	`POST answered                      ${String(answer.length).padStart(4)} ${f(percentile(answer, 50))} ${f(percentile(answer, 99))} ${f(Math.max(...answer))}`,
);
for (const [name, values] of [
	["delivered to the sender's stream", sender],
	["delivered to the owner's stream", ownerLat],
]) {
	const p99 = percentile(values, 99);
	console.log(
		`${name.padEnd(34)} ${String(values.length).padStart(4)} ${f(percentile(values, 50))} ${f(p99)} ${f(Math.max(...values))}  ${p99 <= 100 ? "ok" : "MISSED"}`,
	);
}
console.log(
	`\nmissing deliveries: sender ${started.size - sender.length}, owner ${started.size - ownerLat.length}; failed posts: ${failures}`,
);
console.log(
	`server memory: RSS ${before.a} + ${before.b} KB before, ${after.a} + ${after.b} KB with the streams open: ${perStreamKb.toFixed(1)} KB per open stream`,
);

for (const req of open) req.destroy();
await bench.finish();
process.exit(0);
