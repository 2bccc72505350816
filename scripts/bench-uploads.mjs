// `npm run bench:uploads`: what big photo uploads cost everyone else. One server as deployed on a
// fresh PostgreSQL database. Measures, one after the other, a normal request (GET /api/health and
// a small POST /api/estimate) with nothing else going on (the floor), then the same while public
// quote requests with six ~40-megapixel photos each are in flight (BENCH_QUOTES at once, sent again
// as each one ends), and prints p50/p99 of both and their ratio, the quotes' own times and answers,
// and the server's peak memory. Then posts one multipart form of a million tiny parts (~56 MB)
// while pinging /api/health every 10 ms: the longest ping is the event loop's stall.
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
//      BENCH_QUOTES (default 3), BENCH_SAMPLES per request kind (default 200),
//      BENCH_MEGAPIXELS (default 39.3: 7680 x 5120), BENCH_PARTS (default 1,000,000).
import fs from "node:fs";
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { benchDatabase } from "./bench-support.mjs";

const quotesInFlight = Number(process.env.BENCH_QUOTES ?? 3);
const samples = Number(process.env.BENCH_SAMPLES ?? 200);
const megapixels = Number(process.env.BENCH_MEGAPIXELS ?? 39.3);
const partCount = Number(process.env.BENCH_PARTS ?? 1_000_000);

const bench = await benchDatabase("bhl_bench_uploads");
// Behind one proxy, so each quote and estimate can come from its own address and no public rate
// limit is reached.
const server = await bench.startServer({ TRUST_PROXY: "1" });
const base = server.base;
let address = 0;
const nextAddress = () => {
	address++;
	return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

const ms = (t) => `${t.toFixed(1)} ms`;
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const summary = (times) => {
	const sorted = [...times].sort((a, b) => a - b);
	return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) };
};
const peakRssMb = () => {
	const status = fs.readFileSync(`/proc/${server.process.pid}/status`, "utf8");
	return Math.round(Number(status.match(/VmHWM:\s+(\d+)/)[1]) / 1024);
};

// --- the photos: a phone-like JPEG (smooth colours, full decode cost) and a transparent PNG ----
const width = Math.round(Math.sqrt((megapixels * 1e6 * 3) / 2));
const height = Math.round((width * 2) / 3);
console.log(`Making photos of ${width} x ${height} (${((width * height) / 1e6).toFixed(1)} MP)...`);
const jpeg = await sharp({
	create: {
		width: 480,
		height: 320,
		channels: 3,
		background: "#246",
		noise: { type: "gaussian", mean: 128, sigma: 60 },
	},
})
	.resize(width, height, { kernel: "cubic" })
	.jpeg({ quality: 80 })
	.toBuffer();
const transparentPng = await sharp({
	create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } },
})
	.png()
	.toBuffer();
console.log(
	`JPEG ${(jpeg.length / 1048576).toFixed(1)} MB, transparent PNG ${(transparentPng.length / 1048576).toFixed(1)} MB`,
);

const catalog = await (await fetch(`${base}/api/catalog`)).json();
const serviceId = (catalog.services ?? catalog)[0].id;
const estimateBody = JSON.stringify({
	services: [{ serviceId, quantity: 1 }],
	address: "1 Main St",
	city: "Akron",
	state: "OH",
});

async function timed(kind) {
	const started = performance.now();
	const response =
		kind === "health"
			? await fetch(`${base}/api/health`)
			: await fetch(`${base}/api/estimate`, {
					method: "POST",
					headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
					body: estimateBody,
				});
	const text = await response.text();
	if (!response.ok) throw new Error(`${kind} answered ${response.status}: ${text.slice(0, 200)}`);
	return performance.now() - started;
}

async function measure() {
	const out = {};
	for (const kind of ["health", "estimate"]) {
		const times = [];
		for (let i = 0; i < samples; i++) times.push(await timed(kind));
		out[kind] = summary(times);
	}
	return out;
}

function quoteForm() {
	const form = new FormData();
	form.append(
		"data",
		JSON.stringify({
			name: "Bench Visitor",
			email: "bench@example.test",
			address: "1 Main St",
			city: "Akron",
			state: "OH",
			services: [{ serviceId, quantity: 1 }],
		}),
	);
	for (let i = 0; i < 6; i++) {
		const png = i % 2 === 1;
		form.append(
			"photos",
			new Blob([png ? transparentPng : jpeg], { type: png ? "image/png" : "image/jpeg" }),
			`photo-${i}.${png ? "png" : "jpg"}`,
		);
	}
	return form;
}

// Warm-up: the first requests compile code paths and open database connections.
for (let i = 0; i < 20; i++) {
	await timed("health");
	await timed("estimate");
}

console.log(`\nFloor: ${samples} of each request, nothing else going on...`);
const floor = await measure();

console.log(
	`Loaded: the same while ${quotesInFlight} quotes with six photos each are in flight...`,
);
let loading = true;
const quoteTimes = [];
const quoteAnswers = {};
const senders = Array.from({ length: quotesInFlight }, async () => {
	while (loading) {
		const started = performance.now();
		const response = await fetch(`${base}/api/public/quote-requests`, {
			method: "POST",
			headers: { "x-forwarded-for": nextAddress() },
			body: quoteForm(),
		});
		const text = await response.text();
		quoteTimes.push(performance.now() - started);
		const key = response.status === 201 ? "201" : `${response.status} ${text.slice(0, 120)}`;
		quoteAnswers[key] = (quoteAnswers[key] ?? 0) + 1;
	}
});
// Let the first bodies arrive and their photos start processing.
await new Promise((r) => setTimeout(r, 1500));
const loaded = await measure();
loading = false;
await Promise.all(senders);

console.log(
	"\nrequest        floor p50   floor p99   loaded p50  loaded p99  ratio p50  ratio p99",
);
for (const kind of ["health", "estimate"]) {
	const f = floor[kind];
	const l = loaded[kind];
	console.log(
		`${kind.padEnd(14)} ${ms(f.p50).padStart(9)}   ${ms(f.p99).padStart(9)}   ${ms(l.p50).padStart(9)}  ${ms(l.p99).padStart(9)}  ${(l.p50 / f.p50).toFixed(1).padStart(8)}x  ${(l.p99 / f.p99).toFixed(1).padStart(8)}x   (loaded max ${ms(l.max)})`,
	);
}
const q = summary(quoteTimes);
console.log(
	`quotes: ${quoteTimes.length} sent, p50 ${ms(q.p50)}, max ${ms(q.max)}; answers ${JSON.stringify(quoteAnswers)}`,
);
console.log(`server peak memory (VmHWM): ${peakRssMb()} MB`);

// --- a form of a million tiny parts --------------------------------------------------------
console.log(`\nMany parts: one form of ${partCount.toLocaleString("en-US")} tiny parts...`);
// Short boundary and name: ~56 bytes a part, so the form stays within the upload's size limit.
const boundary = "b0undary";
const part = `--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n`;
const manyParts = Buffer.from(`${part.repeat(partCount)}--${boundary}--\r\n`);
// The pings run on their own thread, so that sending the form here cannot delay them.
const pinger = new Worker(
	`const { parentPort, workerData } = require("node:worker_threads");
	let on = true;
	const times = [];
	parentPort.on("message", () => { on = false; });
	(async () => {
		while (on) {
			const t = performance.now();
			await (await fetch(workerData + "/api/health")).text();
			times.push(performance.now() - t);
			await new Promise((r) => setTimeout(r, 10));
		}
		parentPort.postMessage(times);
	})();`,
	{ eval: true, workerData: base },
);
const pings = new Promise((resolve) => pinger.once("message", resolve));
await new Promise((r) => setTimeout(r, 300));
const started = performance.now();
const response = await fetch(`${base}/api/public/quote-requests`, {
	method: "POST",
	headers: {
		"content-type": `multipart/form-data; boundary=${boundary}`,
		"x-forwarded-for": nextAddress(),
	},
	body: manyParts,
});
const answer = await response.text();
const took = performance.now() - started;
await new Promise((r) => setTimeout(r, 300));
pinger.postMessage("stop");
const pingTimes = await pings;
await pinger.terminate();
console.log(
	`${(manyParts.length / 1048576).toFixed(1)} MB form answered ${response.status} in ${ms(took)}: ${answer.slice(0, 140)}`,
);
console.log(
	`health pings meanwhile: ${pingTimes.length}, p50 ${ms(summary(pingTimes).p50)}, longest ${ms(summary(pingTimes).max)} (the event loop's stall)`,
);

await bench.finish();
