import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addDays, businessDate } from "../../src/shared/dates.ts";
import { signedInCustomer, signedInOwner } from "../support/accounts.ts";
import {
	appQuote,
	approvedCustomer,
	bill,
	chatMessage,
	serviceRequest,
	websiteQuote,
} from "../support/builders.ts";
import { read } from "../support/http-client.ts";
import { waitForMail } from "../support/outbox.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

describe("test data builders", () => {
	it("approvedCustomer: the customer sees the approved quote and its bill, the owner counts them", async () => {
		const customer = await approvedCustomer(app);
		expect(customer.quote).toMatchObject({
			userId: customer.userId,
			status: "approved",
			decidedBy: customer.owner.userId,
		});
		expect(customer.bill).toMatchObject({
			userId: customer.userId,
			quoteRequestId: customer.quote.id,
			amountCents: 65000,
			status: "pending",
			dueDate: addDays(businessDate(), 30),
		});
		expect(customer.record).toMatchObject({
			userId: customer.userId,
			status: "active",
			name: "Casey Customer",
			idNumber: 1001,
		});

		const bills = await read(customer.client.api.bills.$get());
		expect(bills.json.bills).toEqual([
			expect.objectContaining({ id: customer.bill.id, amountCents: 65000, status: "pending" }),
		]);
		const latest = await read(customer.client.api.quotes.latest.$get());
		expect(latest.json.quote).toMatchObject({ id: customer.quote.id, status: "approved" });
		expect((await read(customer.client.api.customer.$get())).json.customer).toMatchObject({
			idNumber: 1001,
		});
		expect((await read(customer.client.api.me.$get())).json.user).toMatchObject({
			email: "casey@example.test",
			accountStatus: "active",
		});
		expect((await waitForMail(app.dataDir, "casey@example.test")).subject).toContain("approved");

		const dashboard = await read(customer.owner.client.api.owner.dashboard.$get());
		expect(dashboard.json.stats).toEqual({
			pendingQuotes: 0,
			approvedQuotes: 1,
			activeCustomers: 1,
			pendingRequests: 0,
		});
		expect(dashboard.json.customers).toEqual([
			expect.objectContaining({ idNumber: 1001, name: "Casey Customer", hasPendingBills: true }),
		]);

		// More of them share the install's owner.
		const pat = await approvedCustomer(app, {
			owner: customer.owner,
			email: "pat@example.test",
			displayName: "Pat",
			quote: { revisedPriceCents: 50000, status: "revised" },
		});
		expect(pat.bill.amountCents).toBe(50000);
		expect(pat.record.idNumber).toBe(1002);
		const after = await read(customer.owner.client.api.owner.dashboard.$get());
		expect(after.json.stats).toMatchObject({ approvedQuotes: 2, activeCustomers: 2 });
	});

	it("appQuote and websiteQuote: pending quotes in the owner's list and tiles", async () => {
		const owner = await signedInOwner(app);
		const customer = await signedInCustomer(app);
		const mine = await appQuote(app, { userId: customer.userId });
		const web = await websiteQuote(app, { createdAt: new Date(Date.now() - 60_000) });

		const list = await read(owner.client.api.owner.quotes.$get({ query: {} }));
		expect(list.json.quotes).toEqual([
			expect.objectContaining({ id: mine.id, source: "app", totalEstimateCents: 65000 }),
			expect.objectContaining({ id: web.id, source: "website", name: "Wendy Web" }),
		]);
		expect((await read(owner.client.api.owner.dashboard.$get())).json.stats.pendingQuotes).toBe(2);
		const latest = await read(customer.client.api.quotes.latest.$get());
		expect(latest.json.quote).toMatchObject({ id: mine.id, status: "pending" });
	});

	it("bill: listed to its customer, pending or paid", async () => {
		const customer = await signedInCustomer(app);
		const other = await signedInCustomer(app, { email: "dana@example.test" });
		// Each read is answered once from the database and then reused: the builder must clear that.
		expect((await read(customer.client.api.bills.$get())).json.bills).toEqual([]);

		const due = await bill(app, { userId: customer.userId, amountCents: 12_345 });
		const paid = await bill(app, {
			userId: customer.userId,
			status: "paid",
			description: "Takedown",
			createdAt: new Date(Date.now() - 60_000),
		});
		expect(paid.paidAt).toBeInstanceOf(Date);

		const res = await read(customer.client.api.bills.$get());
		expect(res.json.bills).toEqual([
			expect.objectContaining({ id: due.id, amountCents: 12_345, status: "pending" }),
			expect.objectContaining({ id: paid.id, description: "Takedown", status: "paid" }),
		]);
		expect(res.json.bills[0].dueDate).toBe(addDays(businessDate(), 30));
		expect((await read(other.client.api.bills.$get())).json.bills).toEqual([]);
	});

	it("serviceRequest: an open one counts in the pending requests tile and on the card", async () => {
		const customer = await approvedCustomer(app);
		const tiles = async () =>
			(await read(customer.owner.client.api.owner.dashboard.$get())).json.stats.pendingRequests;
		expect(await tiles()).toBe(0);

		const fix = await serviceRequest(app, { userId: customer.userId });
		expect(fix).toMatchObject({ requestType: "Fix", status: "open", priority: "Normal" });
		await serviceRequest(app, { userId: customer.userId, requestType: "ChangeColor" });
		await serviceRequest(app, { userId: customer.userId, status: "resolved" });
		expect(await tiles()).toBe(2);
		const cards = (await read(customer.owner.client.api.owner.customers.$get({ query: {} }))).json
			.customers;
		expect(cards[0]).toMatchObject({ fixCount: 1, colorCount: 1 });
	});

	it("chatMessage: a message in the customer's conversation, named after its sender", async () => {
		const owner = await signedInOwner(app);
		const customer = await signedInCustomer(app);
		const first = await chatMessage(app, { customerUserId: customer.userId });
		expect(first).toMatchObject({
			customerUserId: customer.userId,
			senderUserId: customer.userId,
			senderRole: "customer",
			senderName: "Casey Customer",
			messageType: "text",
		});
		expect(first.content).toBeTruthy();

		const reply = await chatMessage(app, {
			customerUserId: customer.userId,
			senderUserId: owner.userId,
			content: "Next Tuesday works",
		});
		expect(reply).toMatchObject({
			customerUserId: customer.userId,
			senderRole: "owner",
			senderName: "Olivia Owner",
			content: "Next Tuesday works",
		});
		expect(reply.id).toBeGreaterThan(first.id);
		// Sender names are the display names the product shows for these accounts.
		expect((await read(customer.client.api.me.$get())).json.user.displayName).toBe(
			first.senderName,
		);
		expect((await read(owner.client.api.me.$get())).json.user.displayName).toBe(reply.senderName);
	});
});
