import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { MyBills } from "../../../shared/bills.ts";
import { seasonOf } from "../../../shared/bookings.ts";
import { CUSTOMER_MESSAGES } from "../../../shared/customers.ts";
import { addDays, businessDate } from "../../../shared/dates.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { bills, bookings, customers, payments } from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import { depositPaid } from "../bookings/bookings.service.ts";
import { billNotice, notify } from "../notifications/notify.service.ts";
import { getPricing } from "../settings/settings.service.ts";

export const BILL_DUE_DAYS = 30;

/**
 * The one bill of an approved quote, due 30 business-calendar days later. Approving twice, even
 * at the same moment, leaves one bill: the unique index on quote_request_id decides.
 */
export async function createQuoteBill(options: {
	db: Executor;
	events: EventBus;
	userId: string;
	quoteRequestId: string;
	amountCents: number;
	now?: Date;
	/** The season it is for, when not the one it is made in (a renewal). */
	seasonId?: string;
	description?: string;
}) {
	const [created] = await options.db
		.insert(bills)
		.values({
			userId: options.userId,
			quoteRequestId: options.quoteRequestId,
			description: options.description ?? "Holiday lighting installation",
			dueDate: addDays(businessDate(options.now), BILL_DUE_DAYS),
			amountCents: options.amountCents,
			seasonId: options.seasonId ?? seasonOf(businessDate(options.now)),
		})
		.onConflictDoNothing({ target: bills.quoteRequestId })
		.returning({ id: bills.id });
	if (created) {
		await options.events.publish(options.db, {
			kind: "bill.changed",
			billId: created.id,
			userId: options.userId,
		});
		await notify(
			options.db,
			options,
			options.userId,
			billNotice({ id: created.id, amountCents: options.amountCents }),
		);
		return created.id;
	}
	const [existing] = await options.db
		.select({ id: bills.id })
		.from(bills)
		.where(eq(bills.quoteRequestId, options.quoteRequestId));
	return existing!.id;
}

/**
 * The acting customer's own bills, pending first, then newest first, each with the card payment
 * that settled it, if one did (a bill has at most one: payments_one_per_bill), and the monthly
 * plan's price.
 */
export async function listBills(options: { db: Executor; actor: Actor }): Promise<MyBills> {
	const [rows, pricing] = await Promise.all([
		options.db
			.select({
				id: bills.id,
				description: bills.description,
				amountCents: bills.amountCents,
				dueDate: bills.dueDate,
				status: bills.status,
				paidAt: bills.paidAt,
				paymentMethod: bills.paymentMethod,
				refundedCents: sql<number>`coalesce(${payments.refundedCents}, 0)`,
				cardBrand: payments.cardBrand,
				cardLast4: payments.cardLast4,
				seasonId: bills.seasonId,
				createdAt: bills.createdAt,
			})
			.from(bills)
			.leftJoin(payments, and(eq(payments.billId, bills.id), eq(payments.status, "succeeded")))
			.where(eq(bills.userId, options.actor.id))
			.orderBy(sql`${bills.status} = 'pending' desc`, desc(bills.createdAt)),
		getPricing({ db: options.db }),
	]);
	return {
		bills: rows.map((b) => ({
			...b,
			paidAt: b.paidAt?.toISOString() ?? null,
			createdAt: b.createdAt.toISOString(),
		})),
		planPriceCents: pricing.planPriceCents,
	};
}

/**
 * The owner records a pending bill as paid in cash or by check. Paying the bill of the approved
 * quote ticks the customer's "paid invoice" milestone, as a card payment does.
 */
export async function markBillPaid(options: {
	deps: Pick<
		Deps,
		"db" | "env" | "events" | "mailer" | "readCache" | "clock" | "logger" | "secrets"
	>;
	actor: Actor;
	id: string;
	method: "cash" | "check";
}) {
	const { deps, actor, id, method } = options;
	assertOwner(actor);
	return deps.events.transaction(async (tx) => {
		const [paid] = await tx
			.update(bills)
			.set({ status: "paid", paidAt: sql`now()`, paymentMethod: method })
			.where(and(eq(bills.id, id), eq(bills.status, "pending")))
			.returning();
		if (!paid) {
			const [existing] = await tx.select({ id: bills.id }).from(bills).where(eq(bills.id, id));
			throw existing
				? conflict(CUSTOMER_MESSAGES.billAlreadyPaid)
				: notFound(CUSTOMER_MESSAGES.billNotFound);
		}
		// A deposit that holds an install day books the day.
		await depositPaid({ deps, tx, billId: id });
		if (paid.quoteRequestId) {
			await tx
				.update(customers)
				.set({ paidInvoice: true, updatedAt: sql`now()` })
				.where(eq(customers.userId, paid.userId));
			await deps.events.publish(tx, { kind: "customer.changed", userId: paid.userId });
		}
		await deps.events.publish(tx, { kind: "bill.changed", billId: id, userId: paid.userId });
		return {
			id,
			status: "paid" as const,
			paymentMethod: method,
			paidAt: paid.paidAt!.toISOString(),
			message: CUSTOMER_MESSAGES.billPaid,
		};
	});
}

/**
 * How long after recording a cash or check payment the owner may take it back (a mistaken tap);
 * decision 037. The page's toast offers Undo for 10 seconds of it.
 */
const UNDO_PAID_SECONDS = 120;

/**
 * Takes back a cash or check payment recorded in the last two minutes: the bill is pending again
 * (no payment row exists for cash or check; the bill itself records it) and the customer's pages
 * hear of it. Refused with 409 and the reason: a bill not paid, a card payment (refunded instead,
 * refund.service.ts), a deposit that booked an install day, or a payment older than the window.
 */
export async function undoMarkBillPaid(options: {
	deps: Pick<Deps, "events">;
	actor: Actor;
	id: string;
}) {
	const { deps, actor, id } = options;
	assertOwner(actor);
	return deps.events.transaction(async (tx) => {
		const [undone] = await tx
			.update(bills)
			.set({ status: "pending", paidAt: null, paymentMethod: null })
			.where(
				and(
					eq(bills.id, id),
					eq(bills.status, "paid"),
					inArray(bills.paymentMethod, ["cash", "check"]),
					sql`${bills.paidAt} > now() - make_interval(secs => ${UNDO_PAID_SECONDS})`,
					// A deposit that booked an install day stays paid: the booking is moved or cancelled.
					sql`not exists (select 1 from ${bookings} where ${bookings.depositBillId} = ${bills.id})`,
				),
			)
			.returning();
		if (!undone) throw await whyNotUndone(tx, id);
		if (undone.quoteRequestId) {
			await tx
				.update(customers)
				.set({ paidInvoice: false, updatedAt: sql`now()` })
				.where(eq(customers.userId, undone.userId));
			await deps.events.publish(tx, { kind: "customer.changed", userId: undone.userId });
		}
		await deps.events.publish(tx, { kind: "bill.changed", billId: id, userId: undone.userId });
		return { id, status: "pending" as const, message: CUSTOMER_MESSAGES.billPaymentUndone };
	});
}

/** The refusal of an undo, with its reason (the bill as it is now). */
async function whyNotUndone(db: Executor, id: string) {
	const [bill] = await db
		.select({
			status: bills.status,
			method: bills.paymentMethod,
			booked: sql<boolean>`exists (select 1 from ${bookings} where ${bookings.depositBillId} = ${id})`,
		})
		.from(bills)
		.where(eq(bills.id, id));
	if (!bill) return notFound(CUSTOMER_MESSAGES.billNotFound);
	if (bill.status === "pending") return conflict(CUSTOMER_MESSAGES.billUndoNotPaid);
	if (bill.method === "card" || bill.status === "refunded")
		return conflict(CUSTOMER_MESSAGES.billUndoCard);
	if (bill.booked) return conflict(CUSTOMER_MESSAGES.billUndoDeposit);
	return conflict(CUSTOMER_MESSAGES.billUndoTooLate);
}
