import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { ServiceChoice } from "../../../shared/estimate.ts";
import { QUOTE_IN_PROGRESS_MESSAGE } from "../../../shared/quote-request.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { marketingQuoteRequests, profiles, quoteRequests, users } from "../../db/schema.ts";
import type { Actor } from "../../lib/actor.ts";
import { conflict } from "../../lib/errors.ts";
import { recordFiles, storeFiles } from "../files/files.service.ts";
import { chargeUploadQuota } from "../files/upload-quota.service.ts";
import { notifyNewQuoteRequest, prepareQuoteRequest } from "./quote-upload.ts";

/** The catalogue-priced lines, instant quote and checked photos of a new quote (Add Customer uses it too). */
export { prepareQuoteRequest };

/**
 * Where a quote request comes from, and all that differs between the two:
 * - `app`: a signed-in customer. Name, e-mail and phone come from the account; one quote at a time
 *   (refused while another is pending, revised or approved); the instant quote is always stored.
 * - `website`: anyone on the public site. Contact details come from the form; the instant quote is
 *   stored only when the visitor asked for it, else the total is the catalogue subtotal.
 */
export type QuoteRequestSource =
	| { kind: "app"; actor: Actor }
	| {
			kind: "website";
			contact: { name: string; email: string; phone: string | null };
			withInstantQuote: boolean;
	  };

export interface QuoteRequestInput {
	services: ServiceChoice[];
	address: string;
	city: string | null;
	state: string | null;
	zipCode: string | null;
	notes: string | null;
}

/**
 * A quote request with its instant quote and photos. The request, its photo records, the
 * business's e-mail notice and the `quote.changed` event commit together; when anything fails,
 * the photos written are removed again.
 */
export async function submitQuoteRequest(options: {
	deps: Pick<Deps, "db" | "env" | "mailer" | "events" | "secrets">;
	source: QuoteRequestSource;
	input: QuoteRequestInput;
	photos: readonly File[];
}): Promise<{ id: string }> {
	const { deps, source, input } = options;
	const userId = source.kind === "app" ? source.actor.id : null;
	// Refused before any photo is decoded; checked again under a lock when saving.
	if (userId && (await openQuoteOf(deps.db, userId))) throw conflict(QUOTE_IN_PROGRESS_MESSAGE);

	const id = randomUUID();
	const { estimate, lines, stored } = await prepareQuoteRequest({
		deps,
		id,
		folder: userId ? `quote-photos/app/${userId}/${id}` : `quote-photos/website/${id}`,
		services: input.services,
		city: input.city,
		state: input.state,
		photos: options.photos,
	});
	const withQuote = source.kind === "app" || source.withInstantQuote;
	const totalEstimateCents = withQuote ? estimate.recommendedPriceCents : estimate.subtotalCents;
	const request = {
		id,
		status: "pending" as const,
		address: input.address,
		city: input.city,
		state: input.state,
		zipCode: input.zipCode,
		services: lines,
		totalEstimateCents,
		notes: input.notes,
		aiQuote: withQuote ? estimate : null,
	};

	await storeFiles({
		env: deps.env,
		files: stored,
		commit: () =>
			deps.events.transaction(async (tx) => {
				let contact: { name: string; email: string; phone: string | null };
				if (userId) {
					contact = await lockCustomerForQuote(tx, userId);
					await chargeUploadQuota({
						tx,
						actor: (source as Extract<QuoteRequestSource, { kind: "app" }>).actor,
						kind: "quote_photo",
						files: stored,
					});
					await tx.insert(quoteRequests).values({ ...request, userId, phone: contact.phone });
					await recordFiles({
						db: tx,
						kind: "quote_photo",
						files: stored,
						link: { quoteRequestId: id, userId },
						uploadedBy: userId,
					});
				} else {
					contact = (source as Extract<QuoteRequestSource, { kind: "website" }>).contact;
					await tx.insert(marketingQuoteRequests).values({ ...request, ...contact });
					await recordFiles({
						db: tx,
						kind: "quote_photo",
						files: stored,
						link: { marketingQuoteRequestId: id },
					});
				}
				await notifyNewQuoteRequest({
					deps,
					tx,
					id,
					request: {
						source: source.kind,
						...contact,
						...input,
						lines,
						totalEstimateCents,
						instantQuote: withQuote
							? {
									lowCents: estimate.priceRangeLowCents,
									highCents: estimate.priceRangeHighCents,
									complexity: estimate.complexity,
								}
							: null,
						travelNote: estimate.locationFactors.note,
						photoCount: stored.length,
					},
				});
				await deps.events.publish(tx, { kind: "quote.changed", quoteId: id, userId });
			}),
	});
	return { id };
}

/**
 * The customer quote route's first check, before its upload is read: one quote at a time, so a
 * customer with one open gets 409 without the server reading a single photo.
 */
export async function refuseWhileQuoteOpen(options: { db: Executor; actor: Actor }) {
	if (await openQuoteOf(options.db, options.actor.id)) throw conflict(QUOTE_IN_PROGRESS_MESSAGE);
}

const OPEN_STATUSES = ["pending", "revised", "approved"] as const;

/**
 * The customer's quote in progress: pending, revised or approved. An approved quote that a later
 * season's renewal offer (not taken) has moved past is done: a new design for that season is a
 * new request (Change My Design).
 */
async function openQuoteOf(db: Executor, userId: string) {
	const [open] = await db
		.select({ id: quoteRequests.id })
		.from(quoteRequests)
		.where(
			and(
				eq(quoteRequests.userId, userId),
				inArray(quoteRequests.status, OPEN_STATUSES),
				sql`not (${quoteRequests.status} = 'approved' and exists (select 1 from renewal_offers o
					where o.user_id = ${quoteRequests.userId} and o.status <> 'accepted'
						and o.to_season > coalesce(${quoteRequests.seasonId}, '')
						and (o.source_quote_id = ${quoteRequests.id} or ${quoteRequests.decidedAt} <=
							(select s.decided_at from quote_requests s where s.id = o.source_quote_id))))`,
			),
		)
		.limit(1);
	return open ?? null;
}

/**
 * One request at a time per customer, even when two arrive together: the account row is locked
 * first, so the check after it (a new snapshot) sees a request just committed.
 */
async function lockCustomerForQuote(tx: Executor, userId: string) {
	const [customer] = await tx
		.select({
			name: sql<string>`coalesce(${profiles.displayName}, ${users.name})`,
			email: users.email,
			phone: profiles.phone,
		})
		.from(users)
		.leftJoin(profiles, eq(profiles.userId, users.id))
		.where(eq(users.id, userId))
		.for("update", { of: users });
	if (!customer || (await openQuoteOf(tx, userId))) throw conflict(QUOTE_IN_PROGRESS_MESSAGE);
	return customer;
}
