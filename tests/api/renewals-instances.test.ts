import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, read } from "../support/http-client.ts";
import { clonePostgresTemplate } from "../support/postgres-template.ts";
import {
	type ServerProcess,
	signUpOn,
	startInstance,
	stopServerProcess,
} from "../support/server-process.ts";

/**
 * One renewal offer per customer and season across server instances on one PostgreSQL database:
 * the owner presses Send Renewal Offers on both instances at once, round after round, for every
 * eligible customer and for one customer; each customer ends with exactly one offer.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("sending renewal offers from two server instances", () => {
	let database: { url: string; drop(): Promise<void> };
	let db: pg.Client;
	let a: ServerProcess;
	let b: ServerProcess;
	beforeAll(async () => {
		database = await clonePostgresTemplate(url!);
		db = new pg.Client({ connectionString: database.url });
		await db.connect();
		[a, b] = await Promise.all([startInstance(database.url), startInstance(database.url)]);
	}, 120_000);
	afterAll(async () => {
		await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
		await db?.end();
		await database?.drop();
	});

	/**
	 * `count` customers (from `first`) whose install in `season` was done: an account, an approved
	 * quote of two catalogue lines and a done install booking, as the season would have left them.
	 */
	async function eligible(season: string, first: number, count: number) {
		await db.query(
			`insert into users (id, name, email, email_verified)
				select 'rn-' || g, 'Customer ' || g, 'rn' || g || '@example.test', true
				from generate_series($1::int, $2::int) g`,
			[first, first + count - 1],
		);
		await db.query(
			`insert into customers (user_id, name, email, address, city, status, agreed_to_services)
				select 'rn-' || g, 'Customer ' || g, 'rn' || g || '@example.test', g || ' Market Ave', 'Canton', 'active', true
				from generate_series($1::int, $2::int) g`,
			[first, first + count - 1],
		);
		await db.query(
			`insert into quote_requests (user_id, status, address, city, services, total_estimate_cents, decided_at)
				select 'rn-' || g, 'approved', g || ' Market Ave', 'Canton',
					(select jsonb_agg(jsonb_build_object('serviceId', id, 'name', name, 'description', description,
						'unitPriceCents', base_price_cents, 'quantity', 1 + g % 3))
						from service_options where name like 'Renewal %'), 50000, now() - interval '1 year'
				from generate_series($1::int, $2::int) g`,
			[first, first + count - 1],
		);
		await db.query(
			`insert into bookings (customer_id, season_id, window_id, kind, day, status, created_by)
				select c.id, $1, (select id from service_windows where season_id = $1 and kind = 'install' limit 1),
					'install', (select starts_on from seasons where id = $1) + 80 + split_part(c.user_id, '-', 2)::int % 30,
					'done', c.user_id
				from customers c
				where c.user_id like 'rn-%' and split_part(c.user_id, '-', 2)::int between $2 and $3`,
			[season, first, first + count - 1],
		);
	}

	const offers = async () =>
		(
			await db.query(
				`select customer_id, to_season, count(*)::int as n from renewal_offers group by 1, 2`,
			)
		).rows as { customer_id: string; to_season: string; n: number }[];

	it("both instances at once, five rounds for all and three for one customer: one offer each", async () => {
		const owner = await signUpOn(a, "owner@example.test", "owner");
		// The same owner's session works on either instance, as two tabs or two owners would.
		const onA = owner;
		const onB = new HttpClient(b.url, owner);
		const before = await read(onA.api.owner.renewals.$get());
		expect(before.status, before.text).toBe(200);
		const { seasonId, fromSeasonId } = before.json;
		// The season whose installs earn an offer, with an install window, and room on every day.
		await db.query(
			`insert into seasons (id, starts_on, ends_on)
				values ($1, (split_part($1, '-', 1) || '-08-01')::date, ((split_part($1, '-', 1)::int + 1) || '-07-31')::date)
				on conflict do nothing`,
			[fromSeasonId],
		);
		await db.query(
			`insert into service_windows (season_id, name, kind, starts_on, ends_on)
				select s.id, 'Prime', 'install', s.starts_on + 60, s.starts_on + 150 from seasons s
				where s.id = $1 and not exists (select 1 from service_windows w where w.season_id = s.id and w.kind = 'install')`,
			[fromSeasonId],
		);
		await db.query(`update season_settings set weekday_capacity = '[100,100,100,100,100,100,100]'`);
		await db.query(
			`insert into service_options (name, description, base_price_cents, has_quantity, sort_order)
				values ('Renewal Outline', 'Roofline', 40000, false, 90), ('Renewal Trees', 'Wrapped', 12500, true, 91)`,
		);

		const send = (client: HttpClient, customerId?: string) =>
			read(client.api.owner.renewals.send.$post({ json: customerId ? { customerId } : {} }));
		let next = 1;
		let made = 0;
		const timings: number[] = [];
		for (let round = 0; round < 5; round++) {
			// Each round, new customers finish last season's install (none in the last round).
			const count = round < 4 ? 15 : 0;
			if (count > 0) await eligible(fromSeasonId, next, count);
			next += count;
			const started = performance.now();
			const both = await Promise.all([send(onA), send(onB), send(onB), send(onA)]);
			timings.push(Math.round(performance.now() - started));
			for (const r of both) expect(r.status, r.text).toBe(200);
			const created = both.reduce((n, r) => n + (r.json.created as number), 0);
			expect(created, `round ${round}`).toBe(count);
			made += created;
		}
		// One customer, from their page, on both instances at once: one offer, both answers 200.
		for (let round = 0; round < 3; round++) {
			await eligible(fromSeasonId, next, 1);
			const { rows } = await db.query(`select id from customers where user_id = $1`, [
				`rn-${next}`,
			]);
			next += 1;
			const id = rows[0].id as string;
			const both = await Promise.all([send(onA, id), send(onB, id), send(onA, id), send(onB, id)]);
			expect(both.map((r) => r.status)).toEqual([200, 200, 200, 200]);
			expect(both.map((r) => r.json.created as number).sort()).toEqual([0, 0, 0, 1]);
			const already = both.filter((r) => r.json.created === 0);
			for (const r of already) expect(r.json.message).toMatch(/already has an offer/);
			made += 1;
		}
		const rows = await offers();
		expect(rows).toHaveLength(next - 1);
		expect(made).toBe(next - 1);
		expect(rows.every((r) => r.n === 1 && r.to_season === seasonId)).toBe(true);
		const pipeline = await read(onB.api.owner.renewals.$get());
		expect(pipeline.json.counts).toMatchObject({ offered: next - 1, not_offered: 0 });
		console.log(
			`[renewals] postgres, two instances: ${next - 1} customers, 4 sends at once per round in ${timings.join(", ")} ms, one offer each`,
		);
	}, 300_000);
});
