import { randomUUID } from "node:crypto";
import type { PublicQuote } from "../../../shared/public-quote.ts";
import type { Deps } from "../../app-env.ts";
import { marketingQuoteRequests } from "../../db/schema.ts";
import { recordFiles, storeFiles } from "../files/files.service.ts";
import { notifyNewQuoteRequest, prepareQuoteRequest } from "./quote-upload.ts";

/**
 * A quote request from the public site, with its photos. The request, its photo records and the
 * business's e-mail notice commit in one transaction; when anything fails, the photos written
 * are removed again.
 */
export async function submitPublicQuote(options: {
	deps: Pick<Deps, "db" | "env" | "mailer">;
	input: Omit<PublicQuote, "website">;
	photos: readonly File[];
}): Promise<{ id: string }> {
	const { deps, input } = options;
	const id = randomUUID();
	const { estimate, lines, stored } = await prepareQuoteRequest({
		deps,
		id,
		folder: `quote-photos/website/${id}`,
		services: input.services,
		city: input.city,
		state: input.state,
		photos: options.photos,
	});
	const withQuote = input.withInstantQuote === true;
	const totalEstimateCents = withQuote ? estimate.recommendedPriceCents : estimate.subtotalCents;

	await storeFiles({
		env: deps.env,
		files: stored,
		commit: () =>
			deps.db.transaction(async (tx) => {
				await tx.insert(marketingQuoteRequests).values({
					id,
					status: "pending",
					name: input.name,
					email: input.email,
					phone: input.phone,
					address: input.address,
					city: input.city,
					state: input.state,
					zipCode: input.zipCode,
					services: lines,
					totalEstimateCents,
					notes: input.notes,
					aiQuote: withQuote ? estimate : null,
				});
				await recordFiles({
					db: tx,
					kind: "quote_photo",
					files: stored,
					link: { marketingQuoteRequestId: id },
				});
				await notifyNewQuoteRequest({
					deps,
					tx,
					request: {
						source: "website",
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
			}),
	});
	deps.mailer.kick();
	return { id };
}
