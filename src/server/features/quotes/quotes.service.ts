import { and, eq, isNull, sql } from "drizzle-orm";
import { QUOTE_MESSAGES } from "../../../shared/quotes.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { files, marketingQuoteRequests, quoteRequests } from "../../db/schema.ts";
import type { Actor } from "../../lib/actor.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";

/** The acting customer marks their own approval banner seen or details card dismissed. */
export async function updateQuoteFlags(options: {
	deps: Pick<Deps, "events">;
	actor: Actor;
	id: string;
	flags: { approvalNotificationSeen?: true; quoteDetailsDismissed?: true };
}) {
	const { deps, actor, id } = options;
	await deps.events.transaction(async (tx) => {
		const [row] = await tx
			.update(quoteRequests)
			.set({ ...options.flags, updatedAt: sql`now()` })
			.where(and(eq(quoteRequests.id, id), eq(quoteRequests.userId, actor.id)))
			.returning({ id: quoteRequests.id });
		if (!row) throw notFound("Quote not found");
		await deps.events.publish(tx, { kind: "quote.changed", quoteId: id, userId: actor.id });
	});
}

/** A website quote request as stored, or 404. */
export async function getWebsiteQuote(options: { db: Executor; id: string }) {
	const [quote] = await options.db
		.select()
		.from(marketingQuoteRequests)
		.where(eq(marketingQuoteRequests.id, options.id));
	if (!quote) throw notFound("Quote not found");
	return quote;
}

/**
 * An approved website quote becomes the approved app quote of the account made for its customer
 * (same lines, prices, notes and decision), its photos move under that account, and the website
 * row is marked as converted, after which only the app quote is listed and counted. Once per
 * quote: a second call fails with 409. Runs in the caller's transaction.
 */
export async function moveWebsiteQuoteToAccount(options: {
	tx: Executor;
	events: EventBus;
	id: string;
	userId: string;
}): Promise<{ quoteId: string; amountCents: number }> {
	const { tx, events, id, userId } = options;
	const [quote] = await tx
		.update(marketingQuoteRequests)
		.set({ customerUserId: userId, updatedAt: sql`now()` })
		.where(
			and(
				eq(marketingQuoteRequests.id, id),
				eq(marketingQuoteRequests.status, "approved"),
				isNull(marketingQuoteRequests.customerUserId),
			),
		)
		.returning();
	if (!quote) throw conflict(QUOTE_MESSAGES.accountExists);
	const [appQuote] = await tx
		.insert(quoteRequests)
		.values({
			userId,
			status: "approved",
			address: quote.address,
			city: quote.city,
			state: quote.state,
			zipCode: quote.zipCode,
			phone: quote.phone,
			services: quote.services,
			totalEstimateCents: quote.totalEstimateCents,
			revisedPriceCents: quote.revisedPriceCents,
			ownerNotes: quote.ownerNotes,
			notes: quote.notes,
			aiQuote: quote.aiQuote,
			decidedBy: quote.decidedBy,
			decidedAt: quote.decidedAt,
			createdAt: quote.createdAt,
		})
		.returning({ id: quoteRequests.id });
	await tx
		.update(files)
		.set({ userId, quoteRequestId: appQuote!.id })
		.where(eq(files.marketingQuoteRequestId, id));
	await events.publish(tx, { kind: "quote.changed", quoteId: id, userId: null });
	await events.publish(tx, { kind: "quote.changed", quoteId: appQuote!.id, userId });
	return {
		quoteId: appQuote!.id,
		amountCents: quote.revisedPriceCents ?? quote.totalEstimateCents,
	};
}
