import { and, eq, isNotNull, sql } from "drizzle-orm";
import { formatCents } from "../../../shared/money.ts";
import { PAYMENT_MESSAGES } from "../../../shared/payments.ts";
import type { Executor } from "../../db/database.ts";
import { bills, customers, payments, refunds, users } from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import { recipientName, refundEmail } from "../email/templates.ts";
import { getBusinessProfile } from "../settings/settings.service.ts";
import type { PaymentDeps } from "./bill-settlement.ts";
import { readPaymentRecord } from "./payment-history.service.ts";
import { loadGateway } from "./payment-setup.service.ts";
import { testGateway } from "./test-gateway.ts";

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
	const loaded = await loadGateway(deps);
	// A payment is refunded where it was taken, whatever the mode is now.
	const gateway =
		payment.provider === "test" ? testGateway : loaded.mode === "stripe" ? loaded.gateway : null;
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
		const record = await readPaymentRecord(tx, payment.id);
		return { payment: record!, message: PAYMENT_MESSAGES.refunded(formatCents(amount)) };
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
