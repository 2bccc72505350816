import { and, eq, sql } from "drizzle-orm";
import {
	QUOTE_MESSAGES,
	type QuoteDecision,
	type QuoteLine,
	type QuoteSource,
	type QuoteStatus,
} from "../../../shared/quotes.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { marketingQuoteRequests, profiles, quoteRequests, users } from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { createQuoteBill } from "../bills/bills.service.ts";
import { activateCustomer } from "../customers/customers.service.ts";
import { quoteDecisionEmail } from "../email/templates.ts";
import { getBusinessProfile } from "../settings/settings.service.ts";

type UnitPrices = { serviceId: string; unitPriceCents: number }[];

const tableFor = (source: QuoteSource) =>
	source === "app" ? quoteRequests : marketingQuoteRequests;

/** Lines with the owner's unit prices applied, and their total. */
function applyUnitPrices(lines: QuoteLine[], unitPrices: UnitPrices = []) {
	const prices = new Map(unitPrices.map((p) => [p.serviceId, p.unitPriceCents]));
	const priced = lines.map((l) => ({
		...l,
		unitPriceCents: prices.get(l.serviceId) ?? l.unitPriceCents,
	}));
	return {
		lines: priced,
		totalCents: priced.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0),
	};
}

/**
 * Approves a quote. For an app quote, in one transaction: status approved, exactly one pending bill
 * (the revised amount, else the estimate) due in 30 days, the profile active, the customer record
 * created or linked. Approving an approved quote changes nothing and answers the same.
 */
export async function approveQuote(options: {
	deps: Deps;
	source: QuoteSource;
	id: string;
	unitPrices?: UnitPrices;
	/** Set when a customer accepts their revised quote: only their own, only when revised. */
	customerUserId?: string;
}): Promise<QuoteDecision> {
	const { deps, source, id } = options;
	const result = await deps.db.transaction(async (tx) => {
		const table = tableFor(source);
		const [quote] = await tx.select().from(table).where(eq(table.id, id)).for("update");
		if (
			!quote ||
			(options.customerUserId && (quote as { userId?: string }).userId !== options.customerUserId)
		) {
			throw notFound("Quote not found");
		}
		if (options.customerUserId && quote.status !== "revised")
			throw conflict(QUOTE_MESSAGES.notRevised);
		if (quote.status === "rejected") throw conflict(QUOTE_MESSAGES.notPending);

		let amountCents = quote.revisedPriceCents ?? quote.totalEstimateCents;
		if (quote.status !== "approved") {
			const changes: Partial<typeof quoteRequests.$inferInsert> = {
				status: "approved",
				updatedAt: new Date(),
			};
			if (options.unitPrices?.length) {
				const priced = applyUnitPrices(quote.services, options.unitPrices);
				changes.services = priced.lines;
				changes.revisedPriceCents = priced.totalCents;
				amountCents = priced.totalCents;
			}
			await tx.update(table).set(changes).where(eq(table.id, id));
		}
		if (source === "website") return { billId: null, email: null };

		const userId = (quote as typeof quoteRequests.$inferSelect).userId;
		const billId = await createQuoteBill({ db: tx, userId, quoteRequestId: id, amountCents });
		await tx
			.update(profiles)
			.set({ accountStatus: "active", updatedAt: sql`now()` })
			.where(eq(profiles.userId, userId));
		await activateCustomer({ db: tx, userId, details: quote });
		const email =
			quote.status === "approved"
				? null
				: await decisionEmail(tx, userId, "approved", amountCents, deps);
		if (email) await deps.mailer.enqueue(email, tx);
		return { billId, email };
	});
	if (result.email) deps.mailer.kick();
	return {
		id,
		source,
		status: "approved",
		billId: result.billId,
		message: source === "app" ? QUOTE_MESSAGES.approvedApp : QUOTE_MESSAGES.approvedWebsite,
	};
}

/** Sends a pending quote back to the customer with a new price for them to accept or decline. */
export async function reviseQuote(options: {
	deps: Deps;
	source: QuoteSource;
	id: string;
	revisedPriceCents: number;
	notes?: string;
}): Promise<QuoteDecision> {
	const { deps, source, id } = options;
	const table = tableFor(source);
	const sent = await deps.db.transaction(async (tx) => {
		const [quote] = await tx
			.update(table)
			.set({
				status: "revised",
				revisedPriceCents: options.revisedPriceCents,
				ownerNotes: options.notes || null,
				updatedAt: new Date(),
			})
			.where(and(eq(table.id, id), sql`${table.status} in ('pending', 'revised')`))
			.returning();
		if (!quote)
			throw (await exists(tx, source, id))
				? conflict(QUOTE_MESSAGES.notPending)
				: notFound("Quote not found");
		const email =
			source === "app"
				? await decisionEmail(
						tx,
						(quote as { userId: string }).userId,
						"revised",
						options.revisedPriceCents,
						deps,
					)
				: null;
		if (email) await deps.mailer.enqueue(email, tx);
		return Boolean(email);
	});
	if (sent) deps.mailer.kick();
	return { id, source, status: "revised", billId: null, message: QUOTE_MESSAGES.revised };
}

/** Rejects a quote: by the owner while it is open, or by its customer declining a revision. */
export async function rejectQuote(options: {
	deps: Deps;
	source: QuoteSource;
	id: string;
	customerUserId?: string;
}): Promise<QuoteDecision> {
	const { deps, source, id } = options;
	const table = tableFor(source);
	const allowed = options.customerUserId
		? sql`${table.status} = 'revised'`
		: sql`${table.status} in ('pending', 'revised')`;
	const owned = options.customerUserId
		? eq(quoteRequests.userId, options.customerUserId)
		: undefined;
	const [quote] = await deps.db
		.update(table)
		.set({ status: "rejected", updatedAt: new Date() })
		.where(and(eq(table.id, id), allowed, owned))
		.returning({ id: table.id });
	if (!quote) {
		const found = await exists(deps.db, source, id, options.customerUserId);
		if (!found) throw notFound("Quote not found");
		throw conflict(options.customerUserId ? QUOTE_MESSAGES.notRevised : QUOTE_MESSAGES.notPending);
	}
	return { id, source, status: "rejected", billId: null, message: QUOTE_MESSAGES.rejected };
}

async function exists(db: Executor, source: QuoteSource, id: string, userId?: string) {
	const table = tableFor(source);
	const [row] = await db
		.select({ id: table.id })
		.from(table)
		.where(and(eq(table.id, id), userId ? eq(quoteRequests.userId, userId) : undefined));
	return Boolean(row);
}

async function decisionEmail(
	db: Executor,
	userId: string,
	decision: Extract<QuoteStatus, "approved" | "revised">,
	amountCents: number,
	deps: Deps,
) {
	const [user] = await db
		.select({ email: users.email, name: users.name })
		.from(users)
		.where(eq(users.id, userId));
	if (!user) return null;
	const business = await getBusinessProfile({ db });
	return quoteDecisionEmail({
		to: user.email,
		name: user.name,
		decision,
		amountCents,
		url: `${deps.env.APP_URL}/app`,
		business,
	});
}
