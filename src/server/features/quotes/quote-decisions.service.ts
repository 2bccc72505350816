import { and, eq, sql } from "drizzle-orm";
import { AMOUNT_TOO_HIGH, MAX_AMOUNT_CENTS } from "../../../shared/money.ts";
import {
	QUOTE_MESSAGES,
	type QuoteDecision,
	type QuoteLine,
	type QuoteSource,
	type QuoteStatus,
} from "../../../shared/quotes.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { marketingQuoteRequests, quoteRequests, users } from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { activateCustomer } from "../../lib/customer-approval.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { createQuoteBill } from "../bills/bills.service.ts";
import { quoteDecisionEmail, recipientName, websiteQuoteRevisedEmail } from "../email/templates.ts";
import { notify, queueNoticeEmail } from "../notifications/notify.service.ts";
import { getBusinessProfile } from "../settings/settings.service.ts";

type UnitPrices = { serviceId: string; unitPriceCents: number }[];
type DecisionDeps = Pick<Deps, "db" | "env" | "mailer" | "events" | "secrets">;

const tableFor = (source: QuoteSource) =>
	source === "app" ? quoteRequests : marketingQuoteRequests;

/** Who decided and when: every decision records it. */
const decided = (actor: Actor) => ({
	decidedBy: actor.id,
	decidedAt: new Date(),
	updatedAt: new Date(),
});

/**
 * The owner's unit prices applied to an undecided quote's lines, with their total as the revised
 * price; nothing when none are given or the quote is already approved.
 */
function ownerPrices(
	quote: { status: string; services: QuoteLine[] },
	unitPrices: UnitPrices = [],
): { services: QuoteLine[]; revisedPriceCents: number } | undefined {
	if (quote.status === "approved" || unitPrices.length === 0) return undefined;
	const prices = new Map(unitPrices.map((p) => [p.serviceId, p.unitPriceCents]));
	const services = quote.services.map((l) => ({
		...l,
		unitPriceCents: prices.get(l.serviceId) ?? l.unitPriceCents,
	}));
	const revisedPriceCents = services.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
	if (revisedPriceCents > MAX_AMOUNT_CENTS) throw badRequest(AMOUNT_TOO_HIGH);
	return { services, revisedPriceCents };
}

/**
 * The owner approves a quote. For an app quote, in one transaction: status approved, exactly one
 * pending bill (the revised amount, else the estimate) due in 30 days, the profile active, the
 * customer record created or linked. Approving an approved quote changes nothing and answers the same.
 */
export async function approveQuote(options: {
	deps: DecisionDeps;
	actor: Actor;
	source: QuoteSource;
	id: string;
	unitPrices?: UnitPrices;
}): Promise<QuoteDecision> {
	const { deps, actor, source, id } = options;
	assertOwner(actor);
	const billId = await deps.events.transaction(async (tx) => {
		if (source === "app") {
			const [quote] = await tx
				.select()
				.from(quoteRequests)
				.where(eq(quoteRequests.id, id))
				.for("update");
			if (!quote) throw notFound("Quote not found");
			if (quote.status === "rejected") throw conflict(QUOTE_MESSAGES.notPending);
			await deps.events.publish(tx, { kind: "quote.changed", quoteId: id, userId: quote.userId });
			const changes = ownerPrices(quote, options.unitPrices);
			return approveAppQuote({ tx, deps, actor, quote, changes });
		}
		const [quote] = await tx
			.select()
			.from(marketingQuoteRequests)
			.where(eq(marketingQuoteRequests.id, id))
			.for("update");
		if (!quote) throw notFound("Quote not found");
		if (quote.status === "rejected") throw conflict(QUOTE_MESSAGES.notPending);
		if (quote.status !== "approved") {
			await tx
				.update(marketingQuoteRequests)
				.set({ ...ownerPrices(quote, options.unitPrices), status: "approved", ...decided(actor) })
				.where(eq(marketingQuoteRequests.id, id));
			await deps.events.publish(tx, { kind: "quote.changed", quoteId: id, userId: null });
		}
		return null;
	});
	return {
		id,
		source,
		status: "approved",
		billId,
		message: source === "app" ? QUOTE_MESSAGES.approvedApp : QUOTE_MESSAGES.approvedWebsite,
	};
}

/** The customer accepts their own revised quote: it is approved as if the owner had. */
export async function acceptRevisedQuote(options: {
	deps: DecisionDeps;
	actor: Actor;
	id: string;
}): Promise<QuoteDecision> {
	const { deps, actor, id } = options;
	const billId = await deps.events.transaction(async (tx) => {
		const [quote] = await tx
			.select()
			.from(quoteRequests)
			.where(and(eq(quoteRequests.id, id), eq(quoteRequests.userId, actor.id)))
			.for("update");
		if (!quote) throw notFound("Quote not found");
		if (quote.status !== "revised") throw conflict(QUOTE_MESSAGES.notRevised);
		await deps.events.publish(tx, { kind: "quote.changed", quoteId: id, userId: actor.id });
		return approveAppQuote({ tx, deps, actor, quote });
	});
	return { id, source: "app", status: "approved", billId, message: QUOTE_MESSAGES.approvedApp };
}

/**
 * What approving an app quote means, inside the caller's transaction (the quote row locked):
 * approved with `changes`, one bill, the profile and customer record active, the e-mail queued.
 */
async function approveAppQuote(options: {
	tx: Executor;
	deps: DecisionDeps;
	actor: Actor;
	quote: typeof quoteRequests.$inferSelect;
	changes?: Partial<typeof quoteRequests.$inferInsert>;
}): Promise<string> {
	const { tx, deps, actor, quote, changes } = options;
	const amountCents =
		changes?.revisedPriceCents ?? quote.revisedPriceCents ?? quote.totalEstimateCents;
	if (quote.status !== "approved") {
		await tx
			.update(quoteRequests)
			.set({ ...changes, status: "approved", ...decided(actor) })
			.where(eq(quoteRequests.id, quote.id));
	}
	const billId = await createQuoteBill({
		db: tx,
		events: deps.events,
		userId: quote.userId,
		quoteRequestId: quote.id,
		amountCents,
	});
	await activateCustomer({ db: tx, events: deps.events, userId: quote.userId, details: quote });
	if (quote.status !== "approved") {
		const email = await decisionEmail(tx, quote.userId, "approved", amountCents, deps);
		if (email)
			await queueNoticeEmail(tx, deps, email, {
				audience: { userId: quote.userId },
				category: "offers",
			});
		// The customer approving their own revised quote is told nothing: they did it.
		if (actor.id !== quote.userId)
			await notify(tx, deps, quote.userId, {
				kind: "quote_approved",
				title: "Your quote is approved",
				body: "Open the app to see it and book your install day.",
				url: "/app",
				tag: `quote-${quote.id}`,
			});
	}
	return billId;
}

/** The owner sends a pending quote back to the customer with a new price to accept or decline. */
export async function reviseQuote(options: {
	deps: DecisionDeps;
	actor: Actor;
	source: QuoteSource;
	id: string;
	revisedPriceCents: number;
	notes?: string;
}): Promise<QuoteDecision> {
	const { deps, actor, source, id } = options;
	assertOwner(actor);
	await deps.events.transaction(async (tx) => {
		const userId = await decideOpenQuote(tx, deps, source, id, {
			status: "revised",
			revisedPriceCents: options.revisedPriceCents,
			ownerNotes: options.notes || null,
			...decided(actor),
		});
		const email = userId
			? await decisionEmail(tx, userId, "revised", options.revisedPriceCents, deps)
			: await websiteRevisionEmail(tx, id, options.revisedPriceCents, options.notes);
		// A website visitor has no account to switch it off in: their revision is their answer.
		if (email)
			await queueNoticeEmail(tx, deps, email, {
				audience: userId ? { userId } : null,
				category: "offers",
			});
		await notify(tx, deps, userId, {
			kind: "quote_revised",
			title: "Your quote was revised",
			body: "The price changed. Open the app to accept or decline it.",
			url: "/app",
			tag: `quote-${id}`,
		});
	});
	const message = source === "website" ? QUOTE_MESSAGES.revisedWebsite : QUOTE_MESSAGES.revised;
	return { id, source, status: "revised", billId: null, message };
}

/** The revised price, to a website visitor's address (they have no account to see it in). */
async function websiteRevisionEmail(
	db: Executor,
	id: string,
	amountCents: number,
	notes: string | undefined,
) {
	const [quote] = await db
		.select({ email: marketingQuoteRequests.email })
		.from(marketingQuoteRequests)
		.where(eq(marketingQuoteRequests.id, id));
	if (!quote) return null;
	return websiteQuoteRevisedEmail({
		to: quote.email,
		amountCents,
		notes: notes || null,
		business: await getBusinessProfile({ db }),
	});
}

/** The owner rejects an open quote. */
export async function rejectQuote(options: {
	deps: DecisionDeps;
	actor: Actor;
	source: QuoteSource;
	id: string;
}): Promise<QuoteDecision> {
	const { deps, actor, source, id } = options;
	assertOwner(actor);
	await deps.events.transaction((tx) =>
		decideOpenQuote(tx, deps, source, id, { status: "rejected", ...decided(actor) }),
	);
	return { id, source, status: "rejected", billId: null, message: QUOTE_MESSAGES.rejected };
}

/** The customer declines their own revised quote. */
export async function declineRevisedQuote(options: {
	deps: DecisionDeps;
	actor: Actor;
	id: string;
}): Promise<QuoteDecision> {
	const { deps, actor, id } = options;
	await deps.events.transaction(async (tx) => {
		const mine = and(eq(quoteRequests.id, id), eq(quoteRequests.userId, actor.id));
		const [quote] = await tx
			.update(quoteRequests)
			.set({ status: "rejected", ...decided(actor) })
			.where(and(mine, eq(quoteRequests.status, "revised")))
			.returning({ id: quoteRequests.id });
		if (!quote) {
			const [found] = await tx.select({ id: quoteRequests.id }).from(quoteRequests).where(mine);
			throw found ? conflict(QUOTE_MESSAGES.notRevised) : notFound("Quote not found");
		}
		await deps.events.publish(tx, { kind: "quote.changed", quoteId: id, userId: actor.id });
	});
	return { id, source: "app", status: "rejected", billId: null, message: QUOTE_MESSAGES.rejected };
}

/**
 * Applies the owner's decision to a quote still open (pending or revised) and announces it;
 * 404 for no such quote, 409 when it was decided already. Returns its customer, if it has one.
 */
async function decideOpenQuote(
	tx: Executor,
	deps: Pick<Deps, "events">,
	source: QuoteSource,
	id: string,
	set: Partial<typeof quoteRequests.$inferInsert>,
): Promise<string | null> {
	const table = tableFor(source);
	const [quote] = await tx
		.update(table)
		.set(set)
		.where(and(eq(table.id, id), sql`${table.status} in ('pending', 'revised')`))
		.returning();
	if (!quote)
		throw (await exists(tx, source, id))
			? conflict(QUOTE_MESSAGES.notPending)
			: notFound("Quote not found");
	const userId = "userId" in quote ? quote.userId : null;
	await deps.events.publish(tx, { kind: "quote.changed", quoteId: id, userId });
	return userId;
}

async function exists(db: Executor, source: QuoteSource, id: string) {
	const table = tableFor(source);
	const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
	return Boolean(row);
}

async function decisionEmail(
	db: Executor,
	userId: string,
	decision: Extract<QuoteStatus, "approved" | "revised">,
	amountCents: number,
	deps: Pick<Deps, "env">,
) {
	const [user] = await db
		.select({ email: users.email, name: users.name, emailVerified: users.emailVerified })
		.from(users)
		.where(eq(users.id, userId));
	if (!user) return null;
	const business = await getBusinessProfile({ db });
	return quoteDecisionEmail({
		to: user.email,
		name: recipientName(user),
		decision,
		amountCents,
		url: `${deps.env.APP_URL}/app`,
		business,
	});
}
