import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { marketingQuoteRequests, quoteRequests } from "../../src/server/db/schema.ts";
import { ownerAndCustomer, signedInOwner } from "../support/accounts.ts";
import { appQuote, websiteQuote } from "../support/builders.ts";
import { read } from "../support/http-client.ts";
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
		const invite = await read(owner.client.api.owner.invites.$post({ json: {} }));
		expect(invite.status).toBe(201);
		const second = await signedInOwner(app, {
			email: "second-owner@example.test",
			inviteCode: invite.json.code,
		});
		const first = await appQuote(app, { userId: customer.userId });
		expect(await decisionOf(quoteRequests, first.id)).toMatchObject({ decidedBy: null });
		await read(
			second.client.api.owner.quotes[":source"][":id"].revise.$post({
				param: { source: "app", id: first.id },
				json: {
					revisedPriceCents: 70_000,
				},
			}),
		);
		const revised = await decisionOf(quoteRequests, first.id);
		expect(revised).toMatchObject({ status: "revised", decidedBy: second.userId });
		expect(revised.decidedAt).toBeInstanceOf(Date);

		await read(customer.client.api.quotes[":id"].decline.$post({ param: { id: first.id } }));
		expect(await decisionOf(quoteRequests, first.id)).toMatchObject({
			status: "rejected",
			decidedBy: customer.userId,
		});

		const website = await websiteQuote(app);
		await read(
			owner.client.api.owner.quotes[":source"][":id"].reject.$post({
				param: { source: "website", id: website.id },
			}),
		);
		const ownerId = (await read(owner.client.api.me.$get())).json.user.id;
		expect(await decisionOf(marketingQuoteRequests, website.id)).toMatchObject({
			status: "rejected",
			decidedBy: ownerId,
		});

		const again = await appQuote(app, { userId: customer.userId });
		await read(
			owner.client.api.owner.quotes[":source"][":id"].approve.$post({
				param: { source: "app", id: again.id },
				json: {},
			}),
		);
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
		await read(
			owner.client.api.owner.quotes[":source"][":id"].approve.$post({
				param: { source: "website", id: quote.id },
				json: {},
			}),
		);
		const before = (await read(owner.client.api.owner.dashboard.$get())).json;
		expect(before.stats.approvedQuotes).toBe(1);
		expect(before.recentQuotes).toHaveLength(1);

		const created = await read(
			owner.client.api.owner.quotes.website[":id"]["customer-account"].$post({
				param: { id: quote.id },
			}),
		);
		expect(created.status, created.text).toBe(201);
		const after = (await read(owner.client.api.owner.dashboard.$get())).json;
		expect(after.stats).toMatchObject({ approvedQuotes: 1, pendingQuotes: 0, activeCustomers: 1 });
		expect(after.recentQuotes).toHaveLength(1);
		expect(after.recentQuotes[0]).toMatchObject({ source: "app", status: "approved" });
	});
});
