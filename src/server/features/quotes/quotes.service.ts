import { and, eq, sql } from "drizzle-orm";
import { APPROVAL_REQUIRED_MESSAGE } from "../../../shared/quotes.ts";
import type { Executor } from "../../db/database.ts";
import { quoteRequests } from "../../db/schema.ts";
import { forbidden, notFound } from "../../lib/errors.ts";

/** Marks a customer's own approval banner seen or details card dismissed. */
export async function updateQuoteFlags(options: {
	db: Executor;
	userId: string;
	id: string;
	flags: { approvalNotificationSeen?: true; quoteDetailsDismissed?: true };
}) {
	const [row] = await options.db
		.update(quoteRequests)
		.set({ ...options.flags, updatedAt: sql`now()` })
		.where(and(eq(quoteRequests.id, options.id), eq(quoteRequests.userId, options.userId)))
		.returning({ id: quoteRequests.id });
	if (!row) throw notFound("Quote not found");
}

/** Payments, service requests and the contract open once the customer has an approved quote. */
export async function requireApprovedQuote(options: { db: Executor; userId: string }) {
	const [row] = await options.db
		.select({ id: quoteRequests.id })
		.from(quoteRequests)
		.where(and(eq(quoteRequests.userId, options.userId), eq(quoteRequests.status, "approved")))
		.limit(1);
	if (!row) throw forbidden(APPROVAL_REQUIRED_MESSAGE);
	return row.id;
}
