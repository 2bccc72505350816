import { and, desc, eq } from "drizzle-orm";
import { CUSTOMER_MESSAGES } from "../../../shared/customers.ts";
import {
	PAYMENT_MESSAGES,
	type PaymentRecord,
	type Plan,
	type Receipt,
} from "../../../shared/payments.ts";
import type { Executor } from "../../db/database.ts";
import { bills, customers, payments, users } from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { getBusinessProfile } from "../settings/settings.service.ts";
import { receiptNumber } from "./bill-settlement.ts";
import { planOf } from "./plan.service.ts";

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

/** One card payment as the owner's list shows it (after a refund, say). */
export async function readPaymentRecord(db: Executor, paymentId: string) {
	const [row] = await db
		.select(paymentColumns)
		.from(payments)
		.innerJoin(bills, eq(bills.id, payments.billId))
		.where(eq(payments.id, paymentId));
	return row && toRecord(row);
}

/**
 * The owner's view of one customer: their card payments (taken, refused and under way), newest
 * first, and their plan. A customer record without a login has neither. 404 for no such customer.
 */
export async function listCustomerPayments(options: {
	db: Executor;
	actor: Actor;
	customerId: string;
}): Promise<{ payments: PaymentRecord[]; plan: Plan }> {
	const { db } = options;
	assertOwner(options.actor);
	const [customer] = await db
		.select({ userId: customers.userId })
		.from(customers)
		.where(eq(customers.id, options.customerId));
	if (!customer) throw notFound(CUSTOMER_MESSAGES.notFound);
	const { userId } = customer;
	const [rows, plan] = await Promise.all([
		userId
			? db
					.select(paymentColumns)
					.from(payments)
					.innerJoin(bills, eq(bills.id, payments.billId))
					.where(eq(payments.userId, userId))
					.orderBy(desc(payments.createdAt))
					.limit(200)
			: [],
		planOf(db, userId),
	]);
	return { payments: rows.map(toRecord), plan };
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
