import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import {
	bills,
	customers,
	payments,
	planSubscriptions,
	refunds,
} from "../../src/server/db/schema.ts";
import { payBill } from "../../src/server/features/payments/charge.service.ts";
import { billPlans } from "../../src/server/features/payments/plan.service.ts";
import { businessDate, formatDate } from "../../src/shared/dates.ts";
import { PAYMENT_MESSAGES } from "../../src/shared/payments.ts";
import { APPROVAL_REQUIRED_MESSAGE } from "../../src/shared/quotes.ts";
import { signedInCustomer, signedInOwner } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { addCustomerWithPayment, approvedCustomer, bill } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import type { HttpClient } from "../support/http-client.ts";
import { read } from "../support/http-client.ts";
import { waitForMail } from "../support/outbox.ts";
import type { TestApp } from "../support/test-app.ts";

const BUSINESS_EMAIL = "hello@buckeyeholidaylights.com";
const card = (cardNumber: string, more: Record<string, string> = {}) => ({
	cardholderName: "Casey Customer",
	cardNumber,
	expiry: "12/30",
	cvc: "123",
	...more,
});
const SUCCESS = "4242 4242 4242 4242";
const DECLINED = "4000 0000 0000 0002";
const NO_FUNDS = "4000 0000 0000 9995";

const pay = (client: HttpClient, billId: string, cardNumber = SUCCESS) =>
	read(
		client.api.bills[":id"].pay.$post({ param: { id: billId }, json: { card: card(cardNumber) } }),
	);

async function billRow(app: TestApp, id: string) {
	const [row] = await app.db.select().from(bills).where(eq(bills.id, id));
	return row!;
}
const paymentsOf = (app: TestApp, billId: string) =>
	app.db.select().from(payments).where(eq(payments.billId, billId));

describe("paying a bill in test mode", () => {
	test("the success card pays the bill once: paid by card, milestone, receipt and e-mails", async ({
		app,
	}) => {
		const casey = await approvedCustomer(app, { email: "casey@example.test" });
		const setup = await read(casey.client.api.payments.setup.$get());
		expect(setup.json).toMatchObject({ mode: "test", publishableKey: null });

		const res = await pay(casey.client, casey.bill.id);
		expect(res.status, res.text).toBe(200);
		expect(res.json).toMatchObject({
			kind: "paid",
			billId: casey.bill.id,
			amountCents: casey.bill.amountCents,
			cardBrand: "visa",
			cardLast4: "4242",
		});
		const paid = await billRow(app, casey.bill.id);
		expect(paid).toMatchObject({ status: "paid", paymentMethod: "card" });
		const [payment] = await paymentsOf(app, casey.bill.id);
		expect(payment).toMatchObject({
			status: "succeeded",
			provider: "test",
			amountCents: casey.bill.amountCents,
			cardBrand: "visa",
			cardLast4: "4242",
			cardExpMonth: 12,
			cardExpYear: 2030,
		});
		// The card number and CVC are nowhere in the database.
		const dump = await app.db.execute(sql`select row_to_json(p)::text as row from payments p`);
		expect(JSON.stringify(dump)).not.toContain("4242424242424242");
		expect(JSON.stringify(dump)).not.toContain("4242 4242");
		const [record] = await app.db
			.select()
			.from(customers)
			.where(eq(customers.userId, casey.userId));
		expect(record!.paidInvoice).toBe(true);

		const receipt = await read(
			casey.client.api.bills[":id"].receipt.$get({ param: { id: casey.bill.id } }),
		);
		expect(receipt.status, receipt.text).toBe(200);
		expect(receipt.json).toMatchObject({ method: "card", cardLast4: "4242", provider: "test" });
		const mail = await waitForMail(app.dataDir, "casey@example.test", {
			containing: receipt.json.receiptNumber,
		});
		expect(mail.text).toContain("test mode");
		// The business's calendar day, not UTC's (an evening payment in Ohio is that day's).
		expect(mail.text).toContain(`Date: ${formatDate(businessDate())}`);
		await waitForMail(app.dataDir, BUSINESS_EMAIL, { containing: "ending in 4242" });

		const list = await read(casey.client.api.bills.$get());
		expect(list.json.bills[0]).toMatchObject({
			status: "paid",
			paymentMethod: "card",
			refundedCents: 0,
		});
		expectError(await pay(casey.client, casey.bill.id), 409, PAYMENT_MESSAGES.billAlreadyPaid);
		expect(await paymentsOf(app, casey.bill.id)).toHaveLength(1);
	});

	test("a declined card and one without funds leave the bill pending, each attempt recorded", async ({
		app,
	}) => {
		const casey = await approvedCustomer(app);
		expectError(await pay(casey.client, casey.bill.id, DECLINED), 402, PAYMENT_MESSAGES.declined);
		expectError(
			await pay(casey.client, casey.bill.id, NO_FUNDS),
			402,
			PAYMENT_MESSAGES.insufficientFunds,
		);
		expect((await billRow(app, casey.bill.id)).status).toBe("pending");
		const attempts = await paymentsOf(app, casey.bill.id);
		expect(attempts.map((p) => [p.status, p.cardLast4]).sort()).toEqual([
			["failed", "0002"],
			["failed", "9995"],
		]);
		// Then the success card still pays it.
		expect((await pay(casey.client, casey.bill.id)).status).toBe(200);
	});

	test("card fields are checked before anything else; a real-looking card is refused in test mode", async ({
		app,
	}) => {
		const casey = await approvedCustomer(app);
		const url = `/api/bills/${casey.bill.id}/pay`;
		const bad = async (body: unknown, message: string) =>
			expectError(await casey.client.post(url, body), 400, message);
		await bad({ card: card("4242 4242 4242 4241") }, PAYMENT_MESSAGES.cardNumberInvalid);
		await bad({ card: card("4242") }, PAYMENT_MESSAGES.cardNumberInvalid);
		await bad({ card: card(SUCCESS, { expiry: "13/30" }) }, PAYMENT_MESSAGES.expiryInvalid);
		await bad({ card: card(SUCCESS, { expiry: "01/20" }) }, PAYMENT_MESSAGES.expired);
		await bad({ card: card(SUCCESS, { cvc: "12" }) }, PAYMENT_MESSAGES.cvcInvalid);
		await bad({ card: card(SUCCESS, { cardholderName: " " }) }, PAYMENT_MESSAGES.nameRequired);
		await bad({}, PAYMENT_MESSAGES.cardNumberRequired);
		await bad({ card: card(SUCCESS), amountCents: 1 }, 'Unrecognized key: "amountCents"');
		// 4111 1111 1111 1111 passes Luhn's check but is not one of the provider's test cards.
		expectError(
			await pay(casey.client, casey.bill.id, "4111 1111 1111 1111"),
			402,
			PAYMENT_MESSAGES.liveCardInTestMode,
		);
		expect(await paymentsOf(app, casey.bill.id)).toHaveLength(0);
		expect((await billRow(app, casey.bill.id)).status).toBe("pending");
	});

	test("a customer pays only their own bills, after approval; refunds are the owner's", async ({
		app,
	}) => {
		const casey = await approvedCustomer(app);
		const other = await approvedCustomer(app, { owner: casey.owner, email: "other@example.test" });
		expectError(await pay(other.client, casey.bill.id), 404, PAYMENT_MESSAGES.billNotFound);
		expectError(
			await read(other.client.api.bills[":id"].receipt.$get({ param: { id: casey.bill.id } })),
			404,
		);
		const newcomer = await signedInCustomer(app, { email: "newcomer@example.test" });
		const own = await bill(app, { userId: newcomer.userId });
		expectError(await pay(newcomer.client, own.id), 403, APPROVAL_REQUIRED_MESSAGE);
		// The service holds the gate itself, not only the route's middleware: without a card, test
		// mode would otherwise answer 400.
		await expect(
			payBill({ deps: app.deps, actor: { id: newcomer.userId, role: "customer" }, billId: own.id }),
		).rejects.toMatchObject({ status: 403, message: APPROVAL_REQUIRED_MESSAGE });
		expect((await pay(casey.client, casey.bill.id)).status).toBe(200);
		const [payment] = await paymentsOf(app, casey.bill.id);
		expectError(
			await read(
				casey.client.api.owner.payments[":id"].refund.$post({
					param: { id: payment!.id },
					json: { reason: "mine" },
				}),
			),
			403,
		);
		expectError(
			await read(
				casey.client.api.owner.customers[":id"].payments.$get({ param: { id: casey.record.id } }),
			),
			403,
		);
	});

	test("20 pays of one bill at once charge it exactly once", async ({ app }) => {
		const casey = await approvedCustomer(app);
		const answers = await Promise.all(
			Array.from({ length: 20 }, () => pay(casey.client, casey.bill.id)),
		);
		const statuses = answers.map((r) => r.status).sort();
		expect(statuses.filter((s) => s === 200)).toHaveLength(1);
		expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
		const taken = (await paymentsOf(app, casey.bill.id)).filter((p) => p.status === "succeeded");
		expect(taken).toHaveLength(1);
		expect((await billRow(app, casey.bill.id)).status).toBe("paid");
	});

	test("with test mode switched off and no keys, Pay says to call the business", async ({
		app,
	}) => {
		const casey = await approvedCustomer(app);
		const saved = await read(
			casey.owner.client.api.owner.settings.$put({
				json: {
					payments: { testMode: false },
				},
			}),
		);
		expect(saved.status, saved.text).toBe(200);
		expect(saved.json.payments.testMode).toBe(false);
		expect((await read(casey.client.api.payments.setup.$get())).json.mode).toBe("off");
		const phone = (await read(casey.client.api.business.$get())).json.phone;
		expectError(
			await pay(casey.client, casey.bill.id),
			503,
			PAYMENT_MESSAGES.customerNoProvider(phone),
		);
		expect(await paymentsOf(app, casey.bill.id)).toHaveLength(0);
	});
});

describe("refunds", () => {
	test("the owner refunds part, then the rest: the bill shows refunded and cannot be paid again", async ({
		app,
	}) => {
		const casey = await approvedCustomer(app, { email: "refund@example.test" });
		expect((await pay(casey.client, casey.bill.id)).status).toBe(200);
		const owner = casey.owner.client;
		const list = await read(
			owner.api.owner.customers[":id"].payments.$get({ param: { id: casey.record.id } }),
		);
		expect(list.status, list.text).toBe(200);
		const [payment] = list.json.payments;
		expect(payment).toMatchObject({ status: "succeeded", cardLast4: "4242", refundedCents: 0 });
		expect(payment.providerPaymentId).toMatch(/^test_pi_/);
		const url = `/api/owner/payments/${payment.id}/refund`;

		expectError(
			await owner.post(url, { amountDollars: 100 }),
			400,
			PAYMENT_MESSAGES.refundReasonRequired,
		);
		expectError(
			await read(
				owner.api.owner.payments[":id"].refund.$post({
					param: { id: payment.id },
					json: { amountDollars: -1, reason: "x" },
				}),
			),
			400,
		);
		expectError(
			await read(
				owner.api.owner.payments[":id"].refund.$post({
					param: { id: payment.id },
					json: { amountDollars: 0.001, reason: "x" },
				}),
			),
			400,
			"Enter an amount of at least $0.01",
		);
		const paidInvoice = async () =>
			(await app.db.select().from(customers).where(eq(customers.userId, casey.userId)))[0]!
				.paidInvoice;
		expect(await paidInvoice()).toBe(true);
		const part = await read(
			owner.api.owner.payments[":id"].refund.$post({
				param: { id: payment.id },
				json: { amountDollars: 100, reason: "Two strands were out" },
			}),
		);
		expect(part.status, part.text).toBe(200);
		expect(part.json).toMatchObject({
			message: "Refunded $100.00",
			payment: { refundedCents: 10000 },
		});
		expect((await billRow(app, casey.bill.id)).status).toBe("paid");
		expect(await paidInvoice()).toBe(true);
		const left = casey.bill.amountCents - 10000;
		expectError(
			await read(
				owner.api.owner.payments[":id"].refund.$post({
					param: { id: payment.id },
					json: { amountDollars: left / 100 + 1, reason: "x" },
				}),
			),
			400,
		);
		const rest = await read(
			owner.api.owner.payments[":id"].refund.$post({
				param: { id: payment.id },
				json: { reason: "Customer moved" },
			}),
		);
		expect(rest.status, rest.text).toBe(200);
		expect(rest.json.payment.refundedCents).toBe(casey.bill.amountCents);
		expect((await billRow(app, casey.bill.id)).status).toBe("refunded");
		// Nothing of the quote's bill stays paid: the invoice milestone is cleared.
		expect(await paidInvoice()).toBe(false);
		expect(await app.db.select().from(refunds)).toHaveLength(2);
		expectError(
			await read(
				owner.api.owner.payments[":id"].refund.$post({
					param: { id: payment.id },
					json: { reason: "again" },
				}),
			),
			400,
		);
		expectError(await pay(casey.client, casey.bill.id), 409, PAYMENT_MESSAGES.billRefunded);
		await waitForMail(app.dataDir, "refund@example.test", { containing: "Customer moved" });
		const bills = (await read(casey.client.api.bills.$get())).json.bills;
		expect(bills[0]).toMatchObject({ status: "refunded", refundedCents: casey.bill.amountCents });
	});

	test("a cash payment or a failed card attempt cannot be refunded here", async ({ app }) => {
		const casey = await approvedCustomer(app);
		expectError(await pay(casey.client, casey.bill.id, DECLINED), 402);
		const [failed] = await paymentsOf(app, casey.bill.id);
		expectError(
			await read(
				casey.owner.client.api.owner.payments[":id"].refund.$post({
					param: { id: failed!.id },
					json: { reason: "x" },
				}),
			),
			409,
			PAYMENT_MESSAGES.refundNotCard,
		);
		expectError(
			await read(
				casey.owner.client.api.owner.payments[":id"].refund.$post({
					param: { id: "00000000-0000-4000-8000-000000000000" },
					json: { reason: "x" },
				}),
			),
			404,
		);
	});
});

describe("Plan for Next Year", () => {
	const NOV = new Date("2026-11-24T15:00:00Z");
	const DEC = new Date("2026-12-01T15:00:00Z");
	const JAN = new Date("2027-01-02T15:00:00Z");
	const planBills = (app: TestApp, userId: string) =>
		app.db
			.select()
			.from(bills)
			.where(eq(bills.userId, userId))
			.then((rows) => rows.filter((b) => b.planMonth));

	test("joining charges this month; the job bills each month once, also run again or after a crash", async ({
		app,
	}) => {
		const casey = await approvedCustomer(app);
		expect((await read(casey.client.api.plan.$get())).json).toMatchObject({
			status: "none",
			priceCents: 2999,
		});
		expectError(
			await read(casey.client.api.plan.$post({ json: { card: card(DECLINED) } })),
			402,
			PAYMENT_MESSAGES.declined,
		);
		expect(await app.db.select().from(planSubscriptions)).toHaveLength(0);

		const joined = await read(casey.client.api.plan.$post({ json: { card: card(SUCCESS) } }));
		expect(joined.status, joined.text).toBe(200);
		expect(joined.json.plan).toMatchObject({
			status: "active",
			priceCents: 2999,
			cardLast4: "4242",
		});
		expectError(
			await read(casey.client.api.plan.$post({ json: { card: card(SUCCESS) } })),
			409,
			PAYMENT_MESSAGES.planAlreadyActive,
		);
		const first = await planBills(app, casey.userId);
		expect(first).toHaveLength(1);
		expect(first[0]).toMatchObject({ status: "paid", amountCents: 2999, paymentMethod: "card" });

		// The monthly job, at the start of the next month, twice (two instances, or a restart).
		await app.db.update(planSubscriptions).set({ nextChargeDate: "2026-12-01" });
		await billPlans({ deps: app.deps, now: DEC });
		await billPlans({ deps: app.deps, now: DEC });
		const december = (await planBills(app, casey.userId)).filter(
			(b) => b.planMonth === "2026-12-01",
		);
		expect(december).toHaveLength(1);
		expect(december[0]!.status).toBe("paid");
		expect(
			(await paymentsOf(app, december[0]!.id)).filter((p) => p.status === "succeeded"),
		).toHaveLength(1);
		expect((await read(casey.client.api.plan.$get())).json.nextChargeDate).toBe("2027-01-01");

		// A crash after January's bill was made but before it was charged: the next run charges it.
		await app.db.transaction(async (tx) => {
			await tx.insert(bills).values({
				userId: casey.userId,
				description: "Plan for Next Year: January 2027",
				dueDate: "2027-01-01",
				amountCents: 2999,
				planMonth: "2027-01-01",
			});
			await tx.update(planSubscriptions).set({ nextChargeDate: "2027-02-01" });
		});
		await billPlans({ deps: app.deps, now: JAN });
		const january = (await planBills(app, casey.userId)).filter(
			(b) => b.planMonth === "2027-01-01",
		);
		expect(january.map((b) => b.status)).toEqual(["paid"]);

		const cancelled = await read(casey.client.api.plan.$delete());
		expect(cancelled.status, cancelled.text).toBe(200);
		expect(cancelled.json).toMatchObject({
			plan: { status: "cancelled" },
			message: PAYMENT_MESSAGES.planCancelled,
		});
		await billPlans({ deps: app.deps, now: new Date("2027-02-03T15:00:00Z") });
		expect(await planBills(app, casey.userId)).toHaveLength(3);
		expectError(await read(casey.client.api.plan.$delete()), 409);
		// The owner sees the plan on the customer's payments.
		const owner = await read(
			casey.owner.client.api.owner.customers[":id"].payments.$get({
				param: { id: casey.record.id },
			}),
		);
		expect(owner.json.plan.status).toBe("cancelled");
		void NOV;
	});

	test("the dashboard card shows who is on the plan", async ({ app }) => {
		const casey = await approvedCustomer(app);
		expect(
			(await read(casey.client.api.plan.$post({ json: { card: card(SUCCESS) } }))).status,
		).toBe(200);
		app.readCache.clear();
		const cards = (await read(casey.owner.client.api.owner.customers.$get({ query: {} }))).json
			.customers;
		expect(cards.find((c: { id: string }) => c.id === casey.record.id).onPlan).toBe(true);
	});
});

describe("Add Customer with a card in test mode", () => {
	test("the success card pays the first bill; a declined one leaves it pending with the note", async ({
		app,
	}) => {
		const owner = await signedInOwner(app);
		const paid = await addCustomerWithPayment(app, owner, {
			email: "dana@example.test",
			payment: { card: card(SUCCESS), billingZip: "44702" },
		});
		expect(paid.status, paid.text).toBe(201);
		expect(paid.json.message).toContain("Payment of $450.00 processed successfully!");
		expect((await billRow(app, paid.json.billId)).status).toBe("paid");
		const [record] = await app.db.select().from(customers).where(eq(customers.id, paid.json.id));
		expect(record!.paidInvoice).toBe(true);

		const declined = await addCustomerWithPayment(app, owner, {
			email: "dee@example.test",
			payment: { card: card(DECLINED) },
		});
		expect(declined.status, declined.text).toBe(201);
		expect(declined.json.message).toContain("Note: Payment failed - Your card was declined");
		expect((await billRow(app, declined.json.billId)).status).toBe("pending");
		// A card that fails Luhn's check is refused before anyone is created.
		const invalid = await addCustomerWithPayment(app, owner, {
			email: "ivy@example.test",
			payment: { card: card("4242 4242 4242 4241") },
		});
		expectError(invalid, 400, PAYMENT_MESSAGES.cardNumberInvalid);
		expect(
			await app.db.select().from(customers).where(eq(customers.email, "ivy@example.test")),
		).toHaveLength(0);
	});
});
