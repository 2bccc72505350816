import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { marketingQuoteRequests, quoteRequests } from "../../src/server/db/schema.ts";
import { ownerAndCustomer, signedInOwner } from "../support/accounts.ts";
import { appQuote, websiteQuote } from "../support/builders.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

async function decisionOf(table: typeof quoteRequests | typeof marketingQuoteRequests, id: string) {
	const [row] = await app.db
		.select({ status: table.status, decidedBy: table.decidedBy, decidedAt: table.decidedAt })
		.from(table)
		.where(eq(table.id, id));
	return row!;
}

describe("who decided", () => {
	it("records which owner approved, revised or rejected, and the customer who answered a revision", async () => {
		const { owner, customer } = await ownerAndCustomer(app);
		const invite = await owner.client.post("/api/owner/invites", {});
		expect(invite.status).toBe(201);
		const second = await signedInOwner(app, {
			email: "second-owner@example.test",
			inviteCode: invite.json.code,
		});
		const first = await appQuote(app, { userId: customer.userId });
		expect(await decisionOf(quoteRequests, first.id)).toMatchObject({ decidedBy: null });
		await second.client.post(`/api/owner/quotes/app/${first.id}/revise`, {
			revisedPriceCents: 70_000,
		});
		const revised = await decisionOf(quoteRequests, first.id);
		expect(revised).toMatchObject({ status: "revised", decidedBy: second.userId });
		expect(revised.decidedAt).toBeInstanceOf(Date);

		await customer.client.post(`/api/quotes/${first.id}/decline`);
		expect(await decisionOf(quoteRequests, first.id)).toMatchObject({
			status: "rejected",
			decidedBy: customer.userId,
		});

		const website = await websiteQuote(app);
		await owner.client.post(`/api/owner/quotes/website/${website.id}/reject`);
		const ownerId = (await owner.client.get("/api/me")).json.user.id;
		expect(await decisionOf(marketingQuoteRequests, website.id)).toMatchObject({
			status: "rejected",
			decidedBy: ownerId,
		});

		const again = await appQuote(app, { userId: customer.userId });
		await owner.client.post(`/api/owner/quotes/app/${again.id}/approve`);
		expect(await decisionOf(quoteRequests, again.id)).toMatchObject({
			status: "approved",
			decidedBy: ownerId,
		});
	});
});

describe("a website quote turned into a customer account", () => {
	it("is counted once in Approved Quotes and listed once in recent quotes", async () => {
		const { owner } = await ownerAndCustomer(app);
		const quote = await websiteQuote(app);
		await owner.client.post(`/api/owner/quotes/website/${quote.id}/approve`);
		const before = (await owner.client.get("/api/owner/dashboard")).json;
		expect(before.stats.approvedQuotes).toBe(1);
		expect(before.recentQuotes).toHaveLength(1);

		const created = await owner.client.post(
			`/api/owner/quotes/website/${quote.id}/customer-account`,
		);
		expect(created.status, created.text).toBe(201);
		const after = (await owner.client.get("/api/owner/dashboard")).json;
		expect(after.stats).toMatchObject({ approvedQuotes: 1, pendingQuotes: 0, activeCustomers: 1 });
		expect(after.recentQuotes).toHaveLength(1);
		expect(after.recentQuotes[0]).toMatchObject({ source: "app", status: "approved" });
	});
});
