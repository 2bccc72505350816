import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ownerAndCustomer, signedInCustomer } from "../support/accounts.ts";
import { appQuote, approvedCustomer } from "../support/builders.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

/** The body of a GET and the SQL statements it ran. */
async function read(client: HttpClient, path: string) {
	app.queries.length = 0;
	const res = await client.get(path);
	expect(res.status, res.text).toBe(200);
	return { json: res.json, queries: app.queries.filter((q) => !q.includes("email_outbox")).length };
}

describe("reused reads", () => {
	it("answer a repeated read without the database, and a write shows at once to everyone", async () => {
		const { owner, customer } = await ownerAndCustomer(app);
		const quote = await appQuote(app, { userId: customer.userId });

		const first = await read(owner.client, "/api/owner/dashboard");
		expect(first.queries).toBeGreaterThan(0);
		expect(first.json.stats.pendingQuotes).toBe(1);
		const again = await read(owner.client, "/api/owner/dashboard");
		expect(again).toEqual({ json: first.json, queries: 0 });
		expect((await read(customer.client, "/api/quotes/latest")).json.quote.status).toBe("pending");
		expect((await read(customer.client, "/api/bills")).json.bills).toEqual([]);

		const approved = await owner.client.post(`/api/owner/quotes/app/${quote.id}/approve`);
		expect(approved.status, approved.text).toBe(200);

		const dashboard = await read(owner.client, "/api/owner/dashboard");
		expect(dashboard.queries).toBeGreaterThan(0);
		expect(dashboard.json.stats).toMatchObject({ pendingQuotes: 0, approvedQuotes: 1 });
		expect((await read(customer.client, "/api/quotes/latest")).json.quote.status).toBe("approved");
		expect((await read(customer.client, "/api/bills")).json.bills).toHaveLength(1);
		expect((await read(customer.client, "/api/customer")).json.customer).not.toBeNull();
	});

	it("never hand one customer's answer to another", async () => {
		const customer = await approvedCustomer(app);
		const other = await signedInCustomer(app, { email: "other@example.test" });

		for (const path of ["/api/quotes/latest", "/api/bills", "/api/customer"]) {
			const mine = await read(customer.client, path);
			const theirs = await read(other.client, path);
			expect(theirs.json, path).not.toEqual(mine.json);
			expect(theirs.queries, path).toBeGreaterThan(0);
		}
		expect((await other.client.get("/api/owner/dashboard")).status).toBe(403);
	});

	it("end a session the moment its owner signs out", async () => {
		const customer = await signedInCustomer(app);
		const cookie = customer.client.cookieHeader();
		expect((await read(customer.client, "/api/bills")).queries).toBeGreaterThan(0);
		expect((await read(customer.client, "/api/bills")).queries).toBe(0);

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
		expect((await read(casey.client, "/api/quotes/approved")).json).toEqual({ quote: null });
		const plan = await casey.client.post("/api/plan", {});
		expect(plan.status, plan.text).toBe(403);

		// And the other way round: the gate's answer is not served as the approved quote.
		const { customer, owner } = await ownerAndCustomer(app);
		const quote = await appQuote(app, { userId: customer.userId });
		expect((await owner.client.post(`/api/owner/quotes/app/${quote.id}/approve`)).status).toBe(200);
		await customer.client.post("/api/plan", {});
		const approved = (await read(customer.client, "/api/quotes/approved")).json;
		expect(approved.quote).toMatchObject({ id: quote.id, status: "approved" });
	});
});
