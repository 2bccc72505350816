import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bills, crewDays, payments } from "../../src/server/db/schema.ts";
import { approvedCustomer, SIGNATURE } from "../support/builders.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { startStripeDouble } from "../support/stripe-double.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

// A deposit paid at Stripe's hosted checkout, its webhook arriving after the hold ran out.
const WEBHOOK_SECRET = "whsec_test_secret";
const sdk = new Stripe("sk_test_signing_only");
const SEPT_1 = new Date("2026-09-01T16:00:00Z");

let double: Awaited<ReturnType<typeof startStripeDouble>>;
let app: TestApp;
beforeAll(async () => {
	double = await startStripeDouble();
});
afterAll(() => double.close());
beforeEach(async () => {
	app = await startTestApp({
		env: {
			STRIPE_SECRET_KEY: "sk_test_stand_in",
			STRIPE_PUBLISHABLE_KEY: "pk_test_stand_in",
			STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
			STRIPE_API_URL: double.url,
		},
	});
	app.deps.clock.now = () => SEPT_1;
});
afterEach(() => app.close());

function deliver(id: string, object: Record<string, unknown>) {
	const payload = JSON.stringify({
		id,
		object: "event",
		type: "checkout.session.completed",
		api_version: "2026-01-01",
		created: Math.floor(Date.now() / 1000),
		data: { object },
	});
	const headers = {
		"content-type": "application/json",
		"stripe-signature": sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
	};
	return new HttpClient(app.url).request("POST", "/api/payments/stripe/webhook", payload, headers);
}

async function signed(
	email: string,
	owner?: Awaited<ReturnType<typeof approvedCustomer>>["owner"],
) {
	const customer = await approvedCustomer(app, { email, owner });
	expect((await read(customer.client.api.contract.sign.$post({ json: SIGNATURE }))).status).toBe(
		200,
	);
	return customer;
}

describe("a deposit's hosted checkout", () => {
	it("ends at the hold's end, never sooner than Stripe's 30 minutes; other bills keep Stripe's own", async () => {
		const casey = await signed("casey@example.test");
		const page = await read(casey.client.api.bookings.$get());
		const prime = page.json.windows.find(
			(w: { name: string; seasonId: string }) => w.name === "Prime" && w.seasonId === "2026-27",
		);
		const held = await read(
			casey.client.api.bookings.$post({ json: { windowId: prime.id, day: "2026-11-10" } }),
		);
		expect(held.json.status, held.text).toBe("held");
		// Ten minutes later only 25 minutes of the hold are left: Stripe is given 30.
		const later = new Date(SEPT_1.getTime() + 10 * 60_000);
		app.deps.clock.now = () => later;
		const pay = await read(
			casey.client.api.bills[":id"].pay.$post({ param: { id: held.json.depositBillId }, json: {} }),
		);
		expect(pay.json.kind, pay.text).toBe("redirect");
		const [session] = double.callsTo("POST", "/v1/checkout/sessions").slice(-1);
		expect(session!.form["metadata[billId]"]).toBe(held.json.depositBillId);
		expect(Number(session!.form.expires_at)).toBe(later.getTime() / 1000 + 30 * 60);

		// The balance (the approval bill) is no deposit: Stripe's own expiry applies.
		const paid = await read(
			casey.client.api.bills[":id"].pay.$post({ param: { id: casey.bill.id }, json: {} }),
		);
		expect(paid.json.kind, paid.text).toBe("redirect");
		const [other] = double.callsTo("POST", "/v1/checkout/sessions").slice(-1);
		expect(other!.form["metadata[billId]"]).toBe(casey.bill.id);
		expect(other!.form.expires_at).toBeUndefined();
	});
});

describe("a deposit paid at Stripe after its hold ran out", () => {
	it("books the day when it has room, else the booking needs a new day; a repeat changes nothing", async () => {
		const casey = await signed("casey@example.test");
		const other = await signed("other@example.test", casey.owner);
		const page = await read(casey.client.api.bookings.$get());
		const prime = page.json.windows.find(
			(w: { name: string; seasonId: string }) => w.name === "Prime" && w.seasonId === "2026-27",
		);
		await read(
			casey.owner.client.api.owner.schedule.days[":day"].$patch({
				param: { day: "2026-11-10" },
				json: { capacity: 1 },
			}),
		);
		const held = await read(
			casey.client.api.bookings.$post({
				json: {
					windowId: prime.id,
					day: "2026-11-10",
				},
			}),
		);
		expect(held.json.status).toBe("held");
		const pay = await read(
			casey.client.api.bills[":id"].pay.$post({ param: { id: held.json.depositBillId }, json: {} }),
		);
		expect(pay.json.kind, pay.text).toBe("redirect");
		// The hosted checkout ends with the hold (35 minutes: over Stripe's minimum of 30).
		const [session0] = double.callsTo("POST", "/v1/checkout/sessions").slice(-1);
		expect(Number(session0!.form.expires_at)).toBe(
			Math.floor(new Date(held.json.holdExpiresAt).getTime() / 1000),
		);
		expect(Number(session0!.form.expires_at)).toBe(SEPT_1.getTime() / 1000 + 35 * 60);
		const [payment] = await app.db
			.select()
			.from(payments)
			.where(eq(payments.billId, held.json.depositBillId));

		// 40 minutes later the hold has run out; another customer takes the day.
		app.deps.clock.now = () => new Date(SEPT_1.getTime() + 40 * 60_000);
		const taken = await read(
			other.client.api.bookings.$post({
				json: {
					windowId: prime.id,
					day: "2026-11-10",
				},
			}),
		);
		expect(taken.status, taken.text).toBe(201);
		expect(
			(await read(casey.client.api.bookings[":id"].$get({ param: { id: held.json.id } }))).json
				.status,
		).toBe("expired");

		const session = {
			id: payment!.providerPaymentId,
			object: "checkout.session",
			mode: "payment",
			payment_status: "paid",
			payment_intent: "pi_late_deposit",
			metadata: { billId: held.json.depositBillId, paymentId: payment!.id },
		};
		const late = await deliver("evt_late_deposit", session);
		expect(late.status, late.text).toBe(200);
		expect(
			(await read(casey.client.api.bookings[":id"].$get({ param: { id: held.json.id } }))).json,
		).toMatchObject({
			status: "needs_new_day",
			depositPaid: true,
		});
		const [day] = await app.db.select().from(crewDays).where(eq(crewDays.day, "2026-11-10"));
		expect(day!.booked).toBe(1);
		const [deposit] = await app.db
			.select()
			.from(bills)
			.where(eq(bills.id, held.json.depositBillId));
		expect(deposit!.status).toBe("paid");
		// Delivered again: nothing changes.
		expect((await deliver("evt_late_deposit", session)).json).toMatchObject({ duplicate: true });
		expect(
			(await read(casey.client.api.bookings[":id"].$get({ param: { id: held.json.id } }))).json
				.status,
		).toBe("needs_new_day");
	});
});
