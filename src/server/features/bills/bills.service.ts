import { desc, eq } from "drizzle-orm";
import { addDays, businessDate } from "../../../shared/dates.ts";
import type { Executor } from "../../db/database.ts";
import { bills } from "../../db/schema.ts";
import type { Actor } from "../../lib/actor.ts";
import type { EventBus } from "../../lib/events.ts";

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
}) {
	const [created] = await options.db
		.insert(bills)
		.values({
			userId: options.userId,
			quoteRequestId: options.quoteRequestId,
			description: "Holiday lighting installation",
			dueDate: addDays(businessDate(options.now), BILL_DUE_DAYS),
			amountCents: options.amountCents,
		})
		.onConflictDoNothing({ target: bills.quoteRequestId })
		.returning({ id: bills.id });
	if (created) {
		await options.events.publish(options.db, {
			kind: "bill.changed",
			billId: created.id,
			userId: options.userId,
		});
		return created.id;
	}
	const [existing] = await options.db
		.select({ id: bills.id })
		.from(bills)
		.where(eq(bills.quoteRequestId, options.quoteRequestId));
	return existing!.id;
}

/** The acting customer's own bills, newest first (pending ones first). */
export async function listBills(options: { db: Executor; actor: Actor }) {
	return options.db
		.select({
			id: bills.id,
			description: bills.description,
			amountCents: bills.amountCents,
			dueDate: bills.dueDate,
			status: bills.status,
			paidAt: bills.paidAt,
			createdAt: bills.createdAt,
		})
		.from(bills)
		.where(eq(bills.userId, options.actor.id))
		.orderBy(desc(bills.status), desc(bills.createdAt));
}
