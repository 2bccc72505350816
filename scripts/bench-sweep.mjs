// `npm run bench:sweep`: how long the reminder sweep (every 15 minutes, src/server/features/
// automations/reminders.service.ts) takes on PostgreSQL with 10,000 booked installs, 10,000 unpaid
// bills and 1,000 revised quotes waiting for their customers.
// 1. The first sweep of the day, at 10 AM in Canton, sends everything due (each message in its own
//    transaction with its ledger row and its e-mail): its time and how many went.
// 2. BENCH_SWEEPS (default 40) more sweeps through the day, with nothing new to send: p50 and p99,
//    beside the floor: the same reads sent by a bare pg client, nothing else.
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_SWEEPS.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { openPostgres } from "../src/server/db/database.ts";
import { buildDeps } from "../src/server/deps.ts";
import { parseEnv } from "../src/server/env.ts";
import { sendDueReminders } from "../src/server/features/automations/reminders.service.ts";
import { ensureSeasons } from "../src/server/features/bookings/season.service.ts";
import { createLogger } from "../src/server/lib/logger.ts";
import { benchDatabase, sql } from "./bench-support.mjs";

const sweeps = Number(process.env.BENCH_SWEEPS ?? 40);
const CUSTOMERS = 10_000;

const percentile = (sorted, p) =>
	sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (times) => {
	const sorted = [...times].sort((a, b) => a - b);
	return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

const bench = await benchDatabase("bhl_sweep");
const url = bench.url.toString();
const database = await openPostgres(url);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-sweep-"));
const env = parseEnv({
	DATA_DIR: dataDir,
	APP_URL: "http://127.0.0.1:3000",
	LOG_LEVEL: "silent",
	NODE_ENV: "production",
	SCHEDULER_TICK_MS: "0",
});
// Not started: the e-mails wait in the outbox, so the sweep alone is measured.
const deps = buildDeps({
	env,
	database,
	logger: createLogger("silent"),
	authSecret: "bench-secret-bench-secret-bench-secret!",
});

console.log(`Seeding ${CUSTOMERS.toLocaleString()} customers, their installs and bills...`);
await ensureSeasons(database.db, "2026-11-01");
// 10,000 installs over the 100 days from October 15 (100 a day, the most a day takes); bills due over 90 days from
// October 1; revised quotes sent over the 30 days before November 20.
await sql(
	url,
	`update season_settings set weekday_capacity = '[100,100,100,100,100,100,100]';
	insert into users (id, name, email, email_verified) select 'sw-' || g, 'Customer ' || g, 'sw' || g || '@bench.test', true from generate_series(1, ${CUSTOMERS}) g;
	insert into profiles (user_id, display_name, account_status) select 'sw-' || g, 'Customer ' || g, 'active' from generate_series(1, ${CUSTOMERS}) g;
	insert into customers (user_id, name, email, address, city, status, agreed_to_services)
		select 'sw-' || g, 'Customer ' || g, 'sw' || g || '@bench.test', g || ' Market Ave', 'Canton', 'active', true from generate_series(1, ${CUSTOMERS}) g;
	insert into bookings (customer_id, season_id, window_id, kind, day, status, created_by)
		select c.id, '2026-27', (select id from service_windows where season_id = '2026-27' and name = 'Prime'), 'install',
			date '2026-10-15' + (split_part(c.user_id, '-', 2)::int % 100), 'booked', c.user_id
		from customers c where c.user_id like 'sw-%';
	insert into bills (user_id, description, due_date, amount_cents)
		select 'sw-' || g, 'Holiday lighting installation', date '2026-10-01' + (g % 90), 65000 from generate_series(1, ${CUSTOMERS}) g;
	insert into quote_requests (user_id, status, address, city, services, total_estimate_cents, revised_price_cents, decided_at)
		select 'sw-' || g, 'revised', g || ' Market Ave', 'Canton', '[]'::jsonb, 65000, 72500, timestamptz '2026-10-21 14:00+00' + ((g % 30) || ' days')::interval
		from generate_series(1, 1000) g;
	analyze;`,
);

// Friday, November 20, 2026: 10 AM in Canton is 15:00 UTC.
const tenAm = new Date("2026-11-20T15:00:00Z");
let started = performance.now();
const sent = await sendDueReminders(deps, tenAm);
const first = performance.now() - started;

const later = (n) => new Date(tenAm.getTime() + (n + 1) * 15 * 60_000);
const app = [];
for (let i = 0; i < sweeps; i++) {
	started = performance.now();
	const again = await sendDueReminders(deps, later(i % 40));
	app.push(performance.now() - started);
	if (again !== 0) throw new Error(`a later sweep sent ${again}`);
}

// The floor: the reads of a sweep with nothing to send, from a bare client.
const client = new pg.Client({ connectionString: url });
await client.connect();
const today = "2026-11-20";
const day = (n) => {
	const d = new Date(`${today}T12:00:00Z`);
	d.setUTCDate(d.getUTCDate() + n);
	return d.toISOString().slice(0, 10);
};
const notSent = (kind, id, occurrence) =>
	`not exists (select 1 from automation_sends s where s.kind = ${kind} and s.subject_id = ${id} and s.occurrence = ${occurrence}::text)`;
const reads = [
	["select kind from automation_switches where enabled = false", []],
	[
		`select b.id, b.kind, b.day, c.user_id, c.name, c.email, c.address, c.city, u.email, u.email_verified
			from bookings b join customers c on c.id = b.customer_id left join users u on u.id = c.user_id
			where b.status = 'booked' and b.day between $1 and $2 and b.kind = any($3) and ${notSent("b.kind || '_reminder'", "b.id", "b.day")}`,
		[day(1), day(2), ["install", "takedown"]],
	],
	...[
		["bill_due", 1, 3],
		["bill_overdue_7", -13, -7],
		["bill_overdue_14", -30, -14],
	].map(([kind, from, to]) => [
		`select b.id, b.user_id, b.description, b.amount_cents, b.due_date, u.email, u.name, u.email_verified
			from bills b join users u on u.id = b.user_id
			where b.status = 'pending' and b.due_date between $1 and $2 and ${notSent("$3", "b.id", "b.due_date")}`,
		[day(from), day(to), kind],
	]),
	[
		`select q.id, q.user_id, to_char((q.decided_at at time zone 'America/New_York')::date, 'YYYY-MM-DD'),
				coalesce(q.revised_price_cents, q.total_estimate_cents), u.email, u.name, u.email_verified
			from quote_requests q join users u on u.id = q.user_id
			where q.status = 'revised' and to_char((q.decided_at at time zone 'America/New_York')::date, 'YYYY-MM-DD') = any($1)
				and ${notSent("'quote_follow_up'", "q.id", "to_char((q.decided_at at time zone 'America/New_York')::date, 'YYYY-MM-DD') || case when to_char((q.decided_at at time zone 'America/New_York')::date, 'YYYY-MM-DD') = $2 then ' #1' else ' #2' end")}`,
		[[day(-3), day(-6)], day(-3)],
	],
	["select review_url from business_settings where id = 1", []],
];
const floor = [];
for (let i = 0; i < sweeps; i++) {
	started = performance.now();
	for (const [text, values] of reads) await client.query(text, values);
	floor.push(performance.now() - started);
}
await client.end();

const a = summary(app);
const f = summary(floor);
console.log(
	`\nReminder sweep on PostgreSQL: ${CUSTOMERS.toLocaleString()} booked installs, ${CUSTOMERS.toLocaleString()} unpaid bills, 1,000 revised quotes\n` +
		`first sweep of the day: ${sent.toLocaleString()} messages in ${(first / 1000).toFixed(1)} s (${(first / sent).toFixed(2)} ms a message)\n` +
		`later sweeps, nothing new (${sweeps} runs)   p50 ${a.p50.toFixed(1)} ms   p99 ${a.p99.toFixed(1)} ms\n` +
		`the floor: the same reads, bare pg      p50 ${f.p50.toFixed(1)} ms   p99 ${f.p99.toFixed(1)} ms\n` +
		`p99 ratio ${(a.p99 / f.p99).toFixed(2)}`,
);

await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
await bench.finish();
