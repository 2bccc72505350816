import { randomUUID } from "node:crypto";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { formatCents } from "../../../shared/money.ts";
import {
	type Card,
	PAYMENT_MESSAGES,
	type PayBillResult,
	type PaymentRecord,
	type Receipt,
} from "../../../shared/payments.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor, Transaction } from "../../db/database.ts";
import { bills, customers, payments, refunds, users } from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import { depositPaid } from "../bookings/bookings.service.ts";
import {
	paymentReceiptEmail,
	paymentReceivedEmail,
	recipientName,
	refundEmail,
} from "../email/templates.ts";
import { getBusinessProfile, readBusinessProfile } from "../settings/settings.service.ts";
import type { CardSummary } from "./gateway.ts";
import { cardRefused, type PaymentSetup, paymentSetup, paymentsOff } from "./payment-setup.ts";
import { testGateway, testPaymentMethod } from "./test-gateway.ts";

export type PaymentDeps = Pick<
	Deps,
	"db" | "env" | "secrets" | "logger" | "events" | "mailer" | "readCache" | "clock"
>;

/** A hosted checkout left open this long is given up (Stripe expires them after 24 hours). */
const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

type BillRow = typeof bills.$inferSelect;
/** Who a bill is for, to write to: their login's name and e-mail, and their customer record. */
type Payer = { name: string; email: string; emailVerified: boolean; customerId: string | null };

/** The bill and who it is for, the bill locked until the transaction ends. */
async function lockBill(tx: Transaction, billId: string) {
	const [row] = await tx
		.select({
			bill: bills,
			payer: {
				name: users.name,
				email: users.email,
				emailVerified: users.emailVerified,
				customerId: customers.id,
			},
		})
		.from(bills)
		.innerJoin(users, eq(users.id, bills.userId))
		.leftJoin(customers, eq(customers.userId, bills.userId))
		.where(eq(bills.id, billId))
		.for("update", { of: bills });
	return row && { bill: row.bill, payer: row.payer as Payer };
}

/** lockBill, 404 unless the bill is `userId`'s, 409 unless it is pending. */
async function lockPayableBill(tx: Transaction, billId: string, userId: string) {
	const row = await lockBill(tx, billId);
	if (!row || row.bill.userId !== userId) throw notFound(PAYMENT_MESSAGES.billNotFound);
	const { bill, payer } = row;
	if (bill.status === "paid") throw conflict(PAYMENT_MESSAGES.billAlreadyPaid);
	if (bill.status === "refunded") throw conflict(PAYMENT_MESSAGES.billRefunded);
	if (bill.amountCents <= 0) throw conflict("This bill has nothing to pay");
	return { bill, payer };
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
 * Records a payment of a bill held locked; 409 when one is already under way (the unique index
 * payments_one_per_bill allows one pending or succeeded payment per bill).
 */
async function insertPayment(tx: Executor, values: typeof payments.$inferInsert) {
	const [inserted] = await tx
		.insert(payments)
		.values(values)
		.onConflictDoNothing({
			target: payments.billId,
			where: sql`status in ('pending', 'succeeded')`,
		})
		.returning({ id: payments.id });
	if (!inserted) throw conflict(PAYMENT_MESSAGES.paymentInProgress);
}

/** A receipt's number, short enough to read over the phone. */
export const receiptNumber = (billId: string) => `R-${billId.slice(0, 8).toUpperCase()}`;

/**
 * A taken card payment settles its bill, in the caller's transaction: the bill is paid by card,
 * the approved quote's bill ticks the customer's "paid invoice" milestone, the customer's receipt
 * and the business's notice are queued, and open pages hear of it.
 */
async function settleBill(options: {
	deps: PaymentDeps;
	tx: Transaction;
	bill: BillRow;
	payer: Payer;
	card: Pick<CardSummary, "cardBrand" | "cardLast4">;
	testMode: boolean;
}) {
	const { deps, tx, bill, payer, card } = options;
	const [paid] = await tx
		.update(bills)
		.set({ status: "paid", paidAt: sql`now()`, paymentMethod: "card" })
		.where(and(eq(bills.id, bill.id), eq(bills.status, "pending")))
		.returning({ paidAt: bills.paidAt });
	if (!paid) return;
	// A deposit that holds an install day books the day.
	await depositPaid({ deps, tx, billId: bill.id });
	if (bill.quoteRequestId) {
		await tx
			.update(customers)
			.set({ paidInvoice: true, updatedAt: sql`now()` })
			.where(eq(customers.userId, bill.userId));
		await deps.events.publish(tx, { kind: "customer.changed", userId: bill.userId });
	}
	// Read in the transaction: PGlite has one connection, which the transaction holds.
	const business = await readBusinessProfile({ db: tx, readCache: deps.readCache });
	const owner = payer.customerId
		? `${deps.env.APP_URL}/owner/customer/${payer.customerId}`
		: `${deps.env.APP_URL}/owner`;
	await deps.mailer.enqueue(
		[
			paymentReceiptEmail({
				to: payer.email,
				name: recipientName(payer),
				description: bill.description,
				amountCents: bill.amountCents,
				receiptNumber: receiptNumber(bill.id),
				paidAt: paid.paidAt ?? new Date(),
				card,
				testMode: options.testMode,
				url: `${deps.env.APP_URL}/app/payments`,
				business,
			}),
			paymentReceivedEmail({
				customerName: payer.name,
				description: bill.description,
				amountCents: bill.amountCents,
				card,
				testMode: options.testMode,
				url: owner,
				business,
			}),
		],
		tx,
	);
	await deps.events.publish(tx, { kind: "bill.changed", billId: bill.id, userId: bill.userId });
}

/**
 * Charges a pending bill with a payment method, once: a pending payment row is written under the
 * bill's lock first (its unique index allows one per bill), the provider is asked with that row's
 * id as the idempotency key, and the answer settles the bill or records the refusal. A second
 * attempt while one is under way gets 409; one after it, the bill's new state.
 */
export async function chargeBill(options: {
	deps: PaymentDeps;
	setup: Exclude<PaymentSetup, { mode: "off" }>;
	billId: string;
	userId: string;
	paymentMethodId: string;
	card: CardSummary;
	offSession?: boolean;
}): Promise<
	| { ok: true; paymentId: string; amountCents: number; card: CardSummary }
	| { ok: false; paymentId: string; message: string }
> {
	const { deps, setup } = options;
	const paymentId = randomUUID();
	const { bill, payer } = await deps.events.transaction(async (tx) => {
		const locked = await lockPayableBill(tx, options.billId, options.userId);
		await insertPayment(tx, {
			id: paymentId,
			billId: locked.bill.id,
			userId: locked.bill.userId,
			provider: setup.gateway.provider,
			amountCents: locked.bill.amountCents,
			...options.card,
		});
		return locked;
	});
	let result: Awaited<ReturnType<typeof setup.gateway.charge>>;
	try {
		result = await setup.gateway.charge({
			amountCents: bill.amountCents,
			description: bill.description,
			idempotencyKey: paymentId,
			paymentMethodId: options.paymentMethodId,
			metadata: { billId: bill.id, paymentId },
			offSession: options.offSession,
		});
	} catch (error) {
		deps.logger.error({ err: error, paymentId }, "card charge failed");
		result = {
			ok: false,
			providerPaymentId: null,
			message: "The card could not be charged right now: please try again",
			cardBrand: null,
			cardLast4: null,
			cardExpMonth: null,
			cardExpYear: null,
		};
	}
	// The provider's card details, when it gave them, else what was typed (test mode).
	const card: CardSummary = {
		cardBrand: result.cardBrand ?? options.card.cardBrand,
		cardLast4: result.cardLast4 ?? options.card.cardLast4,
		cardExpMonth: result.cardExpMonth ?? options.card.cardExpMonth,
		cardExpYear: result.cardExpYear ?? options.card.cardExpYear,
	};
	return deps.events.transaction(async (tx) => {
		await tx
			.update(payments)
			.set({
				status: result.ok ? "succeeded" : "failed",
				providerPaymentId: result.providerPaymentId,
				failureMessage: result.ok ? null : result.message,
				...card,
				updatedAt: sql`now()`,
			})
			.where(eq(payments.id, paymentId));
		if (!result.ok) {
			await deps.events.publish(tx, { kind: "bill.changed", billId: bill.id, userId: bill.userId });
			return { ok: false as const, paymentId, message: result.message };
		}
		// Settling pays the bill only while it is pending: the pending payment row kept it so.
		await settleBill({ deps, tx, bill, payer, card, testMode: setup.mode === "test" });
		return { ok: true as const, paymentId, amountCents: bill.amountCents, card };
	});
}

/**
 * The customer pays one of their bills. Test mode: the typed card is charged here (only the
 * provider's test cards; the amount is the bill's). Stripe: the answer is the hosted checkout to go
 * to; the bill is paid when Stripe's signed webhook says so. A second Pay while a checkout is open
 * goes back to the same checkout.
 */
export async function payBill(options: {
	deps: PaymentDeps;
	actor: Actor;
	billId: string;
	card?: Card;
}): Promise<PayBillResult> {
	const { deps, actor, billId, card } = options;
	// The approved-quote gate is the route's (approvedQuoteOnly), answered before the body is read.
	const setup = await paymentSetup(deps);
	if (setup.mode === "off") throw await paymentsOff(deps);
	if (setup.mode === "stripe") {
		if (card) throw badRequest(PAYMENT_MESSAGES.cardsAtStripe);
		return startCheckout({ deps, setup, actor, billId });
	}
	if (!card) throw badRequest(PAYMENT_MESSAGES.cardNumberRequired);
	const method = testPaymentMethod(card);
	// Test mode answers at once, so the whole payment is one transaction under the bill's lock.
	const result = await deps.events.transaction(async (tx) => {
		const { bill, payer } = await lockPayableBill(tx, billId, actor.id);
		if (!method.ok) return { ok: false as const, message: method.message };
		const paymentId = randomUUID();
		const answer = await testGateway.charge({
			amountCents: bill.amountCents,
			description: bill.description,
			idempotencyKey: paymentId,
			paymentMethodId: method.token,
			metadata: {},
		});
		await insertPayment(tx, {
			id: paymentId,
			billId: bill.id,
			userId: bill.userId,
			provider: "test",
			providerPaymentId: answer.providerPaymentId,
			status: answer.ok ? "succeeded" : "failed",
			failureMessage: answer.ok ? null : answer.message,
			amountCents: bill.amountCents,
			...method.summary,
		});
		if (!answer.ok) {
			await deps.events.publish(tx, { kind: "bill.changed", billId: bill.id, userId: bill.userId });
			return { ok: false as const, message: answer.message };
		}
		await settleBill({ deps, tx, bill, payer, card: method.summary, testMode: true });
		return { ok: true as const, paymentId, amountCents: bill.amountCents };
	});
	if (!result.ok) throw cardRefused(result.message);
	return {
		kind: "paid",
		billId,
		paymentId: result.paymentId,
		amountCents: result.amountCents,
		cardBrand: method.ok ? method.summary.cardBrand : null,
		cardLast4: method.ok ? method.summary.cardLast4 : null,
		message: PAYMENT_MESSAGES.paid(formatCents(result.amountCents)),
	};
}

async function startCheckout(options: {
	deps: PaymentDeps;
	setup: Extract<PaymentSetup, { mode: "stripe" }>;
	actor: Actor;
	billId: string;
}): Promise<PayBillResult> {
	const { deps, setup, actor } = options;
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
		return { again: false as const, bill, paymentId: payment!.id, email: payer.email };
	});
	if (reserved.again) return { kind: "redirect", url: reserved.url };
	const { bill, paymentId, email } = reserved;
	const back = (result: string) =>
		`${deps.env.APP_URL}/app/payments?checkout=${result}&bill=${bill.id}`;
	try {
		const session = await setup.gateway.checkout({
			amountCents: bill.amountCents,
			description: bill.description,
			email: email ?? "",
			paymentId,
			billId: bill.id,
			successUrl: back("success"),
			cancelUrl: back("cancelled"),
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

const paymentColumns = {
	id: payments.id,
	billId: payments.billId,
	billDescription: bills.description,
	provider: payments.provider,
	providerPaymentId: payments.providerPaymentId,
	status: payments.status,
	amountCents: payments.amountCents,
	refundedCents: payments.refundedCents,
	cardBrand: payments.cardBrand,
	cardLast4: payments.cardLast4,
	failureMessage: payments.failureMessage,
	createdAt: payments.createdAt,
};

const toRecord = (row: Omit<PaymentRecord, "createdAt"> & { createdAt: Date }): PaymentRecord => ({
	...row,
	createdAt: row.createdAt.toISOString(),
});

/** A customer's card payments (taken, refused and under way), newest first, for the owner. */
export async function listPayments(options: { db: Executor; actor: Actor; userId: string }) {
	assertOwner(options.actor);
	const rows = await options.db
		.select(paymentColumns)
		.from(payments)
		.innerJoin(bills, eq(bills.id, payments.billId))
		.where(eq(payments.userId, options.userId))
		.orderBy(desc(payments.createdAt))
		.limit(200);
	return rows.map(toRecord);
}

/**
 * The owner gives back all or part of a card payment through its provider. The amount is taken
 * off what is left under the payment's lock before the provider is asked (two refunds at once
 * cannot give back more than was paid), and put back if the provider refuses. A bill refunded
 * whole shows refunded.
 */
export async function refundPayment(options: {
	deps: PaymentDeps;
	actor: Actor;
	paymentId: string;
	amountCents?: number;
	reason: string;
}) {
	const { deps, actor, reason } = options;
	assertOwner(actor);
	const reserved = await deps.events.transaction(async (tx) => {
		const [payment] = await tx
			.select()
			.from(payments)
			.where(eq(payments.id, options.paymentId))
			.for("update");
		if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
		if (payment.status !== "succeeded" || !payment.providerPaymentId)
			throw conflict(PAYMENT_MESSAGES.refundNotCard);
		const left = payment.amountCents - payment.refundedCents;
		const amount = options.amountCents ?? left;
		if (left <= 0 || amount > left)
			throw badRequest(PAYMENT_MESSAGES.refundTooMuch(formatCents(Math.max(left, 0))));
		await tx
			.update(payments)
			.set({ refundedCents: payment.refundedCents + amount, updatedAt: sql`now()` })
			.where(eq(payments.id, payment.id));
		const [refund] = await tx
			.insert(refunds)
			.values({ paymentId: payment.id, amountCents: amount, reason, createdBy: actor.id })
			.returning({ id: refunds.id });
		return { payment, amount, refundId: refund!.id };
	});
	const { payment, amount, refundId } = reserved;
	const setup = await paymentSetup(deps);
	// A payment is refunded where it was taken, whatever the mode is now.
	const gateway =
		payment.provider === "test" ? testGateway : setup.mode === "stripe" ? setup.gateway : null;
	let providerRefundId: string;
	try {
		if (!gateway) throw new Error("Stripe keys are needed to refund a Stripe payment");
		({ providerRefundId } = await gateway.refund({
			providerPaymentId: payment.providerPaymentId!,
			amountCents: amount,
			reason,
			idempotencyKey: refundId,
		}));
	} catch (error) {
		deps.logger.error({ err: error, paymentId: payment.id }, "refund failed");
		await deps.events.transaction(async (tx) => {
			await tx.delete(refunds).where(eq(refunds.id, refundId));
			await tx
				.update(payments)
				.set({ refundedCents: sql`${payments.refundedCents} - ${amount}`, updatedAt: sql`now()` })
				.where(eq(payments.id, payment.id));
			await deps.events.publish(tx, {
				kind: "bill.changed",
				billId: payment.billId,
				userId: payment.userId,
			});
		});
		throw new AppError(
			502,
			`The refund did not go through: ${error instanceof Error ? error.message : "please try again"}`,
		);
	}
	return deps.events.transaction(async (tx) => {
		await tx.update(refunds).set({ providerRefundId }).where(eq(refunds.id, refundId));
		const [after] = await tx.select().from(payments).where(eq(payments.id, payment.id));
		const [bill] = await tx.select().from(bills).where(eq(bills.id, payment.billId));
		if (after!.refundedCents >= after!.amountCents) {
			await tx.update(bills).set({ status: "refunded" }).where(eq(bills.id, payment.billId));
			// The invoice milestone says the quote's bill is paid: once nothing of it stays paid, it is not.
			if (bill?.quoteRequestId) await clearPaidInvoiceIfNothingPaid(tx, payment.userId);
		}
		const [person] = await tx
			.select({ name: users.name, email: users.email, emailVerified: users.emailVerified })
			.from(users)
			.where(eq(users.id, payment.userId));
		if (person && bill)
			await deps.mailer.enqueue(
				refundEmail({
					to: person.email,
					name: recipientName(person),
					description: bill.description,
					amountCents: amount,
					reason,
					url: `${deps.env.APP_URL}/app/payments`,
					business: await getBusinessProfile({ db: tx }),
				}),
				tx,
			);
		await deps.events.publish(tx, {
			kind: "bill.changed",
			billId: payment.billId,
			userId: payment.userId,
		});
		await deps.events.publish(tx, { kind: "customer.changed", userId: payment.userId });
		const [row] = await tx
			.select(paymentColumns)
			.from(payments)
			.innerJoin(bills, eq(bills.id, payments.billId))
			.where(eq(payments.id, payment.id));
		return { payment: toRecord(row!), message: PAYMENT_MESSAGES.refunded(formatCents(amount)) };
	});
}

/** Clears a customer's paid-invoice milestone when none of their quote bills is paid any more. */
async function clearPaidInvoiceIfNothingPaid(tx: Executor, userId: string) {
	const [paid] = await tx
		.select({ id: bills.id })
		.from(bills)
		.where(and(eq(bills.userId, userId), eq(bills.status, "paid"), isNotNull(bills.quoteRequestId)))
		.limit(1);
	if (paid) return;
	await tx
		.update(customers)
		.set({ paidInvoice: false, updatedAt: sql`now()` })
		.where(and(eq(customers.userId, userId), eq(customers.paidInvoice, true)));
}

/** A paid (or refunded) bill's receipt: the customer's own, or any for the owner. */
export async function getReceipt(options: {
	db: Executor;
	actor: Actor;
	billId: string;
}): Promise<Receipt> {
	const { db, actor } = options;
	const [bill] = await db.select().from(bills).where(eq(bills.id, options.billId));
	if (!bill || (actor.role !== "owner" && bill.userId !== actor.id))
		throw notFound(PAYMENT_MESSAGES.billNotFound);
	if (bill.status === "pending" || !bill.paidAt) throw conflict("This bill is not paid yet");
	const [payment] = await db
		.select()
		.from(payments)
		.where(and(eq(payments.billId, bill.id), eq(payments.status, "succeeded")));
	const [person] = await db
		.select({ name: users.name })
		.from(users)
		.where(eq(users.id, bill.userId));
	const business = await getBusinessProfile({ db });
	return {
		billId: bill.id,
		receiptNumber: receiptNumber(bill.id),
		description: bill.description,
		amountCents: bill.amountCents,
		refundedCents: payment?.refundedCents ?? 0,
		paidAt: bill.paidAt.toISOString(),
		method: bill.paymentMethod ?? "card",
		cardBrand: payment?.cardBrand ?? null,
		cardLast4: payment?.cardLast4 ?? null,
		provider: payment?.provider ?? null,
		business: { name: business.businessName, phone: business.phone, email: business.email },
		customerName: person?.name ?? "",
	};
}

/** What a payment page needs: how cards are taken now and Stripe's publishable key. */
export async function getPaymentSetup(deps: PaymentDeps) {
	const [setup, business] = await Promise.all([paymentSetup(deps), getBusinessProfile(deps)]);
	return { mode: setup.mode, publishableKey: setup.publishableKey, phone: business.phone };
}

/**
 * Add Customer's card, charged for the new customer's first bill once the customer exists. A
 * refusal is reported, not thrown: the customer stays created and the bill pending.
 */
export async function chargeNewCustomer(options: {
	deps: PaymentDeps;
	billId: string;
	userId: string;
	payment: { card?: Card; paymentMethodId?: string };
}): Promise<{ success: true; amountCents: number } | { success: false; error: string }> {
	const { deps, payment } = options;
	const setup = await paymentSetup(deps);
	if (setup.mode === "off") return { success: false, error: PAYMENT_MESSAGES.ownerNoProvider };
	let paymentMethodId: string;
	let card: CardSummary = {
		cardBrand: null,
		cardLast4: null,
		cardExpMonth: null,
		cardExpYear: null,
	};
	if (setup.mode === "test") {
		if (!payment.card)
			return { success: false, error: "Test mode takes the card's number, expiry and CVV" };
		const method = testPaymentMethod(payment.card);
		if (!method.ok) return { success: false, error: method.message };
		paymentMethodId = method.token;
		card = method.summary;
	} else {
		if (!payment.paymentMethodId)
			return {
				success: false,
				error: "With Stripe, the card is entered in Stripe's own card field",
			};
		paymentMethodId = payment.paymentMethodId;
	}
	try {
		const result = await chargeBill({
			deps,
			setup,
			billId: options.billId,
			userId: options.userId,
			paymentMethodId,
			card,
		});
		return result.ok
			? { success: true, amountCents: result.amountCents }
			: { success: false, error: result.message };
	} catch (error) {
		if (error instanceof AppError) return { success: false, error: error.message };
		throw error;
	}
}
