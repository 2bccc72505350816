import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { customers, quoteRequests } from "../../src/server/db/schema.ts";
import { addDays, businessDate } from "../../src/shared/dates.ts";
import type { OwnerQuoteFilter } from "../../src/shared/quotes.ts";
import { ownerAndCustomer, signedInCustomer, signedInOwner } from "../support/accounts.ts";
import { appQuote, SIGNATURE, websiteQuote } from "../support/builders.ts";
import { read } from "../support/http-client.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

describe("owner quote list", () => {
	it("lists both sources except approved ones, newest first, with validity and pages", async () => {
		const { owner, customer } = await ownerAndCustomer(app);
		const old = await appQuote(app, {
			userId: customer.userId,
			createdAt: new Date(Date.now() - 40 * 86_400_000),
		});
		const web = await websiteQuote(app, { createdAt: new Date(Date.now() - 60_000) });
		const fresh = await appQuote(app, { userId: customer.userId });
		await appQuote(app, {
			userId: customer.userId,
			status: "approved",
			createdAt: new Date(Date.now() - 1000),
		});

		const page1 = await read(owner.client.api.owner.quotes.$get({ query: { limit: "2" } }));
		expect(page1.status).toBe(200);
		expect(page1.json.quotes.map((q: { id: string }) => q.id)).toEqual([fresh.id, web.id]);
		expect(page1.json.quotes[0]).toMatchObject({
			source: "app",
			name: "Casey Customer",
			email: "casey@example.test",
			totalEstimateCents: 65000,
			validUntil: addDays(businessDate(), 30),
			expired: false,
		});
		expect(page1.json.quotes[1]).toMatchObject({
			source: "website",
			name: "Wendy Web",
			email: "wendy@example.test",
		});
		expect(page1.json.nextCursor).toBeTruthy();

		const page2 = await read(
			owner.client.api.owner.quotes.$get({ query: { limit: "2", cursor: page1.json.nextCursor } }),
		);
		expect(page2.json.quotes.map((q: { id: string }) => q.id)).toEqual([old.id]);
		expect(page2.json.quotes[0].expired).toBe(true);
		expect(page2.json.nextCursor).toBeNull();

		expect(
			(await read(owner.client.api.owner.quotes.$get({ query: { cursor: "nonsense" } }))).status,
		).toBe(400);
		expect((await read(owner.client.api.owner.quotes.$get({ query: { limit: "0" } }))).status).toBe(
			400,
		);
		expect((await read(customer.client.api.owner.quotes.$get({ query: {} }))).status).toBe(403);
	});

	it("answers 'no quotes' with an empty page", async () => {
		const owner = await signedInOwner(app);
		const res = await read(owner.client.api.owner.quotes.$get({ query: {} }));
		expect(res.json).toEqual({ quotes: [], nextCursor: null });
	});
});

describe("owner quote list filters", () => {
	const ids = (res: { json: { quotes: { id: string }[] } }) => res.json.quotes.map((q) => q.id);

	it("filters by status, keeps approved website quotes without an account, and counts each filter", async () => {
		const { owner, customer } = await ownerAndCustomer(app);
		const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
		const pending = await appQuote(app, { userId: customer.userId, createdAt: minutesAgo(6) });
		const revised = await websiteQuote(app, { status: "revised", createdAt: minutesAgo(5) });
		const rejected = await appQuote(app, {
			userId: customer.userId,
			status: "rejected",
			createdAt: minutesAgo(4),
		});
		await appQuote(app, { userId: customer.userId, status: "approved", createdAt: minutesAgo(3) });
		const lead = await websiteQuote(app, {
			status: "approved",
			email: "lead@example.test",
			createdAt: minutesAgo(2),
		});
		const converted = await websiteQuote(app, {
			status: "approved",
			email: "converted@example.test",
			createdAt: minutesAgo(1),
		});
		const made = await read(
			owner.client.api.owner.quotes.website[":id"]["customer-account"].$post({
				param: { id: converted.id },
			}),
		);
		expect(made.status).toBe(201);

		const list = (query: { status?: OwnerQuoteFilter | "open"; limit?: string; cursor?: string }) =>
			read(owner.client.api.owner.quotes.$get({ query }));
		expect(ids(await list({}))).toEqual([rejected.id, revised.id, pending.id]);
		expect(ids(await list({ status: "open" }))).toEqual([rejected.id, revised.id, pending.id]);
		expect(ids(await list({ status: "pending" }))).toEqual([pending.id]);
		expect(ids(await list({ status: "revised" }))).toEqual([revised.id]);
		expect(ids(await list({ status: "rejected" }))).toEqual([rejected.id]);
		expect(ids(await list({ status: "approved" }))).toEqual([lead.id]);
		expect(ids(await list({ status: "all" }))).toEqual([
			lead.id,
			rejected.id,
			revised.id,
			pending.id,
		]);
		expect((await read(owner.client.api.owner.quotes.counts.$get())).json).toEqual({
			all: 4,
			pending: 1,
			revised: 1,
			approved: 1,
			rejected: 1,
		});

		// Paging follows the filter.
		const first = await list({ status: "all", limit: "1" });
		const next = await list({ status: "all", limit: "1", cursor: first.json.nextCursor });
		expect(ids(next)).toEqual([rejected.id]);

		// Once the lead has an account it leaves the filter and its count.
		expect(
			(
				await read(
					owner.client.api.owner.quotes.website[":id"]["customer-account"].$post({
						param: { id: lead.id },
					}),
				)
			).status,
		).toBe(201);
		expect(ids(await list({ status: "approved" }))).toEqual([]);
		expect((await read(owner.client.api.owner.quotes.counts.$get())).json).toMatchObject({
			all: 3,
			approved: 0,
		});

		// A filter the route does not name: raw, as the typed client refuses it.
		const bad = await owner.client.get("/api/owner/quotes?status=converted");
		expect(bad.status).toBe(400);
		expect(JSON.stringify(bad.json)).toContain("Unknown quote filter");
		expect(
			(await read(customer.client.api.owner.quotes.$get({ query: { status: "approved" } }))).status,
		).toBe(403);
		expect((await read(customer.client.api.owner.quotes.counts.$get())).status).toBe(403);
	});

	it("counts nothing on a new install", async () => {
		const owner = await signedInOwner(app);
		expect((await read(owner.client.api.owner.quotes.counts.$get())).json).toEqual({
			all: 0,
			pending: 0,
			revised: 0,
			approved: 0,
			rejected: 0,
		});
		expect(
			(await read(owner.client.api.owner.quotes.$get({ query: { status: "approved" } }))).json,
		).toEqual({
			quotes: [],
			nextCursor: null,
		});
	});
});

describe("the customer's quote", () => {
	it("shows only my latest quote, and my flags change only on my quote", async () => {
		const customer = await signedInCustomer(app);
		const stranger = await signedInCustomer(app, { email: "stranger@example.test" });
		expect((await read(customer.client.api.quotes.latest.$get())).json).toEqual({ quote: null });

		await appQuote(app, { userId: customer.userId, createdAt: new Date(Date.now() - 60_000) });
		const latest = await appQuote(app, { userId: customer.userId, status: "approved" });
		const res = await read(customer.client.api.quotes.latest.$get());
		expect(res.json.quote).toMatchObject({
			id: latest.id,
			status: "approved",
			approvalNotificationSeen: false,
		});
		expect((await read(stranger.client.api.quotes.latest.$get())).json.quote).toBeNull();

		expect(
			(
				await read(
					stranger.client.api.quotes[":id"].$patch({
						param: { id: latest.id },
						json: {
							quoteDetailsDismissed: true,
						},
					}),
				)
			).status,
		).toBe(404);
		// Raw: the route takes only `true`, and this sends `false`.
		expect(
			(
				await customer.client.request("PATCH", `/api/quotes/${latest.id}`, {
					quoteDetailsDismissed: false,
				})
			).status,
		).toBe(400);
		const ok = await read(
			customer.client.api.quotes[":id"].$patch({
				param: { id: latest.id },
				json: {
					approvalNotificationSeen: true,
				},
			}),
		);
		expect(ok.status).toBe(204);
		const [row] = await app.db.select().from(quoteRequests).where(eq(quoteRequests.id, latest.id));
		expect(row).toMatchObject({ approvalNotificationSeen: true, quoteDetailsDismissed: false });
	});

	it("signs the contract only after approval", async () => {
		const { owner, customer } = await ownerAndCustomer(app);
		const before = await read(customer.client.api.contract.sign.$post({ json: SIGNATURE }));
		expect(before.status).toBe(403);
		expect(before.json.error).toBe("This is available after your quote has been approved");

		expect((await read(customer.client.api.customer.$get())).json).toEqual({ customer: null });
		const quote = await appQuote(app, { userId: customer.userId });
		await read(
			owner.client.api.owner.quotes[":source"][":id"].approve.$post({
				param: { source: "app", id: quote.id },
				json: {},
			}),
		);
		expect((await read(customer.client.api.customer.$get())).json.customer).toMatchObject({
			idNumber: 1001,
			serviceType: "installation",
			progressPercent: 0,
		});
		const signed = await read(customer.client.api.contract.sign.$post({ json: SIGNATURE }));
		expect(signed.json).toMatchObject({ agreedToServices: true });
		const [record] = await app.db
			.select()
			.from(customers)
			.where(eq(customers.userId, customer.userId));
		expect(record!.agreedToServices).toBe(true);
		expect((await read(customer.client.api.customer.$get())).json.customer).toMatchObject({
			agreedToServices: true,
			progressPercent: 25,
		});
	});
});
