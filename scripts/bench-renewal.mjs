// `npm run bench:renewal`: making next season's renewal offers for 5,000 eligible customers on
// PostgreSQL (src/server/features/renewals/renewals.service.ts, createOffers): its time and the
// number of statements it sends, beside the floor: the same INSERT … SELECT sent once by a bare pg
// client, and their ratio. Then a second run, which makes none (one offer per customer and season).
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_CUSTOMERS.
import { performance } from "node:perf_hooks";
import pg from "pg";
import { openPostgres } from "../src/server/db/database.ts";
import { ensureSeasons } from "../src/server/features/bookings/season.service.ts";
import { createOffers } from "../src/server/features/renewals/renewals.service.ts";
import { createEventBus } from "../src/server/lib/events.ts";
import { createLogger } from "../src/server/lib/logger.ts";
import { benchDatabase, sql } from "./bench-support.mjs";

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 5000);
const TODAY = "2027-08-02";

const bench = await benchDatabase("bhl_renewal");
const url = bench.url.toString();
const statements = [];
let counting = false;
const database = await openPostgres(url, (query) => {
	if (counting) statements.push(query);
});
const events = createEventBus({ db: database.db, logger: createLogger("silent") });
await ensureSeasons(database.db, "2026-11-01");

console.log(`Seeding ${CUSTOMERS.toLocaleString()} customers whose 2026-27 install was done...`);
await sql(
	url,
	`update season_settings set weekday_capacity = '[100,100,100,100,100,100,100]';
	insert into service_options (name, description, base_price_cents, has_quantity, sort_order)
		values ('House Outline', 'Roofline', 40000, false, 1), ('Medium Trees', 'Wrapped', 12500, true, 2);
	insert into users (id, name, email, email_verified) select 'rn-' || g, 'Customer ' || g, 'rn' || g || '@bench.test', true from generate_series(1, ${CUSTOMERS}) g;
	insert into customers (user_id, name, email, address, city, status, agreed_to_services)
		select 'rn-' || g, 'Customer ' || g, 'rn' || g || '@bench.test', g || ' Market Ave', 'Canton', 'active', true from generate_series(1, ${CUSTOMERS}) g;
	insert into quote_requests (user_id, status, address, city, services, total_estimate_cents, decided_at)
		select 'rn-' || g, 'approved', g || ' Market Ave', 'Canton',
			(select jsonb_agg(jsonb_build_object('serviceId', id, 'name', name, 'description', description,
				'unitPriceCents', base_price_cents - 2000, 'quantity', case when has_quantity then 1 + g % 4 else 1 end))
				from service_options), 60000, timestamptz '2026-09-01 14:00+00'
		from generate_series(1, ${CUSTOMERS}) g;
	insert into bookings (customer_id, season_id, window_id, kind, day, status, created_by)
		select c.id, '2026-27', (select id from service_windows where season_id = '2026-27' and name = 'Prime'), 'install',
			date '2026-10-15' + (split_part(c.user_id, '-', 2)::int % 60), 'done', c.user_id
		from customers c where c.user_id like 'rn-%';`,
);

const deps = { db: database.db, events };
counting = true;
let started = performance.now();
const created = await createOffers(deps, { today: TODAY });
const productMs = performance.now() - started;
counting = false;
const productStatements = statements.length;
started = performance.now();
const again = await createOffers(deps, { today: TODAY });
const secondMs = performance.now() - started;

// The floor: the offers' INSERT … SELECT alone, from a bare client, on the same rows.
await sql(url, "delete from renewal_offers");
const client = new pg.Client({ connectionString: url });
await client.connect();
const insert = statements.find((s) => s.includes("insert into renewal_offers"));
started = performance.now();
const floor = await client.query(insert, [
	"2026-27",
	"2027-28",
	15,
	15,
	"2027-09-30",
	null,
	"2026-27",
	"2027-28",
]);
const floorMs = performance.now() - started;
await client.end();

console.log(
	`\nRenewal offers on PostgreSQL for ${CUSTOMERS.toLocaleString()} eligible customers\n` +
		`product (createOffers)   ${created} offers in ${productMs.toFixed(0)} ms, ${productStatements} statements\n` +
		`floor (the INSERT alone) ${floor.rowCount} offers in ${floorMs.toFixed(0)} ms, 1 statement\n` +
		`ratio                    ${(productMs / floorMs).toFixed(2)}\n` +
		`second run               ${again} offers in ${secondMs.toFixed(0)} ms`,
);
await database.close();
await bench.finish();
