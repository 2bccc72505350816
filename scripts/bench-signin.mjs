// `npm run bench:signin`: a photo download's latency during a sign-in flood.
// One server as deployed (the product's scrypt cost, TRUST_PROXY=1 so each flood request comes
// from its own X-Forwarded-For address) on a fresh PostgreSQL database. A customer uploads a
// photo with a quote request; the photo is then downloaded one request after the other:
//   floor: with nothing else going on;
//   owner: while BENCH_ADDRESSES addresses (default 30) guess the owner's password, each sending
//          its next wrong password as soon as the last one is answered;
//   spray: the same, each guess for another e-mail address (one guess per account).
// Prints p50/p99 of the download in each phase, the ratio to the floor, and how the guesses were
// answered. Env: BENCH_DATABASE_URL, BENCH_SECONDS per phase (default 15), BENCH_ADDRESSES,
// BENCH_NODE_ARGS (see bench-support.mjs).
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { benchDatabase, sql } from "./bench-support.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const addresses = Number(process.env.BENCH_ADDRESSES ?? 30);
const PASSWORD = "bench-password";

const bench = await benchDatabase("bhl_bench_signin");
const { base } = await bench.startServer({ TRUST_PROXY: "1" });

async function signUp(email, role) {
	const res = await fetch(`${base}/api/account/sign-up`, {
		method: "POST",
		headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.1" },
		body: JSON.stringify({ email, password: PASSWORD, role }),
	});
	if (res.status !== 201) throw new Error(`sign-up ${email}: ${res.status} ${await res.text()}`);
	return res.headers
		.getSetCookie()
		.map((c) => c.split(";")[0])
		.join("; ");
}
await signUp("owner@bench.test", "owner");
const customer = await signUp("customer@bench.test", "customer");

// A phone photo: 1600x1200 of noise (it barely compresses), stored as the server stores uploads.
const { rows: services } = await sql(
	bench.url,
	"select id from service_options order by sort_order limit 2",
);
const photo = await sharp({
	create: {
		width: 1600,
		height: 1200,
		channels: 3,
		noise: { type: "gaussian", mean: 128, sigma: 40 },
	},
})
	.jpeg({ quality: 85 })
	.toBuffer();
const form = new FormData();
form.append(
	"data",
	JSON.stringify({
		address: "100 Market Ave N",
		city: "Canton",
		state: "OH",
		zipCode: "44702",
		services: services.map((s) => ({ serviceId: s.id, quantity: 1 })),
	}),
);
form.append("photos", new Blob([photo], { type: "image/jpeg" }), "front.jpg");
const quote = await fetch(`${base}/api/quote-requests`, {
	method: "POST",
	headers: { cookie: customer, "x-forwarded-for": "192.0.2.1" },
	body: form,
});
if (quote.status !== 201) throw new Error(`quote request: ${quote.status} ${await quote.text()}`);
const { rows: files } = await sql(bench.url, "select id, size_bytes from files");
const photoUrl = `${base}/api/files/${files[0].id}`;
console.log(`photo: ${Math.round(files[0].size_bytes / 1024)} KB, ${addresses} addresses`);

/** Downloads the photo one request after the other until `until()` says stop; latencies in ms. */
async function downloads(until) {
	const times = [];
	while (!until()) {
		const started = performance.now();
		const res = await fetch(photoUrl, { headers: { cookie: customer } });
		const body = await res.arrayBuffer();
		if (res.status !== 200 || body.byteLength !== Number(files[0].size_bytes))
			throw new Error(`download: ${res.status}`);
		times.push(performance.now() - started);
	}
	return times;
}

/**
 * Each address guesses, one guess after the other, for `seconds` (bench-signin-flood.mjs, on its
 * own thread); resolves to the counts of the answers.
 */
function flood(phase, email) {
	const worker = new Worker(new URL("./bench-signin-flood.mjs", import.meta.url), {
		workerData: { base, phase, addresses, seconds, email },
	});
	return new Promise((resolve, reject) => {
		worker.once("message", resolve);
		worker.once("error", reject);
	});
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const stats = (times) => {
	const sorted = [...times].sort((a, b) => a - b);
	return { n: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
};
const ms = (v) => `${v.toFixed(1)} ms`.padStart(12);

async function phase(name, flooding) {
	const end = Date.now() + seconds * 1000;
	const over = () => Date.now() >= end;
	const [times, answers] = await Promise.all([
		// Let the flood start before the first download.
		new Promise((r) => setTimeout(r, flooding ? 200 : 0)).then(() => downloads(over)),
		flooding ? flood(flooding.phase, flooding.email) : undefined,
	]);
	return { name, ...stats(times), answers };
}

// Warm up (connections, the file's path through the server), then measure.
const warm = Date.now() + 1000;
await downloads(() => Date.now() >= warm);
const results = [
	await phase("floor (no flood)", null),
	await phase("owner's password guessed", { phase: 1, email: "owner@bench.test" }),
	await phase("one guess per e-mail", { phase: 2, email: undefined }),
];
const floor = results[0];
console.log(
	`\n${"photo download".padEnd(28)}${"n".padStart(6)}${"p50".padStart(12)}${"p99".padStart(12)}  p50/p99 vs floor  sign-in answers`,
);
for (const r of results) {
	const ratio = `${(r.p50 / floor.p50).toFixed(1)}x / ${(r.p99 / floor.p99).toFixed(1)}x`;
	const answers = r.answers
		? Object.entries(r.answers)
				.map(([status, count]) => `${status}: ${count}`)
				.join(", ")
		: "";
	console.log(
		`${r.name.padEnd(28)}${String(r.n).padStart(6)}${ms(r.p50)}${ms(r.p99)}  ${ratio.padEnd(16)}  ${answers}`,
	);
}
await bench.finish();
