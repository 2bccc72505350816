import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { read } from "../support/http-client.ts";
import { clonePostgresTemplate } from "../support/postgres-template.ts";
import {
	type ServerProcess,
	signUpOn,
	startInstance,
	stopServerProcess,
} from "../support/server-process.ts";

/**
 * The plan's monthly job is one of the scheduled jobs every instance looks for at start and then
 * each tick. Two instances starting together, and then both restarting, bill and charge a due
 * month exactly once.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("the plan's monthly billing across instances and restarts", () => {
	let database: { url: string; drop(): Promise<void> };
	let db: pg.Client;
	const running: ServerProcess[] = [];
	beforeAll(async () => {
		database = await clonePostgresTemplate(url!);
		db = new pg.Client({ connectionString: database.url });
		await db.connect();
	}, 60_000);
	afterAll(async () => {
		await Promise.all(running.map((s) => stopServerProcess(s)));
		await db?.end();
		await database?.drop();
	});
	const start = async () => {
		const pair = await Promise.all([startInstance(database.url), startInstance(database.url)]);
		running.push(...pair);
		return pair;
	};
	const stop = async (pair: ServerProcess[]) => {
		await Promise.all(pair.map((s) => stopServerProcess(s)));
	};
	const monthBills = async (month: string) =>
		(
			await db.query(
				`select b.status, (select count(*)::int from payments p where p.bill_id = b.id and p.status = 'succeeded') as taken
				from bills b where b.plan_month = $1`,
				[month],
			)
		).rows as { status: string; taken: number }[];

	it("bills a missed month once, and this month not again, whoever runs the job", async () => {
		const [a, b] = await start();
		const customer = await signUpOn(a!, "plan@example.test", "customer");
		const me = (await read(customer.api.me.$get())).json.user.id as string;
		await db.query(
			`insert into quote_requests (user_id, status, address, city, services, total_estimate_cents)
				values ($1, 'approved', '1 Market Ave', 'Canton', '[]'::jsonb, 47500)`,
			[me],
		);
		const card = {
			cardholderName: "Plan Customer",
			cardNumber: "4242424242424242",
			expiry: "12/30",
			cvc: "123",
		};
		const joined = await read(customer.api.plan.$post({ json: { card } }));
		expect(joined.status, joined.text).toBe(200);
		const thisMonth = (
			await db.query(`select plan_month::text as m from bills where plan_month is not null`)
		).rows[0].m;
		// The month before this one is due and not billed yet (the servers were down then, say).
		const { rows } = await db.query(
			`update plan_subscriptions set next_charge_date = (date_trunc('month', $1::date) - interval '1 month')::date
				returning next_charge_date::text as d`,
			[thisMonth],
		);
		const missed = rows[0].d as string;
		await stop([a!, b!]);
		// The servers stay down past the job's next run.
		await db.query(`update job_schedules set next_run_at = now() where name = 'plan_billing'`);

		// Two instances start at once: both look for due jobs at start; one runs the billing, which
		// brings the plan up to date (the missed month, then this one, already billed).
		const pair = await start();
		const deadline = Date.now() + 15_000;
		while (
			Date.now() < deadline &&
			(await monthBills(missed)).some((r) => r.taken === 1) === false
		) {
			await new Promise((r) => setTimeout(r, 200));
		}
		await stop(pair);
		// And once more: a restart.
		await stop(await start());

		expect(await monthBills(missed)).toEqual([{ status: "paid", taken: 1 }]);
		expect(await monthBills(thisMonth)).toEqual([{ status: "paid", taken: 1 }]);
		const next = (await db.query(`select next_charge_date::text as d from plan_subscriptions`))
			.rows[0].d;
		expect(next > thisMonth).toBe(true);
	}, 120_000);
});
