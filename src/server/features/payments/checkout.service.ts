import { and, eq, sql } from "drizzle-orm";
import { PAYMENT_MESSAGES } from "../../../shared/payments.ts";
import type { Executor, Transaction } from "../../db/database.ts";
import { bookings, payments } from "../../db/schema.ts";
import type { Actor } from "../../lib/actor.ts";
import { AppError, conflict } from "../../lib/errors.ts";
import { lockBill, lockPayableBill, type PaymentDeps, settleBill } from "./bill-settlement.ts";
import type { ChargeResult } from "./charge-result.ts";
import type { CardSummary } from "./gateway.ts";
import type { LoadedGateway } from "./payment-setup.service.ts";

/** A hosted checkout left open this long is given up (Stripe expires them after 24 hours). */
const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Stripe refuses a checkout that would expire sooner than this. */
const STRIPE_MIN_CHECKOUT_MS = 30 * 60 * 1000;

/**
 * When a deposit's hosted checkout should end: the hold's end, so the customer cannot pay for a
 * day no longer kept for them, but never sooner than Stripe's 30 minutes from now. Null for a
 * bill that is no held booking's deposit (Stripe's own 24 hours apply).
 */
async function depositCheckoutEnd(tx: Executor, billId: string, now: Date) {
	const [held] = await tx
		.select({ holdExpiresAt: bookings.holdExpiresAt })
		.from(bookings)
		.where(and(eq(bookings.depositBillId, billId), eq(bookings.status, "held")));
	if (!held?.holdExpiresAt) return null;
	return new Date(Math.max(held.holdExpiresAt.getTime(), now.getTime() + STRIPE_MIN_CHECKOUT_MS));
}

/** The bill's payment under way, if any (at most one: payments_one_per_bill). */
async function openPayment(tx: Executor, billId: string) {
	const [open] = await tx
		.select()
		.from(payments)
		.where(and(eq(payments.billId, billId), eq(payments.status, "pending")));
	return open;
}

/**
 * Stripe's hosted checkout for one of the customer's bills: a pending payment is reserved under
 * the bill's lock, then Stripe is asked for the checkout; the bill is paid when Stripe's signed
 * webhook says so (completeCheckout). A second Pay while a checkout is open goes back to the same
 * checkout; one left open a day is given up.
 */
export async function startCheckout(options: {
	deps: PaymentDeps;
	gateway: Extract<LoadedGateway, { mode: "stripe" }>["gateway"];
	actor: Actor;
	billId: string;
}): Promise<Extract<ChargeResult, { kind: "redirect" }>> {
	const { deps, gateway, actor } = options;
	const reserved = await deps.events.transaction(async (tx) => {
		const { bill, payer } = await lockPayableBill(tx, options.billId, actor.id);
		const open = await openPayment(tx, bill.id);
		if (open) {
			const fresh = Date.now() - open.createdAt.getTime() < CHECKOUT_LIFETIME_MS;
			if (open.provider === "stripe" && open.checkoutUrl && fresh)
				return { again: true as const, url: open.checkoutUrl };
			if (fresh) throw conflict(PAYMENT_MESSAGES.paymentInProgress);
			await tx
				.update(payments)
				.set({ status: "failed", failureMessage: "Checkout expired", updatedAt: sql`now()` })
				.where(eq(payments.id, open.id));
		}
		const [payment] = await tx
			.insert(payments)
			.values({
				billId: bill.id,
				userId: bill.userId,
				provider: "stripe",
				amountCents: bill.amountCents,
			})
			.returning({ id: payments.id });
		const expiresAt = await depositCheckoutEnd(tx, bill.id, deps.clock.now());
		return { again: false as const, bill, paymentId: payment!.id, email: payer.email, expiresAt };
	});
	if (reserved.again) return { kind: "redirect", url: reserved.url };
	const { bill, paymentId, email, expiresAt } = reserved;
	const back = (result: string) =>
		`${deps.env.APP_URL}/app/payments?checkout=${result}&bill=${bill.id}`;
	try {
		const session = await gateway.checkout({
			amountCents: bill.amountCents,
			description: bill.description,
			email: email ?? "",
			paymentId,
			billId: bill.id,
			successUrl: back("success"),
			cancelUrl: back("cancelled"),
			expiresAt,
		});
		await deps.db
			.update(payments)
			.set({ providerPaymentId: session.id, checkoutUrl: session.url, updatedAt: sql`now()` })
			.where(eq(payments.id, paymentId));
		return { kind: "redirect", url: session.url };
	} catch (error) {
		deps.logger.error({ err: error, paymentId }, "Stripe checkout could not start");
		await deps.db
			.update(payments)
			.set({ status: "failed", failureMessage: "Checkout could not start", updatedAt: sql`now()` })
			.where(eq(payments.id, paymentId));
		throw new AppError(502, "Stripe could not be reached: please try again in a moment");
	}
}

/**
 * Stripe's confirmation that a checkout was paid: the payment takes the PaymentIntent's id and
 * card, and its bill is settled. Runs inside the webhook's transaction; a second report of the
 * same payment changes nothing.
 */
export async function completeCheckout(options: {
	deps: PaymentDeps;
	tx: Transaction;
	paymentId: string;
	intent: { id: string } & CardSummary;
}) {
	const { deps, tx, intent } = options;
	const [payment] = await tx
		.select()
		.from(payments)
		.where(eq(payments.id, options.paymentId))
		.for("update");
	if (!payment || payment.status === "succeeded") return;
	const locked = await lockBill(tx, payment.billId);
	if (!locked) return;
	const { bill, payer } = locked;
	const card = {
		cardBrand: intent.cardBrand,
		cardLast4: intent.cardLast4,
		cardExpMonth: intent.cardExpMonth,
		cardExpYear: intent.cardExpYear,
	};
	await tx
		.update(payments)
		.set({
			status: "succeeded",
			providerPaymentId: intent.id,
			checkoutUrl: null,
			failureMessage: null,
			...card,
			updatedAt: sql`now()`,
		})
		.where(eq(payments.id, payment.id));
	if (bill.status === "pending") await settleBill({ deps, tx, bill, payer, card, testMode: false });
	else {
		deps.logger.warn(
			{ billId: bill.id, paymentId: payment.id },
			"card payment for a bill already settled",
		);
		await deps.events.publish(tx, { kind: "bill.changed", billId: bill.id, userId: bill.userId });
	}
}

/** A checkout Stripe gave up on: its payment failed, so Pay can start another. */
export async function expireCheckout(options: {
	deps: PaymentDeps;
	tx: Transaction;
	paymentId: string;
}) {
	const [failed] = await options.tx
		.update(payments)
		.set({
			status: "failed",
			failureMessage: "Checkout expired",
			checkoutUrl: null,
			updatedAt: sql`now()`,
		})
		.where(and(eq(payments.id, options.paymentId), eq(payments.status, "pending")))
		.returning();
	if (failed)
		await options.deps.events.publish(options.tx, {
			kind: "bill.changed",
			billId: failed.billId,
			userId: failed.userId,
		});
}
