import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ownerAndCustomer, signedInCustomer } from "../support/accounts.ts";
import { appQuote, approvedCustomer } from "../support/builders.ts";
import type { HttpClient } from "../support/http-client.ts";
import { read } from "../support/http-client.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

/** The body of a GET and the SQL statements it ran. */
async function counted(call: () => Parameters<typeof read>[0]) {
	app.queries.length = 0;
	const res = await read(call());
	expect(res.status, res.text).toBe(200);
	return { json: res.json, queries: app.queries.filter((q) => !q.includes("email_outbox")).length };
}

describe("reused reads", () => {
	it("answer a repeated read without the database, and a write shows at once to everyone", async () => {
		const { owner, customer } = await ownerAndCustomer(app);
		const quote = await appQuote(app, { userId: customer.userId });

		const first = await counted(() => owner.client.api.owner.dashboard.$get());
		expect(first.queries).toBeGreaterThan(0);
		expect(first.json.stats.pendingQuotes).toBe(1);
		const again = await counted(() => owner.client.api.owner.dashboard.$get());
		expect(again).toEqual({ json: first.json, queries: 0 });
		expect((await counted(() => customer.client.api.quotes.latest.$get())).json.quote.status).toBe(
			"pending",
		);
		expect((await counted(() => customer.client.api.bills.$get())).json.bills).toEqual([]);

		const approved = await read(
			owner.client.api.owner.quotes[":source"][":id"].approve.$post({
				param: { source: "app", id: quote.id },
				json: {},
			}),
		);
		expect(approved.status, approved.text).toBe(200);

		const dashboard = await counted(() => owner.client.api.owner.dashboard.$get());
		expect(dashboard.queries).toBeGreaterThan(0);
		expect(dashboard.json.stats).toMatchObject({ pendingQuotes: 0, approvedQuotes: 1 });
		expect((await counted(() => customer.client.api.quotes.latest.$get())).json.quote.status).toBe(
			"approved",
		);
		expect((await counted(() => customer.client.api.bills.$get())).json.bills).toHaveLength(1);
		expect((await counted(() => customer.client.api.customer.$get())).json.customer).not.toBeNull();
	});

	it("never hand one customer's answer to another", async () => {
		const customer = await approvedCustomer(app);
		const other = await signedInCustomer(app, { email: "other@example.test" });

		for (const [path, call] of [
			["/api/quotes/latest", (c: HttpClient) => c.api.quotes.latest.$get()],
			["/api/bills", (c: HttpClient) => c.api.bills.$get()],
			["/api/customer", (c: HttpClient) => c.api.customer.$get()],
		] as const) {
			const mine = await counted(() => call(customer.client));
			const theirs = await counted(() => call(other.client));
			expect(theirs.json, path).not.toEqual(mine.json);
			expect(theirs.queries, path).toBeGreaterThan(0);
		}
		expect((await read(other.client.api.owner.dashboard.$get())).status).toBe(403);
	});

	it("end a session the moment its owner signs out", async () => {
		const customer = await signedInCustomer(app);
		const cookie = customer.client.cookieHeader();
		expect((await counted(() => customer.client.api.bills.$get())).queries).toBeGreaterThan(0);
		expect((await counted(() => customer.client.api.bills.$get())).queries).toBe(0);

		expect((await customer.client.post("/api/auth/sign-out", {})).status).toBe(200);
		const replayed = await fetch(`${app.url}/api/bills`, { headers: { cookie } });
		expect(replayed.status).toBe(401);
	});
});

describe("two reads never share a cached answer", () => {
	it("the approved quote a customer reads does not open the approved-quote gate", async () => {
		const casey = await signedInCustomer(app, { email: "pat@example.test" });
		await appQuote(app, { userId: casey.userId });
		// Reading "no approved quote" first used to leave an answer the gate took for an approval.
		expect((await counted(() => casey.client.api.quotes.approved.$get())).json).toEqual({
			quote: null,
		});
		const plan = await read(casey.client.api.plan.$post({ json: {} }));
		expect(plan.status, plan.text).toBe(403);

		// And the other way round: the gate's answer is not served as the approved quote.
		const { customer, owner } = await ownerAndCustomer(app);
		const quote = await appQuote(app, { userId: customer.userId });
		expect(
			(
				await read(
					owner.client.api.owner.quotes[":source"][":id"].approve.$post({
						param: { source: "app", id: quote.id },
						json: {},
					}),
				)
			).status,
		).toBe(200);
		await read(customer.client.api.plan.$post({ json: {} }));
		const approved = (await counted(() => customer.client.api.quotes.approved.$get())).json;
		expect(approved.quote).toMatchObject({ id: quote.id, status: "approved" });
	});
});
