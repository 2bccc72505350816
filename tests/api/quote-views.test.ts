import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { customers, quoteRequests } from "../../src/server/db/schema.ts";
import { addDays, businessDate } from "../../src/shared/dates.ts";
import { ownerAndCustomer, signedInCustomer, signedInOwner } from "../support/accounts.ts";
import { appQuote, websiteQuote } from "../support/builders.ts";
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

		const page1 = await owner.client.get("/api/owner/quotes?limit=2");
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

		const page2 = await owner.client.get(
			`/api/owner/quotes?limit=2&cursor=${encodeURIComponent(page1.json.nextCursor)}`,
		);
		expect(page2.json.quotes.map((q: { id: string }) => q.id)).toEqual([old.id]);
		expect(page2.json.quotes[0].expired).toBe(true);
		expect(page2.json.nextCursor).toBeNull();

		expect((await owner.client.get("/api/owner/quotes?cursor=nonsense")).status).toBe(400);
		expect((await owner.client.get("/api/owner/quotes?limit=0")).status).toBe(400);
		expect((await customer.client.get("/api/owner/quotes")).status).toBe(403);
	});

	it("answers 'no quotes' with an empty page", async () => {
		const owner = await signedInOwner(app);
		const res = await owner.client.get("/api/owner/quotes");
		expect(res.json).toEqual({ quotes: [], nextCursor: null });
	});
});

describe("the customer's quote", () => {
	it("shows only my latest quote, and my flags change only on my quote", async () => {
		const customer = await signedInCustomer(app);
		const stranger = await signedInCustomer(app, { email: "stranger@example.test" });
		expect((await customer.client.get("/api/quotes/latest")).json).toEqual({ quote: null });

		await appQuote(app, { userId: customer.userId, createdAt: new Date(Date.now() - 60_000) });
		const latest = await appQuote(app, { userId: customer.userId, status: "approved" });
		const res = await customer.client.get("/api/quotes/latest");
		expect(res.json.quote).toMatchObject({
			id: latest.id,
			status: "approved",
			approvalNotificationSeen: false,
		});
		expect((await stranger.client.get("/api/quotes/latest")).json.quote).toBeNull();

		expect(
			(
				await stranger.client.request("PATCH", `/api/quotes/${latest.id}`, {
					quoteDetailsDismissed: true,
				})
			).status,
		).toBe(404);
		expect(
			(
				await customer.client.request("PATCH", `/api/quotes/${latest.id}`, {
					quoteDetailsDismissed: false,
				})
			).status,
		).toBe(400);
		const ok = await customer.client.request("PATCH", `/api/quotes/${latest.id}`, {
			approvalNotificationSeen: true,
		});
		expect(ok.status).toBe(204);
		const [row] = await app.db.select().from(quoteRequests).where(eq(quoteRequests.id, latest.id));
		expect(row).toMatchObject({ approvalNotificationSeen: true, quoteDetailsDismissed: false });
	});

	it("signs the contract only after approval", async () => {
		const { owner, customer } = await ownerAndCustomer(app);
		const before = await customer.client.post("/api/contract/sign");
		expect(before.status).toBe(403);
		expect(before.json.error).toBe("This is available after your quote has been approved");

		expect((await customer.client.get("/api/customer")).json).toEqual({ customer: null });
		const quote = await appQuote(app, { userId: customer.userId });
		await owner.client.post(`/api/owner/quotes/app/${quote.id}/approve`);
		expect((await customer.client.get("/api/customer")).json.customer).toMatchObject({
			idNumber: 1001,
			serviceType: "installation",
			progressPercent: 0,
		});
		const signed = await customer.client.post("/api/contract/sign");
		expect(signed.json).toEqual({ agreedToServices: true });
		const [record] = await app.db
			.select()
			.from(customers)
			.where(eq(customers.userId, customer.userId));
		expect(record!.agreedToServices).toBe(true);
		expect((await customer.client.get("/api/customer")).json.customer).toMatchObject({
			agreedToServices: true,
			progressPercent: 25,
		});
	});
});
