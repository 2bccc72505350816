import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resultRows } from "../../src/server/db/database.ts";
import {
	bills,
	customers,
	marketingQuoteRequests,
	serviceRequests,
	users,
} from "../../src/server/db/schema.ts";
import { BILL_DUE_DAYS } from "../../src/server/features/bills/bills.service.ts";
import { addDays, businessDate } from "../../src/shared/dates.ts";
import { ownerAndCustomer } from "../support/accounts.ts";
import {
	appQuote,
	approvedCustomer,
	bill,
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

describe("owner dashboard", () => {
	it("starts empty", async () => {
		const { owner } = await ownerAndCustomer(app);
		const res = await read(owner.client.api.owner.dashboard.$get());
		expect(res.status).toBe(200);
		expect(res.json).toEqual({
			stats: { pendingQuotes: 0, approvedQuotes: 0, activeCustomers: 0, pendingRequests: 0 },
			recentQuotes: [],
			customers: [],
			nextCursor: null,
		});
	});

	it("shows each card's town and the next thing due: the earliest pending bill, the contract, the installation, the takedown", async () => {
		const customer = await approvedCustomer(app);
		const { owner } = customer;
		const card = async () => {
			const res = await read(owner.client.api.owner.customers.$get({ query: {} }));
			return res.json.customers.find((c: { id: string }) => c.id === customer.record.id);
		};
		await app.db
			.update(customers)
			.set({ city: "North Canton" })
			.where(eq(customers.id, customer.record.id));
		await app.db.update(bills).set({ dueDate: "2030-12-01" }).where(eq(bills.id, customer.bill.id));
		await bill(app, { userId: customer.userId, dueDate: "2031-01-15" });
		expect(await card()).toMatchObject({
			city: "North Canton",
			nextStep: { kind: "bill", date: "2030-12-01" },
		});

		// Bills paid (behind the server's back: each progress change below refreshes the cards).
		await app.db.update(bills).set({ status: "paid" }).where(eq(bills.userId, customer.userId));
		const steps = [
			[{ agreedToServices: false }, { kind: "contract", date: null }],
			[{ agreedToServices: true }, { kind: "install", date: null }],
			[{ installCompleted: true }, { kind: "takedown", date: null }],
			[{ takedownCompleted: true }, null],
		] as const;
		for (const [flags, next] of steps) {
			const res = await read(
				owner.client.api.owner.customers[":id"].progress.$patch({
					param: { id: customer.record.id },
					json: flags,
				}),
			);
			expect(res.status).toBe(200);
			expect((await card()).nextStep).toEqual(next);
		}
	});

	it("a card is PastDue once a pending bill is past its due date, and shows a bill not yet due", async () => {
		const casey = await approvedCustomer(app);
		const cardOf = async () =>
			(await read(casey.owner.client.api.owner.customers.$get({ query: {} }))).json.customers[0];
		const due = addDays(businessDate(), BILL_DUE_DAYS);
		expect(await cardOf()).toMatchObject({ accountState: "Active", billDueDate: due });

		// Another pending bill, due yesterday: that one is past due.
		const yesterday = addDays(businessDate(), -1);
		await bill(app, { userId: casey.userId, dueDate: yesterday });
		app.readCache.clear();
		expect(await cardOf()).toMatchObject({ accountState: "PastDue", billDueDate: yesterday });

		// Both paid: nothing pending.
		await app.db.update(bills).set({ status: "paid", paidAt: new Date(), paymentMethod: "cash" });
		app.readCache.clear();
		expect(await cardOf()).toMatchObject({
			accountState: "Active",
			billDueDate: null,
			hasPendingBills: false,
		});
	});

	it("counts every row, shows three recent quotes and the customer cards", async () => {
		const customer = await approvedCustomer(app);
		const { owner } = customer;
		const other = await approvedCustomer(app, {
			owner,
			email: "pat@example.test",
			displayName: "Pat Paid",
		});
		for (let i = 0; i < 6; i++)
			await websiteQuote(app, { createdAt: new Date(Date.now() - (i + 10) * 60_000) });
		for (const request of [
			{ userId: customer.userId, requestType: "Fix" },
			{ userId: customer.userId, requestType: "Fix", status: "in_progress" },
			{ userId: customer.userId, requestType: "ChangeColor" },
			{ userId: customer.userId, requestType: "Fix", status: "resolved" },
			{ userId: other.userId, requestType: "MoreLights" },
		] as const)
			await serviceRequest(app, request);

		const res = await read(owner.client.api.owner.dashboard.$get());
		expect(res.json.stats).toEqual({
			pendingQuotes: 6,
			approvedQuotes: 2,
			activeCustomers: 2,
			pendingRequests: 4,
		});
		expect(res.json.recentQuotes).toHaveLength(3);
		expect(res.json.recentQuotes[0].id).toBe(other.quote.id);
		const cards = res.json.customers;
		expect(cards.map((c: { name: string }) => c.name)).toEqual(["Pat Paid", "Casey Customer"]);
		expect(cards[1]).toMatchObject({
			idNumber: 1001,
			fixCount: 2,
			colorCount: 1,
			hasPendingBills: true,
			// Its bill is due in 30 days: pending, not past due.
			billDueDate: addDays(businessDate(), BILL_DUE_DAYS),
			accountState: "Active",
			progressPercent: 0,
			imageFileId: null,
		});
		expect(cards[0].idNumber).toBe(1002);

		const page = await read(owner.client.api.owner.customers.$get({ query: { limit: "1" } }));
		expect(page.json.customers).toHaveLength(1);
		const next = await read(
			owner.client.api.owner.customers.$get({
				query: { limit: "1", cursor: page.json.nextCursor },
			}),
		);
		expect(next.json.customers[0].name).toBe("Casey Customer");
		expect(next.json.nextCursor).toBeNull();
		// Cursors the server never wrote are refused with 400, never a database error.
		const [at, id] = page.json.nextCursor.split("|");
		for (const cursor of [
			"nonsense",
			`${at}|------------------------------------`,
			`${at}|${id}|extra`,
			`99999-01-01T00:00:00.000Z|${id}`,
			`0000-01-01T00:00:00.000Z|${id}`,
			`2026-13-45T00:00:00.000Z|${id}`,
			`${at}|${id.slice(0, -1)}g`,
		]) {
			const res = await read(
				owner.client.api.owner.customers.$get({ query: { limit: "1", cursor } }),
			);
			expect(res.status, cursor).toBe(400);
			expect(res.json.error).toBe("Invalid cursor");
		}
		expect((await read(customer.client.api.owner.dashboard.$get())).status).toBe(403);
	});

	it("keeps the counts true through status changes, deletes and deleted accounts", async () => {
		const customer = await approvedCustomer(app);
		const { owner } = customer;
		// The rows change behind the server's back here: each read of the tiles goes to the database.
		const stats = async () => {
			app.readCache.clear();
			return (await read(owner.client.api.owner.dashboard.$get())).json.stats;
		};
		const truth = async () => {
			const [row] = resultRows<Record<string, number>>(
				await app.db.execute(sql`select
					(select count(*)::int from quote_requests where status = 'pending')
						+ (select count(*)::int from marketing_quote_requests where status = 'pending') as "pendingQuotes",
					(select count(*)::int from quote_requests where status = 'approved')
						+ (select count(*)::int from marketing_quote_requests where status = 'approved') as "approvedQuotes",
					(select count(*)::int from customers where status = 'active') as "activeCustomers",
					(select count(*)::int from service_requests where status in ('open', 'in_progress')) as "pendingRequests"`),
			);
			return row;
		};

		const web = await websiteQuote(app);
		await read(
			owner.client.api.owner.quotes[":source"][":id"].reject.$post({
				param: { source: "website", id: web.id },
			}),
		);
		const request = await serviceRequest(app, { userId: customer.userId });
		await app.db
			.update(serviceRequests)
			.set({ status: "in_progress" })
			.where(eq(serviceRequests.id, request.id));
		await app.db
			.update(serviceRequests)
			.set({ details: "ladder" })
			.where(eq(serviceRequests.id, request.id));
		expect(await stats()).toEqual({
			pendingQuotes: 0,
			approvedQuotes: 1,
			activeCustomers: 1,
			pendingRequests: 1,
		});
		expect(await stats()).toEqual(await truth());

		await appQuote(app, { userId: customer.userId });
		await app.db.delete(marketingQuoteRequests).where(eq(marketingQuoteRequests.id, web.id));
		// Deleting the login removes its quotes and requests (their counts go too); the business keeps
		// the customer record.
		await app.db.delete(users).where(eq(users.id, customer.userId));
		expect(await stats()).toEqual({
			pendingQuotes: 0,
			approvedQuotes: 0,
			activeCustomers: 1,
			pendingRequests: 0,
		});
		expect(await stats()).toEqual(await truth());
	});
});
