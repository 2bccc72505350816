import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { signedInOwner } from "../support/accounts.ts";
import {
	approvedCustomer,
	bill,
	SIGNATURE,
	serviceRequest,
	websiteQuote,
} from "../support/builders.ts";
import { read } from "../support/http-client.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

/** SQL statements one request runs, session check included (nothing reused from the read cache). */
async function queriesFor(call: () => Parameters<typeof read>[0]) {
	app.readCache.clear();
	app.queries.length = 0;
	const res = await read(call());
	expect(res.status, res.text).toBe(200);
	// E-mail delivery runs in the background on its own schedule: not part of the request.
	return app.queries.filter((q) => !q.includes("email_outbox")).length;
}

describe("query budget", () => {
	it("owner and customer screens take at most 4 queries, however much data there is", async () => {
		const customer = await approvedCustomer(app);
		const { owner } = customer;
		const screens = {
			owner: [
				() => owner.client.api.owner.dashboard.$get(),
				() => owner.client.api.owner.quotes.$get({ query: {} }),
				() => owner.client.api.owner.customers.$get({ query: {} }),
				() => owner.client.api.owner["service-requests"].$get({ query: {} }),
			],
			customer: [
				() => customer.client.api.quotes.latest.$get(),
				() => customer.client.api.customer.$get(),
				() => customer.client.api.bills.$get(),
				() => customer.client.api["service-requests"].$get({ query: {} }),
			],
		};
		const measure = async () => {
			const counts = { owner: [] as number[], customer: [] as number[] };
			for (const call of screens.owner) counts.owner.push(await queriesFor(call));
			for (const call of screens.customer) counts.customer.push(await queriesFor(call));
			return counts;
		};

		const small = await measure();

		for (let i = 0; i < 5; i++) {
			const other = await approvedCustomer(app, { owner, email: `c${i}@example.test` });
			await websiteQuote(app);
			await serviceRequest(app, { userId: other.userId });
		}
		const large = await measure();

		for (const n of [...large.owner, ...large.customer]) expect(n).toBeLessThanOrEqual(4);
		expect(large).toEqual(small);
	});

	it("a card payment in test mode is one short transaction: the bill, its payment, its e-mails", async () => {
		const customer = await approvedCustomer(app);
		const first = await bill(app, { userId: customer.userId, amountCents: 2999 });
		const second = await bill(app, { userId: customer.userId, amountCents: 2999 });
		const payOne = async (id: string) => {
			app.queries.length = 0;
			const res = await read(
				customer.client.api.bills[":id"].pay.$post({
					param: { id },
					json: {
						card: {
							cardholderName: "Casey Customer",
							cardNumber: "4242 4242 4242 4242",
							expiry: "12/30",
							cvc: "123",
						},
					},
				}),
			);
			expect(res.status, res.text).toBe(200);
			// Delivery claims and marks e-mail on its own schedule: not part of the request. The
			// transaction's begin and commit are logged on PostgreSQL only.
			return app.queries.filter(
				(q) => !q.startsWith('update "email_outbox"') && q !== "begin" && q !== "commit",
			);
		};
		app.readCache.clear();
		const cold = await payOne(first.id);
		const warm = await payOne(second.id);
		// Check the approved quote (the service's own gate), lock the bill with its payer, insert the
		// payment, mark the bill paid, look for the booking it may be the deposit of, queue both
		// e-mails in one insert, and (on PostgreSQL) one notification for the other instances.
		const expected = app.kind === "postgres" ? 7 : 6;
		expect(warm, warm.join("\n")).toHaveLength(expected);
		expect(warm.filter((q) => q.includes("pg_notify"))).toHaveLength(
			app.kind === "postgres" ? 1 : 0,
		);
		// Unwarmed, the session, the approval, the payment setup and the business profile are read too.
		expect(cold.length).toBeLessThanOrEqual(expected + 4);
	});

	it("a customer's install hold is five statements, the hold itself one (decision 039)", async () => {
		app.deps.clock.now = () => new Date("2026-09-01T16:00:00Z");
		const customer = await approvedCustomer(app);
		const signed = await read(customer.client.api.contract.sign.$post({ json: SIGNATURE }));
		expect(signed.status, signed.text).toBe(200);
		const page = await read(customer.client.api.bookings.$get());
		const late = page.json.windows.find((w: { name: string }) => w.name === "Late")!;
		app.readCache.clear();
		app.queries.length = 0;
		const held = await read(
			customer.client.api.bookings.$post({ json: { windowId: late.id, day: "2026-12-01" } }),
		);
		expect(held.status, held.text).toBe(201);
		// The session, the holds whose time is up, the window with the calendar's rules, the
		// customer's quote and bill, then the deposit, the balance, the held booking and the
		// notification to the other instances in one statement (no begin or commit around it).
		const statements = app.queries.filter((q) => !q.includes('"email_outbox"'));
		expect(statements, statements.join("\n")).toHaveLength(5);
		expect(statements.at(-1)).toMatch(
			/^with "paid" as .*insert into "bills".*insert into "bookings"/s,
		);
	});

	it("a signed-out or forged session gets 401 without touching other data", async () => {
		const owner = await signedInOwner(app);
		const signed = decodeURIComponent(
			owner.client.cookieHeader().match(/better-auth\.session_token=([^;]+)/)![1]!,
		);
		const [token, signature] = [
			signed.slice(0, signed.lastIndexOf(".")),
			signed.slice(signed.lastIndexOf(".") + 1),
		];
		const withCookie = (value: string) =>
			fetch(`${app.url}/api/owner/dashboard`, {
				headers: { cookie: `better-auth.session_token=${encodeURIComponent(value)}` },
			});
		expect((await withCookie(signed)).status).toBe(200);
		expect((await withCookie(`${token}x.${signature}`)).status).toBe(401);
		expect((await withCookie(`${token}.${"A".repeat(43)}=`)).status).toBe(401);
		expect((await withCookie(token)).status).toBe(401);
		await owner.client.post("/api/auth/sign-out");
		expect((await read(owner.client.api.owner.dashboard.$get())).status).toBe(401);
		const forged = await owner.client.request("GET", "/api/owner/dashboard", undefined, {
			cookie: "better-auth.session_token=abc.def",
		});
		expect(forged.status).toBe(401);
	});
});
