import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD } from "../support/accounts.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { clonePostgresTemplate } from "../support/postgres-template.ts";
import { type ServerProcess, startInstance, stopServerProcess } from "../support/server-process.ts";

/**
 * The calendar's capacity holds across server instances on one PostgreSQL database: fifty
 * customers booking one day at once, half through each instance, get exactly its capacity; one
 * customer booking twice at once through both gets one; a hold made through one instance is heard
 * by the other before it is answered.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("booking one day from two server instances", () => {
	let database: { url: string; drop(): Promise<void> };
	let db: pg.Client;
	let a: ServerProcess;
	let b: ServerProcess;
	beforeAll(async () => {
		database = await clonePostgresTemplate(url!);
		db = new pg.Client({ connectionString: database.url });
		await db.connect();
		// Sign-ups come from many addresses, as they would in life (the limit is per address).
		// Answers kept a minute: only the events of a write can drop them in time.
		[a, b] = await Promise.all([
			startInstance(database.url, { TRUST_PROXY: "1", READ_CACHE_MS: "60000" }),
			startInstance(database.url, { TRUST_PROXY: "1", READ_CACHE_MS: "60000" }),
		]);
	}, 120_000);
	afterAll(async () => {
		await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
		await db?.end();
		await database?.drop();
	});

	/** A signed-in account made through `instance`, from its own address. */
	async function account(
		instance: ServerProcess,
		email: string,
		role: "owner" | "customer",
		n: number,
	) {
		const client = new HttpClient(instance.url);
		const res = await client.request(
			"POST",
			"/api/account/sign-up",
			{ email, role, password: PASSWORD },
			{ "x-forwarded-for": `10.1.${Math.floor(n / 200)}.${(n % 200) + 1}` },
		);
		expect(res.status, res.text).toBe(201);
		return client;
	}

	/** A customer whose quote is approved (its bill pending) and whose contract is signed. */
	async function customer(n: number) {
		const instance = n % 2 === 0 ? a : b;
		const email = `c${n}@example.test`;
		const client = await account(instance, email, "customer", n);
		const { rows } = await db.query(`select id from users where email = $1`, [email]);
		const userId = rows[0].id as string;
		await db.query(
			`with q as (
				insert into quote_requests (user_id, status, address, city, services, total_estimate_cents, decided_at)
				values ($1, 'approved', '1 Market Ave', 'Canton', '[]'::jsonb, 80000, now()) returning id
			), c as (
				insert into customers (user_id, name, email, status, agreed_to_services) values ($1, $2, $2, 'active', true)
			)
			insert into bills (user_id, quote_request_id, description, due_date, amount_cents)
				select $1, q.id, 'Holiday lighting installation', current_date + 30, 80000 from q`,
			[userId, email],
		);
		return client;
	}

	it("50 customers, capacity 5: exactly 5 holds; one customer twice at once: one", async () => {
		const owner = await account(a, "owner@example.test", "owner", 999);
		const customers: HttpClient[] = [];
		for (let i = 0; i < 50; i++) customers.push(await customer(i));
		const page = await read(customers[0]!.api.bookings.$get());
		expect(page.status, page.text).toBe(200);
		// The next season's Prime window is always ahead: its first weekday with a crew.
		const prime = page.json.windows.find(
			(w: { name: string; seasonId: string }) =>
				w.name === "Prime" && w.seasonId === page.json.windows.at(-1).seasonId,
		);
		const days = await read(
			customers[0]!.api["booking-windows"][":id"].days.$get({ param: { id: prime.id } }),
		);
		const day = days.json.days.find((d: { state: string }) => d.state === "open").day as string;
		const set = await read(
			owner.api.owner.schedule.days[":day"].$patch({ param: { day }, json: { capacity: 5 } }),
		);
		expect(set.status, set.text).toBe(200);

		const started = performance.now();
		const answers = await Promise.all(
			customers.map((c) => read(c.api.bookings.$post({ json: { windowId: prime.id, day } }))),
		);
		const ms = Math.round(performance.now() - started);
		const statuses = answers.map((r) => r.status);
		expect(statuses.filter((s) => s === 201)).toHaveLength(5);
		expect(statuses.filter((s) => s === 409)).toHaveLength(45);
		expect(new Set(answers.filter((r) => r.status === 409).map((r) => r.json.code))).toEqual(
			new Set(["day_full"]),
		);
		const counted = await db.query(
			`select d.booked, (select count(*)::int from bookings where day = d.day and status in ('held','booked','done')) as rows
			from crew_days d where d.day = $1`,
			[day],
		);
		expect(counted.rows[0]).toEqual({ booked: 5, rows: 5 });
		console.log(
			`[bookings] postgres, two instances: 50 at once for 5 places: 5 x 201, 45 x 409 in ${ms} ms`,
		);

		// One customer without a hold (any of the 45 the full day refused), twice at once, through
		// both instances (the session works on either).
		const twice = customers[statuses.indexOf(409)]!;
		const other = new HttpClient(b.url, twice);
		const days2 = days.json.days.filter(
			(d: { state: string; day: string }) => d.state === "open" && d.day !== day,
		);
		const both = await Promise.all([
			read(twice.api.bookings.$post({ json: { windowId: prime.id, day: days2[0].day } })),
			read(other.api.bookings.$post({ json: { windowId: prime.id, day: days2[1].day } })),
		]);
		expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
		expect(both.find((r) => r.status === 409)!.json.code).toBe("already_booked");

		// A hold made through one instance is announced by its own statement: the other instance's
		// kept answers drop before the hold is answered, so the customer's bills there show the deposit.
		const late = await customer(61);
		const billsOn = () => read(late.api.bills.$get());
		expect((await billsOn()).json.bills).toHaveLength(1);
		const held = await read(
			new HttpClient(a.url, late).api.bookings.$post({
				json: { windowId: prime.id, day: days2[2].day },
			}),
		);
		expect(held.status, held.text).toBe(201);
		const after = await billsOn();
		expect(after.json.bills.map((x: { id: string }) => x.id)).toContain(held.json.depositBillId);
	}, 300_000);
});
