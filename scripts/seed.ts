// `npm run db:seed`: demo accounts for trying the product locally (owner and customer).
// `npm run db:seed -- --last-season`: also three customers whose install was done in the season
// renewal offers are made from now (renew1@example.com … renew3@example.com, holiday-customer),
// so Send Renewal Offers and the customer's Renew can be tried on a fresh install.
// Runs against DATABASE_URL or the embedded database in DATA_DIR; the server must not be running on it.
import { sql } from "drizzle-orm";
import { openDatabase, resultRows } from "../src/server/db/database.ts";
import { parseEnv } from "../src/server/env.ts";
import { ensureSeasons } from "../src/server/features/bookings/season.service.ts";
import { startServer } from "../src/server/server.ts";
import { businessDate } from "../src/shared/dates.ts";
import { previousSeason, renewalSeason } from "../src/shared/renewals.ts";

const lastSeason = process.argv.includes("--last-season");

const env = parseEnv({ ...process.env, PORT: "0", LOG_LEVEL: "warn" });
const server = await startServer(env);
const base = `http://127.0.0.1:${server.port}`;
const returning = lastSeason
	? [1, 2, 3].map((n) => ({
			email: `renew${n}@example.com`,
			password: "holiday-customer",
			role: "customer",
			displayName: ["Riley Returning", "Jordan Again", "Morgan Lights"][n - 1]!,
		}))
	: [];
const accounts = [
	{
		email: "owner@example.com",
		password: "holiday-owner",
		role: "owner",
		displayName: "Olivia Owner",
	},
	{
		email: "customer@example.com",
		password: "holiday-customer",
		role: "customer",
		displayName: "Casey Customer",
	},
];
for (const account of [...accounts, ...returning]) {
	const res = await fetch(`${base}/api/account/sign-up`, {
		method: "POST",
		headers: { "content-type": "application/json" },
		body: JSON.stringify(account),
	});
	const body = await res.json();
	console.log(
		res.ok
			? `created ${account.role} ${account.email} / ${account.password}`
			: `${account.email}: ${body.error}`,
	);
}
await server.close();

if (lastSeason) {
	const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
	const db = handle.db;
	const today = businessDate(new Date());
	const [settings] = resultRows<{ valid: string }>(
		await db.execute(sql`select renewal_valid_until as valid from season_settings where id = 1`),
	);
	const from = previousSeason(renewalSeason(today, settings?.valid ?? "09-30"));
	const start = Number(from.slice(0, 4));
	await ensureSeasons(db, today);
	await db.execute(sql`insert into seasons (id, starts_on, ends_on)
		values (${from}, ${`${start}-08-01`}::date, ${`${start + 1}-07-31`}::date) on conflict do nothing`);
	await db.execute(sql`insert into service_windows (season_id, name, kind, starts_on, ends_on)
		select ${from}, 'Prime', 'install', ${`${start}-11-01`}::date, ${`${start}-11-25`}::date
		where not exists (select 1 from service_windows where season_id = ${from} and kind = 'install')`);
	for (const [n, account] of returning.entries()) {
		const emails = account.email;
		await db.execute(sql`
			with u as (select id, name from users where email = ${emails}),
			c as (
				insert into customers (user_id, name, email, address, city, state, status, agreed_to_services,
					paid_invoice, install_completed)
				select u.id, ${account.displayName}, ${emails}, ${`${120 + n} Market Ave N`}, 'Canton', 'OH',
					'active', true, true, true from u
				on conflict (user_id) do update set status = 'active', install_completed = true
				returning id, user_id
			),
			q as (
				insert into quote_requests (user_id, status, address, city, state, services, total_estimate_cents, decided_at)
				select c.user_id, 'approved', ${`${120 + n} Market Ave N`}, 'Canton', 'OH',
					(select jsonb_agg(jsonb_build_object('serviceId', so.id, 'name', so.name,
						'description', so.description, 'unitPriceCents', so.base_price_cents,
						'quantity', case when so.has_quantity then ${n + 2} else 1 end) order by so.sort_order)
						from (select * from service_options where is_active order by sort_order limit 2) so),
					50000, ${`${start}-09-15T14:00:00Z`}::timestamptz
				from c where not exists (select 1 from quote_requests x where x.user_id = c.user_id)
				returning user_id
			)
			update profiles set account_status = 'active' where user_id in (select user_id from c)`);
		await db.execute(sql`
			insert into bookings (customer_id, season_id, window_id, kind, day, status)
			select c.id, ${from}, w.id, 'install', w.starts_on + ${n}::int, 'done'
			from customers c, (select id, starts_on from service_windows where season_id = ${from}
				and kind = 'install' order by starts_on limit 1) w
			where c.email = ${emails}
				and not exists (select 1 from bookings b where b.customer_id = c.id and b.season_id = ${from})`);
	}
	console.log(
		`last season (${from}): ${returning.length} customers with their install done, ready for renewal offers`,
	);
	await handle.close();
}
