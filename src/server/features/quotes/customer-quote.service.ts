import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { type CustomerQuote, QUOTE_IN_PROGRESS_MESSAGE } from "../../../shared/quote-request.ts";
import type { Deps } from "../../app-env.ts";
import { profiles, quoteRequests, users } from "../../db/schema.ts";
import { conflict } from "../../lib/errors.ts";
import { recordFiles, storeFiles } from "../files/files.service.ts";
import { notifyNewQuoteRequest, prepareQuoteRequest } from "./quote-upload.ts";

/**
 * A signed-in customer's quote request, with its instant quote and photos (stored under the
 * customer and the quote). Refused while another of their quotes waits for a decision or is
 * approved. The request, its photo records and the business's e-mail notice commit together.
 */
export async function submitCustomerQuote(options: {
	deps: Pick<Deps, "db" | "env" | "mailer">;
	userId: string;
	input: CustomerQuote;
	photos: readonly File[];
}): Promise<{ id: string }> {
	const { deps, userId, input } = options;
	const id = randomUUID();
	const { estimate, lines, stored } = await prepareQuoteRequest({
		deps,
		id,
		folder: `quote-photos/app/${userId}/${id}`,
		services: input.services,
		city: input.city,
		state: input.state,
		photos: options.photos,
	});

	await storeFiles({
		env: deps.env,
		files: stored,
		commit: () =>
			deps.db.transaction(async (tx) => {
				// One request at a time per customer, even when two arrive together: the account row
				// is locked first, so the check below (a new snapshot) sees a request just committed.
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
				const [open] = await tx
					.select({ id: quoteRequests.id })
					.from(quoteRequests)
					.where(
						and(
							eq(quoteRequests.userId, userId),
							inArray(quoteRequests.status, ["pending", "revised", "approved"]),
						),
					)
					.limit(1);
				if (!customer || open) throw conflict(QUOTE_IN_PROGRESS_MESSAGE);

				await tx.insert(quoteRequests).values({
					id,
					userId,
					status: "pending",
					phone: customer.phone,
					address: input.address,
					city: input.city,
					state: input.state,
					zipCode: input.zipCode,
					services: lines,
					totalEstimateCents: estimate.recommendedPriceCents,
					notes: input.notes,
					aiQuote: estimate,
				});
				await recordFiles({
					db: tx,
					kind: "quote_photo",
					files: stored,
					link: { quoteRequestId: id, userId },
					uploadedBy: userId,
				});
				await notifyNewQuoteRequest({
					deps,
					tx,
					request: {
						source: "app",
						name: customer.name,
						email: customer.email,
						phone: customer.phone,
						...input,
						lines,
						totalEstimateCents: estimate.recommendedPriceCents,
						instantQuote: {
							lowCents: estimate.priceRangeLowCents,
							highCents: estimate.priceRangeHighCents,
							complexity: estimate.complexity,
						},
						travelNote: estimate.locationFactors.note,
						photoCount: stored.length,
					},
				});
			}),
	});
	deps.mailer.kick();
	return { id };
}
