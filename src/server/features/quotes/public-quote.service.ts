import { randomUUID } from "node:crypto";
import { MAX_QUOTE_PHOTOS } from "../../../shared/estimate.ts";
import type { PublicQuote } from "../../../shared/public-quote.ts";
import type { Deps } from "../../app-env.ts";
import { marketingQuoteRequests } from "../../db/schema.ts";
import { badRequest } from "../../lib/errors.ts";
import { newQuoteRequestEmail } from "../email/templates.ts";
import { calculateEstimate } from "../estimate/estimate.service.ts";
import { prepareImages, recordFiles, storeFiles } from "../files/files.service.ts";
import { getBusinessProfile } from "../settings/settings.service.ts";

export const TOO_MANY_PHOTOS = `You can upload at most ${MAX_QUOTE_PHOTOS} photos`;

/**
 * A quote request from the public site. The estimate is recomputed from the catalogue (the
 * browser's numbers are never used); photos are checked and re-encoded, then written to storage.
 * The request, its photo records and the business's e-mail notice commit in one transaction;
 * when anything fails, the photos written are removed again.
 */
export async function submitPublicQuote(options: {
	deps: Pick<Deps, "db" | "env" | "mailer">;
	input: Omit<PublicQuote, "website">;
	photos: readonly File[];
}): Promise<{ id: string }> {
	const { deps, input, photos } = options;
	if (photos.length > MAX_QUOTE_PHOTOS) throw badRequest(TOO_MANY_PHOTOS, "too_many_photos");
	const { estimate, lines } = await calculateEstimate({
		db: deps.db,
		services: input.services,
		city: input.city,
		state: input.state,
	});
	const images = await prepareImages({ files: photos });

	const id = randomUUID();
	const stored = images.map((image) => {
		const fileId = randomUUID();
		return {
			id: fileId,
			storageKey: `quote-photos/${id}/${fileId}.${image.extension}`,
			fileName: image.fileName,
			contentType: image.contentType,
			data: image.data,
		};
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
				const business = await getBusinessProfile({ db: tx });
				await deps.mailer.enqueue(
					newQuoteRequestEmail({
						business,
						url: `${deps.env.APP_URL}/owner/quotes`,
						request: {
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
					}),
					tx,
				);
			}),
	});
	deps.mailer.kick();
	return { id };
}
