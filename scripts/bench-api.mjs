// `npm run bench:api`: API latency and throughput on PostgreSQL with a large data set.
// Seeds 1,000 customers (5,000 quotes, 5,000 bills, 5,000 service requests), measures, grows to
// 10,000 customers (50,000 of each), measures again, and prints both with the targets. The owner's
// customer search is measured with a selective term and with one every customer matches.
// Two servers run on the same database: one as deployed (busy reads answered from the read cache,
// see src/server/lib/read-cache.ts) and one with READ_CACHE_MS=0, where every request goes to
// PostgreSQL: that one shows how the queries themselves scale with the data.
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
//      BENCH_SECONDS per endpoint (default 20), BENCH_CONNECTIONS (default 50),
//      BENCH_ONLY (measure only the endpoints whose name contains it, e.g. "search" or "pay").
// Last, the payment path: paying bills in test mode at BENCH_CONNECTIONS at once; and the booking
// path: BENCH_CONNECTIONS customers at once holding install days (100 to a day, the most a day
// takes), each beside its floor.
import { fork } from "node:child_process";
import { createHmac } from "node:crypto";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { benchDatabase, sql } from "./bench-support.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const dbName = "bhl_bench";

const bench = await benchDatabase(dbName);
const { startServer } = bench;
const dbUrl = bench.url;
// One after the other: both would migrate the new database at once.
const served = (await startServer()).base;
const direct = (await startServer({ READ_CACHE_MS: "0" })).base;

async function signUp(email, role) {
	const res = await fetch(`${served}/api/account/sign-up`, {
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
		where email = 'customer@bench.test';
	insert into service_requests (user_id, request_type, details, priority, status)
		select id, 'Fix', 'The porch strand is out', 'Normal', 'open' from users where email = 'customer@bench.test';`,
);

/**
 * Grows the data set to `customers` customers, each with 5 quotes, 5 bills and 5 service requests
 * (two of them open or in progress, one in ten Urgent).
 */
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
		insert into service_requests (user_id, request_type, details, priority, requested_color_scheme, status, created_at)
			select 'bench-' || g, (array['Fix','ChangeColor','MoreLights','Fix','Maintenance'])[k], 'Request ' || k || ' of customer ' || g,
				case when (g + k) % 10 = 0 then 'Urgent' else 'Normal' end, case when k = 2 then 'Multicolor' end,
				(array['open','in_progress','resolved','cancelled','resolved'])[k], now() - ((g * 5 + k) || ' minutes')::interval
			from generate_series(${from}, ${customers}) g, generate_series(1, 5) k;
		analyze;`,
	);
}

const allEndpoints = [
	{ name: "owner dashboard", path: "/api/owner/dashboard", cookie: ownerCookie },
	{ name: "owner quote list (first page)", path: "/api/owner/quotes", cookie: ownerCookie },
	{
		name: "owner service requests (1st page)",
		path: "/api/owner/service-requests",
		cookie: ownerCookie,
	},
	{ name: "customer home: latest quote", path: "/api/quotes/latest", cookie: customerCookie },
	{ name: "customer home: record", path: "/api/customer", cookie: customerCookie },
	{ name: "customer home: bills", path: "/api/bills", cookie: customerCookie },
	{ name: "customer service requests", path: "/api/service-requests", cookie: customerCookie },
	// The owner's customer search (trigram index): an e-mail with one match; a name whose words
	// every customer shares but its number (the hardest: 111 matches among old customers); a
	// street word every customer has.
	{ name: "customer search: e-mail", path: "/api/owner/customers?q=c4242%40", cookie: ownerCookie },
	{
		name: "customer search: name",
		path: "/api/owner/customers?q=customer%2077",
		cookie: ownerCookie,
	},
	{ name: "customer search: street", path: "/api/owner/customers?q=market", cookie: ownerCookie },
];
const endpoints = allEndpoints.filter((e) => e.name.includes(process.env.BENCH_ONLY ?? ""));

/**
 * The payment path: POST /api/bills/{id}/pay in test mode with the success card, `connections`
 * at once for `seconds` (autocannon, like the reads), on the server as deployed. The bills belong
 * to `connections` seeded customers (signed in with sessions made here, signed as the server
 * signs its cookies), taken in turn, so each request pays another pending bill with its owner's
 * session (a bill is paid once). Every answer must be 200.
 */
async function measurePay() {
	const db = dbUrl.toString();
	// Enough bills for 3,000 pays a second in all, for the server and the two floors.
	const perCustomer = Math.ceil(((seconds + 2) * 3000 * 3) / connections);
	const payers = Array.from({ length: connections }, (_, i) => `bench-${i + 1}`);
	await sql(
		db,
		`insert into sessions (id, user_id, token, expires_at)
			select 'pay-' || u, u, encode(sha256(convert_to('pay-token-' || u, 'UTF8')), 'hex'), now() + interval '1 day' from unnest($1::text[]) u`,
		[payers],
	);
	await sql(
		db,
		`insert into bills (user_id, description, due_date, amount_cents)
			select u, 'Bench bill ' || g, current_date + 30, 2999 from unnest($1::text[]) u, generate_series(1, ${perCustomer}) g`,
		[payers],
	);
	await sql(db, "analyze bills");
	const cookieOf = (userId) => {
		const token = `pay-token-${userId}`;
		const signature = createHmac("sha256", bench.authSecret).update(token).digest("base64");
		return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
	};
	// Customer after customer: bill 1 of each, then bill 2 of each, ...
	const { rows } = await sql(
		db,
		`select id, user_id from bills where user_id = any($1::text[]) and status = 'pending' and description like 'Bench bill %'
			order by split_part(description, ' ', 3)::int, user_id`,
		[payers],
	);
	const queue = rows.map((r) => ({ path: `/api/bills/${r.id}/pay`, cookie: cookieOf(r.user_id) }));
	let next = 0;
	const body = JSON.stringify({
		card: {
			cardholderName: "Bench Customer",
			cardNumber: "4242424242424242",
			expiry: "12/30",
			cvc: "123",
		},
	});
	const load = async (url, duration) => {
		const r = await autocannon({
			url,
			connections,
			duration,
			requests: [
				{
					method: "POST",
					setupRequest: (req) => {
						const bill = queue[next++];
						if (!bill) throw new Error("bench ran out of pending bills: raise perCustomer");
						return {
							...req,
							path: bill.path,
							headers: { "content-type": "application/json", cookie: bill.cookie },
							body,
						};
					},
				},
			],
		});
		if (r.non2xx || r.errors)
			throw new Error(`pay: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
		return r;
	};
	const measureOn = async (url) => {
		await load(url, 2);
		const r = await load(url, seconds);
		return {
			rps: r.requests.average,
			p50: r.latency.p50,
			p99: r.latency.p99,
			count: r.requests.total,
		};
	};
	const app = await measureOn(served);
	// The floors are measured once the app's e-mails are out, so they have the machine to themselves.
	const drainStarted = performance.now();
	for (;;) {
		const { rows } = await sql(
			db,
			"select count(*)::int as n from email_outbox where status = 'pending'",
		);
		if (rows[0].n === 0) break;
		await new Promise((r) => setTimeout(r, 200));
	}
	app.mailDrainSeconds = (performance.now() - drainStarted) / 1000;
	const floor = await measureOn(await startFloor("scripts/bench-pay-floor.mjs"));
	const floorWithMail = await measureOn(
		await startFloor("scripts/bench-pay-floor.mjs", {
			OUTBOX_DIR: path.join(os.tmpdir(), `bhl-bench-floor-${process.pid}`),
		}),
	);
	return { app, floor, floorWithMail };
}

/**
 * The booking path: POST /api/bookings, an install hold with its deposit bill, by `connections`
 * customers at once (each signed in, with a signed contract, an approved quote and its bill), a
 * day after another of the next season's install windows, 100 customers to a day (the most a day
 * takes, so every answer is 201 and each day is booked by 50 at once). Then the same bookings are
 * undone and made again by the floor (scripts/bench-book-floor.mjs).
 */
async function measureBook() {
	const db = dbUrl.toString();
	const warm = 200;
	// The season's windows exist once a customer has looked at them.
	const seen = await fetch(`${served}/api/bookings`, { headers: { cookie: customerCookie } });
	if (!seen.ok) throw new Error(`GET /api/bookings: ${seen.status}`);
	await sql(
		db,
		"update season_settings set weekday_capacity = '[100,100,100,100,100,100,100]', deposit_percent = 25, change_lock_days = 5",
	);
	const { rows: days } = await sql(
		db,
		`select w.id as window_id, to_char(d, 'YYYY-MM-DD') as day from service_windows w, generate_series(w.starts_on, w.ends_on, interval '1 day') d
			where w.kind = 'install' and w.audience = 'everyone' and w.season_id = (select max(id) from seasons) and d > current_date + 6
			order by d`,
	);
	const amount = Math.min(5000, days.length * 100 - warm);
	const total = warm + amount;
	await sql(
		db,
		`insert into users (id, name, email) select 'book-' || g, 'Booker ' || g, 'b' || g || '@bench.test' from generate_series(1, ${total}) g;
		insert into profiles (user_id, display_name, account_status) select 'book-' || g, 'Booker ' || g, 'active' from generate_series(1, ${total}) g;
		insert into customers (user_id, name, email, address, city, status, agreed_to_services)
			select 'book-' || g, 'Booker ' || g, 'b' || g || '@bench.test', g || ' Cleveland Ave', 'Canton', 'active', true from generate_series(1, ${total}) g;
		insert into quote_requests (user_id, status, address, city, services, total_estimate_cents, decided_at)
			select 'book-' || g, 'approved', g || ' Cleveland Ave', 'Canton', '[]'::jsonb, 100000, now() from generate_series(1, ${total}) g;
		insert into bills (user_id, quote_request_id, description, due_date, amount_cents)
			select user_id, id, 'Holiday lighting installation', current_date + 30, 100000 from quote_requests where user_id like 'book-%';
		insert into sessions (id, user_id, token, expires_at)
			select 'book-' || g, 'book-' || g, encode(sha256(convert_to('book-token-' || g, 'UTF8')), 'hex'), now() + interval '1 day' from generate_series(1, ${total}) g;
		analyze;`,
	);
	const { rows: bookers } = await sql(
		db,
		"select user_id from customers where user_id like 'book-%' order by split_part(user_id, '-', 2)::int",
	);
	const cookieOf = (userId) => {
		const token = `${userId.replace("book-", "book-token-")}`;
		const signature = createHmac("sha256", bench.authSecret).update(token).digest("base64");
		return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
	};
	const queue = bookers.map((b, i) => {
		const booking = {
			windowId: days[Math.floor(i / 100)].window_id,
			day: days[Math.floor(i / 100)].day,
		};
		return {
			cookie: cookieOf(b.user_id),
			body: JSON.stringify(booking),
			floorBody: JSON.stringify({ ...booking, token: b.user_id.replace("book-", "book-token-") }),
		};
	});
	const run = async (url, floor) => {
		let next = 0;
		const load = async (count) => {
			const r = await autocannon({
				url,
				connections,
				amount: count,
				requests: [
					{
						method: "POST",
						setupRequest: (req) => {
							const b = queue[next++];
							return floor
								? { ...req, path: "/", body: b.floorBody }
								: {
										...req,
										path: "/api/bookings",
										headers: { "content-type": "application/json", cookie: b.cookie },
										body: b.body,
									};
						},
					},
				],
			});
			if (r.non2xx || r.errors)
				throw new Error(`book: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
			return r;
		};
		await load(warm);
		const r = await load(amount);
		return {
			rps: r.requests.average,
			p50: r.latency.p50,
			p99: r.latency.p99,
			count: r.requests.total,
		};
	};
	const app = await run(served, false);
	const { rows: held } = await sql(
		db,
		"select (select count(*) from bookings where status = 'held')::int as n, (select max(booked) from crew_days)::int as most",
	);
	app.held = held[0]?.n ?? 0;
	app.mostOnADay = held[0]?.most ?? 0;
	// Undone for the floor: the bookings (the trigger frees their days), their deposits, the balances.
	await sql(
		db,
		`delete from bookings where status = 'held';
		delete from bills where description like 'Deposit to hold%';
		update bills set amount_cents = 100000 where user_id like 'book-%';`,
	);
	const floor = await run(await startFloor("scripts/bench-book-floor.mjs"), true);
	return { app, floor };
}

const floors = [];

/** A floor script on the bench database: a path's statements with no app around them. */
async function startFloor(script, settings = {}) {
	const port = await new Promise((resolve) => {
		const s = net.createServer().listen(0, "127.0.0.1", () => {
			const { port } = s.address();
			s.close(() => resolve(port));
		});
	});
	// With tsx: a floor may send the app's own statements, made by its TypeScript code.
	const child = fork(script, {
		execArgv: ["--import", "tsx"],
		env: { ...process.env, DATABASE_URL: dbUrl.toString(), PORT: String(port), ...settings },
	});
	floors.push(child);
	await new Promise((resolve) => child.once("message", resolve));
	return `http://127.0.0.1:${port}`;
}

/** Each endpoint for `seconds`, after 2 unrecorded seconds that warm up the server's code. */
async function measure(server) {
	const results = {};
	for (const e of endpoints) {
		const load = (duration) =>
			autocannon({ url: server + e.path, connections, duration, headers: { cookie: e.cookie } });
		await load(2);
		const r = await load(seconds);
		if (r.non2xx) throw new Error(`${e.path}: ${r.non2xx} non-2xx answers`);
		results[e.name] = { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
	}
	return results;
}

console.log(`Seeding 1,000 customers...`);
await seedTo(1000);
console.log(
	`Measuring the database path (${connections} connections, ${seconds} s per endpoint)...`,
);
const small = await measure(direct);
console.log(`Seeding 10,000 customers (50,000 quotes, 50,000 bills, 50,000 service requests)...`);
await seedTo(10_000);
console.log("Measuring the database path again, then the server as deployed...");
const large = await measure(direct);
const deployed = await measure(served);
const paying = "pay a bill".includes(process.env.BENCH_ONLY ?? "") ? await measurePay() : undefined;
const booking = "book a day".includes(process.env.BENCH_ONLY ?? "")
	? await measureBook()
	: undefined;

const ms = (n) => String(n).padStart(7);
const row = (name, r) =>
	`${name.padEnd(32)} ${r.rps.toFixed(0).padStart(6)} ${ms(r.p50)} ${ms(r.p99)}`;
console.log(
	"\nAPI benchmark on PostgreSQL, loopback, 10,000 customers (targets: p99 <= 25 ms, >= 2,000 req/s)\n",
);
console.log("as deployed (read cache on)       req/s  p50 ms  p99 ms");
for (const e of endpoints) {
	const r = deployed[e.name];
	console.log(`${row(e.name, r)}  ${r.p99 <= 25 && r.rps >= 2000 ? "ok" : "MISSED"}`);
}
console.log(
	"\ndatabase path (READ_CACHE_MS=0)    req/s  p50 ms  p99 ms  p50 @1k  ratio  (target: ratio <= 1.5)",
);
for (const e of endpoints) {
	const l = large[e.name];
	const s = small[e.name];
	const ratio = s.p50 > 0 ? l.p50 / s.p50 : 1;
	console.log(
		`${row(e.name, l)} ${ms(s.p50)} ${ratio.toFixed(2).padStart(6)}  ${ratio <= 1.5 ? "ok" : "MISSED"}`,
	);
}
if (paying) {
	const { app, floor, floorWithMail } = paying;
	console.log(
		`\npayment path (test mode, success card, ${connections} at once; target: p99 <= 50 ms)\n` +
			`pay a bill                       ${row("", app).slice(32)}  ${app.p99 <= 50 ? "ok" : "MISSED"}  (${app.count} bills paid, every answer 200; their e-mails out ${app.mailDrainSeconds.toFixed(1)} s later)\n` +
			"\nthe floor: the same statements from a bare node:http server and pg, nothing else\n" +
			`statements only                  ${row("", floor).slice(32)}\n` +
			`and the two e-mails as files     ${row("", floorWithMail).slice(32)}`,
	);
}
if (booking) {
	const { app, floor } = booking;
	const ratio = floor.p99 > 0 ? app.p99 / floor.p99 : 1;
	console.log(
		`\nbooking path (install holds with their deposits, ${connections} customers at once, 100 to a day; target: p99 within 1.5x the floor's)\n` +
			`book a day                       ${row("", app).slice(32)}  (${app.held} held, at most ${app.mostOnADay} on a day, every answer 201)\n` +
			`the floor: the same statements    ${row("", floor).slice(32)}\n` +
			`p99 ratio                        ${ratio.toFixed(2).padStart(6)}  ${ratio <= 1.5 ? "ok" : "MISSED"}`,
	);
}
for (const child of floors) child.kill();
// BENCH_KEEP=1 leaves the seeded database for a closer look (EXPLAIN ANALYZE).
await bench.finish();
process.exit(0);
