// `npm run bench:api`: API latency and throughput on PostgreSQL with a large data set.
// Seeds 1,000 customers (5,000 quotes, 5,000 bills), measures, grows to 10,000 customers
// (50,000 quotes, 50,000 bills), measures again, and prints both with the targets.
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
//      BENCH_SECONDS per endpoint (default 20), BENCH_CONNECTIONS (default 50).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const dbName = "bhl_bench";

async function freePort() {
	return new Promise((resolve) => {
		const s = net.createServer().listen(0, "127.0.0.1", () => {
			const { port } = s.address();
			s.close(() => resolve(port));
		});
	});
}

async function sql(url, text) {
	const client = new pg.Client({ connectionString: url });
	await client.connect();
	try {
		return await client.query(text);
	} finally {
		await client.end();
	}
}

await sql(adminUrl, `drop database if exists ${dbName} with (force)`);
await sql(adminUrl, `create database ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-bench-"));
const server = spawn(process.execPath, ["--import", "tsx", "src/server/index.ts"], {
	env: {
		...process.env,
		PORT: String(port),
		HOST: "127.0.0.1",
		APP_URL: base,
		DATABASE_URL: dbUrl.toString(),
		DATA_DIR: dataDir,
		LOG_LEVEL: "warn",
		NODE_ENV: "production",
	},
	stdio: ["ignore", "ignore", "inherit"],
});
const stop = () => server.kill("SIGTERM");
process.on("exit", stop);
for (let i = 0; i < 200; i++) {
	try {
		if ((await fetch(`${base}/api/health`)).ok) break;
	} catch {}
	await new Promise((r) => setTimeout(r, 250));
}

async function signUp(email, role) {
	const res = await fetch(`${base}/api/account/sign-up`, {
		method: "POST",
		headers: { "content-type": "application/json" },
		body: JSON.stringify({
			email,
			password: "bench-password",
			role,
			displayName: role === "owner" ? "Bench Owner" : "Bench Customer",
		}),
	});
	if (res.status !== 201) throw new Error(`sign-up ${email}: ${res.status} ${await res.text()}`);
	return res.headers
		.getSetCookie()
		.map((c) => c.split(";")[0])
		.join("; ");
}
const ownerCookie = await signUp("owner@bench.test", "owner");
const customerCookie = await signUp("customer@bench.test", "customer");
// The measured customer has a quote and two bills, like the seeded ones.
await sql(
	dbUrl.toString(),
	`insert into quote_requests (user_id, status, address, city, services, total_estimate_cents)
		select id, 'approved', '1 Market Ave', 'Canton', '[]'::jsonb, 47500 from users where email = 'customer@bench.test';
	insert into bills (user_id, description, due_date, amount_cents, status)
		select id, 'Holiday lighting installation', current_date + 30, 47500, s from users, unnest(array['pending', 'paid']) s
		where email = 'customer@bench.test';`,
);

/** Grows the data set to `customers` customers, each with 5 quotes and 5 bills. */
async function seedTo(customers) {
	const db = dbUrl.toString();
	const { rows } = await sql(db, "select count(*)::int as n from customers");
	const from = rows[0].n + 1;
	await sql(
		db,
		`
		insert into users (id, name, email) select 'bench-' || g, 'Customer ' || g, 'c' || g || '@bench.test' from generate_series(${from}, ${customers}) g;
		insert into profiles (user_id, display_name, account_status) select 'bench-' || g, 'Customer ' || g, 'active' from generate_series(${from}, ${customers}) g;
		insert into customers (user_id, name, email, address, city, status, created_at)
			select 'bench-' || g, 'Customer ' || g, 'c' || g || '@bench.test', g || ' Market Ave', 'Canton', 'active', now() - (g || ' minutes')::interval
			from generate_series(${from}, ${customers}) g;
		insert into quote_requests (user_id, status, address, city, services, total_estimate_cents, created_at)
			select 'bench-' || g, (array['pending','approved','revised','rejected','approved'])[k], g || ' Market Ave', 'Canton',
				(select jsonb_agg(jsonb_build_object('serviceId', id, 'name', name, 'description', description, 'unitPriceCents', base_price_cents, 'quantity', 1)) from service_options where sort_order <= 2),
				47500, now() - ((g * 5 + k) || ' minutes')::interval
			from generate_series(${from}, ${customers}) g, generate_series(1, 5) k;
		insert into bills (user_id, description, due_date, amount_cents, status, created_at)
			select 'bench-' || g, 'Holiday lighting installation', current_date + 30, 47500, (array['pending','paid'])[1 + k % 2], now() - ((g * 5 + k) || ' minutes')::interval
			from generate_series(${from}, ${customers}) g, generate_series(1, 5) k;
		analyze;`,
	);
}

const endpoints = [
	{ name: "owner dashboard", path: "/api/owner/dashboard", cookie: ownerCookie },
	{ name: "owner quote list (first page)", path: "/api/owner/quotes", cookie: ownerCookie },
	{ name: "customer home: latest quote", path: "/api/quotes/latest", cookie: customerCookie },
	{ name: "customer home: record", path: "/api/customer", cookie: customerCookie },
	{ name: "customer home: bills", path: "/api/bills", cookie: customerCookie },
];

async function measure() {
	const results = {};
	for (const e of endpoints) {
		const r = await autocannon({
			url: base + e.path,
			connections,
			duration: seconds,
			headers: { cookie: e.cookie },
		});
		if (r.non2xx) throw new Error(`${e.path}: ${r.non2xx} non-2xx answers`);
		results[e.name] = { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
	}
	return results;
}

console.log(`Seeding 1,000 customers...`);
await seedTo(1000);
console.log(`Measuring (${connections} connections, ${seconds} s per endpoint)...`);
const small = await measure();
console.log(`Seeding 10,000 customers (50,000 quotes, 50,000 bills)...`);
await seedTo(10_000);
const large = await measure();

console.log(
	"\nAPI benchmark on PostgreSQL, loopback (targets: p99 <= 25 ms, >= 2,000 req/s, median at 10k within 1.5x of 1k)\n",
);
console.log("endpoint                          req/s    p50 ms  p99 ms   p50 @1k  ratio");
for (const e of endpoints) {
	const l = large[e.name];
	const s = small[e.name];
	const ratio = s.p50 > 0 ? l.p50 / s.p50 : 1;
	const ok = l.p99 <= 25 && l.rps >= 2000 && ratio <= 1.5 ? "ok" : "MISSED";
	console.log(
		`${e.name.padEnd(32)} ${l.rps.toFixed(0).padStart(6)} ${String(l.p50).padStart(8)} ${String(l.p99).padStart(7)} ${String(s.p50).padStart(9)} ${ratio.toFixed(2).padStart(6)}  ${ok}`,
	);
}
stop();
// BENCH_KEEP=1 leaves the seeded database for a closer look (EXPLAIN ANALYZE).
if (!process.env.BENCH_KEEP) await sql(adminUrl, `drop database if exists ${dbName} with (force)`);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
