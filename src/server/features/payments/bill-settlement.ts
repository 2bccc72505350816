import { and, eq, sql } from "drizzle-orm";
import { PAYMENT_MESSAGES } from "../../../shared/payments.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor, Transaction } from "../../db/database.ts";
import { bills, customers, payments, users } from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { depositPaid } from "../bookings/bookings.service.ts";
import { paymentReceiptEmail, paymentReceivedEmail, recipientName } from "../email/templates.ts";
import { getCachedBusinessProfile } from "../settings/settings.service.ts";
import type { CardSummary } from "./gateway.ts";

/*
 * What every way of paying a bill shares: the bill locked with who it is for, the one payment a
 * bill may have under way, and the settling of a bill once its card payment is taken.
 */

export type PaymentDeps = Pick<
	Deps,
	"db" | "env" | "secrets" | "logger" | "events" | "mailer" | "readCache" | "clock"
>;

export type BillRow = typeof bills.$inferSelect;
/** Who a bill is for, to write to: their login's name and e-mail, and their customer record. */
export type Payer = {
	name: string;
	email: string;
	emailVerified: boolean;
	customerId: string | null;
};

/** The bill and who it is for, the bill locked until the transaction ends. */
export async function lockBill(tx: Transaction, billId: string) {
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
export async function lockPayableBill(tx: Transaction, billId: string, userId: string) {
	const row = await lockBill(tx, billId);
	if (!row || row.bill.userId !== userId) throw notFound(PAYMENT_MESSAGES.billNotFound);
	const { bill, payer } = row;
	if (bill.status === "paid") throw conflict(PAYMENT_MESSAGES.billAlreadyPaid);
	if (bill.status === "refunded") throw conflict(PAYMENT_MESSAGES.billRefunded);
	if (bill.amountCents <= 0) throw conflict("This bill has nothing to pay");
	return { bill, payer };
}

/**
 * Records a payment of a bill held locked; 409 when one is already under way (the unique index
 * payments_one_per_bill allows one pending or succeeded payment per bill).
 */
export async function insertPayment(tx: Executor, values: typeof payments.$inferInsert) {
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
export async function settleBill(options: {
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
	const business = await getCachedBusinessProfile({ db: tx, readCache: deps.readCache });
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
