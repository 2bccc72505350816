import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bills, paymentEvents, payments, planSubscriptions } from "../../src/server/db/schema.ts";
import { signedInOwner } from "../support/accounts.ts";
import { addCustomerWithPayment, approvedCustomer } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { readOutbox, waitForMail } from "../support/outbox.ts";
import { startStripeDouble } from "../support/stripe-double.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

// The Stripe gateway through the official SDK, pointed at a local stand-in of the calls it makes;
// webhooks are signed with the SDK's own test helper.
const WEBHOOK_SECRET = "whsec_test_secret";
const sdk = new Stripe("sk_test_signing_only");

let double: Awaited<ReturnType<typeof startStripeDouble>>;
let app: TestApp;
beforeAll(async () => {
	double = await startStripeDouble();
});
afterAll(() => double.close());
beforeEach(async () => {
	double.calls.length = 0;
	app = await startTestApp({
		env: {
			STRIPE_SECRET_KEY: "sk_test_stand_in",
			STRIPE_PUBLISHABLE_KEY: "pk_test_stand_in",
			STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
			STRIPE_API_URL: double.url,
		},
	});
});
afterEach(() => app.close());

/** Stripe delivering an event: the body, signed as Stripe signs it unless told otherwise. */
async function deliver(
	event: { id: string; type: string; object: Record<string, unknown> },
	options: { secret?: string; timestamp?: number; unsigned?: boolean } = {},
) {
	const payload = JSON.stringify({
		id: event.id,
		object: "event",
		type: event.type,
		api_version: "2026-01-01",
		created: Math.floor(Date.now() / 1000),
		data: { object: event.object },
	});
	const headers: Record<string, string> = { "content-type": "application/json" };
	if (!options.unsigned)
		headers["stripe-signature"] = sdk.webhooks.generateTestHeaderString({
			payload,
			secret: options.secret ?? WEBHOOK_SECRET,
			timestamp: options.timestamp,
		});
	return new HttpClient(app.url).request("POST", "/api/payments/stripe/webhook", payload, headers);
}

const billOf = async (id: string) =>
	(await app.db.select().from(bills).where(eq(bills.id, id)))[0]!;

describe("Stripe checkout for a bill", () => {
	it("Pay opens Stripe's hosted checkout once per bill; the signed webhook pays it, once", async () => {
		const casey = await approvedCustomer(app, { email: "casey@example.test" });
		expect((await read(casey.client.api.payments.setup.$get())).json).toMatchObject({
			mode: "stripe",
			publishableKey: "pk_test_stand_in",
		});
		const first = await read(
			casey.client.api.bills[":id"].pay.$post({ param: { id: casey.bill.id }, json: {} }),
		);
		expect(first.status, first.text).toBe(200);
		expect(first.json.kind).toBe("redirect");
		expect(first.json.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
		const again = await read(
			casey.client.api.bills[":id"].pay.$post({ param: { id: casey.bill.id }, json: {} }),
		);
		expect(again.json.url).toBe(first.json.url);
		const sessions = double.callsTo("POST", "/v1/checkout/sessions");
		expect(sessions).toHaveLength(1);
		const [payment] = await app.db
			.select()
			.from(payments)
			.where(eq(payments.billId, casey.bill.id));
		expect(sessions[0]!.form).toMatchObject({
			mode: "payment",
			"line_items[0][price_data][unit_amount]": String(casey.bill.amountCents),
			"metadata[billId]": casey.bill.id,
			"metadata[paymentId]": payment!.id,
		});
		expect(sessions[0]!.idempotencyKey).toBe(`checkout-${payment!.id}`);
		// The card is typed on Stripe's page, never sent here.
		expectError(
			await read(
				casey.client.api.bills[":id"].pay.$post({
					param: { id: casey.bill.id },
					json: {
						card: {
							cardholderName: "C",
							cardNumber: "4242424242424242",
							expiry: "12/30",
							cvc: "123",
						},
					},
				}),
			),
			400,
		);
		expect((await billOf(casey.bill.id)).status).toBe("pending");

		const completed = {
			id: "evt_checkout_paid",
			type: "checkout.session.completed",
			object: {
				id: payment!.providerPaymentId,
				object: "checkout.session",
				mode: "payment",
				payment_status: "paid",
				payment_intent: "pi_paid_by_checkout",
				metadata: { billId: casey.bill.id, paymentId: payment!.id },
			},
		};
		// Unsigned, signed with another secret, or signed too long ago: nothing changes.
		expectError(await deliver(completed, { unsigned: true }), 400);
		expectError(await deliver(completed, { secret: "whsec_someone_else" }), 400);
		expectError(await deliver(completed, { timestamp: Math.floor(Date.now() / 1000) - 600 }), 400);
		expect((await billOf(casey.bill.id)).status).toBe("pending");
		expect(await app.db.select().from(paymentEvents)).toHaveLength(0);

		const delivered = await deliver(completed);
		expect(delivered.status, delivered.text).toBe(200);
		expect(delivered.json).toEqual({ received: true, duplicate: false });
		expect(await billOf(casey.bill.id)).toMatchObject({ status: "paid", paymentMethod: "card" });
		const [paid] = await app.db.select().from(payments).where(eq(payments.id, payment!.id));
		expect(paid).toMatchObject({
			status: "succeeded",
			providerPaymentId: "pi_paid_by_checkout",
			cardBrand: "visa",
			cardLast4: "4242",
			checkoutUrl: null,
		});
		await waitForMail(app.dataDir, "casey@example.test", { containing: "ending in 4242" });
		await waitForMail(app.dataDir, "hello@buckeyeholidaylights.com", {
			containing: "ending in 4242",
		});
		const mails = (await readOutbox(app.dataDir)).length;
		const replayed = await deliver(completed);
		expect(replayed.json).toEqual({ received: true, duplicate: true });
		expect(
			await app.db.select().from(payments).where(eq(payments.billId, casey.bill.id)),
		).toHaveLength(1);
		await new Promise((r) => setTimeout(r, 300));
		expect((await readOutbox(app.dataDir)).length).toBe(mails);
		expectError(
			await read(
				casey.client.api.bills[":id"].pay.$post({ param: { id: casey.bill.id }, json: {} }),
			),
			409,
		);
	});

	it("an expired checkout lets Pay start a new one", async () => {
		const casey = await approvedCustomer(app);
		const first = await read(
			casey.client.api.bills[":id"].pay.$post({ param: { id: casey.bill.id }, json: {} }),
		);
		const [payment] = await app.db
			.select()
			.from(payments)
			.where(eq(payments.billId, casey.bill.id));
		const expired = await deliver({
			id: "evt_expired",
			type: "checkout.session.expired",
			object: {
				id: payment!.providerPaymentId,
				object: "checkout.session",
				mode: "payment",
				metadata: { paymentId: payment!.id },
			},
		});
		expect(expired.status, expired.text).toBe(200);
		const second = await read(
			casey.client.api.bills[":id"].pay.$post({ param: { id: casey.bill.id }, json: {} }),
		);
		expect(second.json.url).not.toBe(first.json.url);
		expect(double.callsTo("POST", "/v1/checkout/sessions")).toHaveLength(2);
	});
});

describe("Stripe charges made by the server", () => {
	async function addCustomer(paymentMethodId: string, email: string) {
		const owner = await signedInOwner(app);
		const payment = { paymentMethodId, billingZip: "44702" };
		return { owner, res: await addCustomerWithPayment(app, owner, { email, payment }) };
	}

	it("Add Customer charges Stripe's payment method once, keyed by the payment; the owner refunds part", async () => {
		const { owner, res } = await addCustomer("pm_card_visa", "dana@example.test");
		expect(res.status, res.text).toBe(201);
		expect(res.json.message).toContain("Payment of $450.00 processed successfully!");
		expect(res.json.paymentResult).toEqual({ success: true });
		expect((await billOf(res.json.billId)).status).toBe("paid");
		const [intent] = double.callsTo("POST", "/v1/payment_intents");
		const [payment] = await app.db
			.select()
			.from(payments)
			.where(eq(payments.billId, res.json.billId));
		expect(intent!.form).toMatchObject({
			amount: "45000",
			currency: "usd",
			payment_method: "pm_card_visa",
			confirm: "true",
		});
		expect(intent!.idempotencyKey).toBe(payment!.id);
		expect(payment!.providerPaymentId).toMatch(/^pi_/);

		const refund = await read(
			owner.client.api.owner.payments[":id"].refund.$post({
				param: { id: payment!.id },
				json: {
					amountDollars: 50.5,
					reason: "One tree skipped",
				},
			}),
		);
		expect(refund.status, refund.text).toBe(200);
		const [call] = double.callsTo("POST", "/v1/refunds");
		expect(call!.form).toMatchObject({
			payment_intent: payment!.providerPaymentId,
			amount: "5050",
		});
		expect(call!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
	});

	it("a declined payment method still creates the customer, with the payment note", async () => {
		const { res } = await addCustomer("pm_card_chargeDeclined", "declined@example.test");
		expect(res.status, res.text).toBe(201);
		expect(res.json.message).toContain("Note: Payment failed - Your card was declined");
		expect(res.json.paymentResult).toMatchObject({ success: false });
		expect((await billOf(res.json.billId)).status).toBe("pending");
	});
});

describe("Plan for Next Year through Stripe", () => {
	it("joins through a subscription checkout; invoices make paid monthly bills once; cancel cancels it", async () => {
		const casey = await approvedCustomer(app);
		const join = await read(casey.client.api.plan.$post({ json: {} }));
		expect(join.status, join.text).toBe(200);
		expect(join.json.kind).toBe("redirect");
		const [session] = double.callsTo("POST", "/v1/checkout/sessions");
		expect(session!.form).toMatchObject({
			mode: "subscription",
			"line_items[0][price_data][unit_amount]": "2999",
			"line_items[0][price_data][recurring][interval]": "month",
		});
		const started = await deliver({
			id: "evt_plan_started",
			type: "checkout.session.completed",
			object: {
				id: "cs_test_plan",
				object: "checkout.session",
				mode: "subscription",
				subscription: "sub_plan",
				amount_total: 2999,
				metadata: { userId: casey.userId },
			},
		});
		expect(started.status, started.text).toBe(200);
		expect((await read(casey.client.api.plan.$get())).json.status).toBe("active");
		const invoice = {
			id: "evt_invoice_paid",
			type: "invoice.paid",
			object: {
				id: "in_first",
				object: "invoice",
				amount_paid: 2999,
				period_start: Math.floor(Date.now() / 1000),
				parent: { subscription_details: { subscription: "sub_plan" } },
			},
		};
		expect((await deliver(invoice)).status).toBe(200);
		expect((await deliver({ ...invoice, id: "evt_invoice_paid_again" })).status).toBe(200);
		const planBills = (
			await app.db.select().from(bills).where(eq(bills.userId, casey.userId))
		).filter((b) => b.planMonth);
		expect(planBills).toHaveLength(1);
		expect(planBills[0]).toMatchObject({ status: "paid", amountCents: 2999 });

		const cancelled = await read(casey.client.api.plan.$delete());
		expect(cancelled.status, cancelled.text).toBe(200);
		expect(double.callsTo("DELETE", "/v1/subscriptions/sub_plan")).toHaveLength(1);
		const [plan] = await app.db
			.select()
			.from(planSubscriptions)
			.where(eq(planSubscriptions.userId, casey.userId));
		expect(plan!.status).toBe("cancelled");
	});
});
