import type { EstimateRequest } from "../../../shared/estimate.ts";
import type { PublicQuoteInput } from "../../../shared/public-quote.ts";
import type { CustomerQuoteInput } from "../../../shared/quote-request.ts";
import { client, readJson } from "../../lib/api-client.ts";

/** The instant ("AI") quote from the server's pricing engine. */
export const requestEstimate = (input: EstimateRequest) =>
	readJson(client.estimate.$post({ json: input }));

/**
 * A quote request as the server takes it (multipart): the form's JSON in `data`, then each image
 * under `photos` (the client appends every file of the list under that one name).
 */
export const quoteUpload = (
	input: PublicQuoteInput | CustomerQuoteInput,
	photos: readonly File[],
) => ({ data: JSON.stringify(input), photos });

/** Sends the public quote form with its photos. */
export function submitPublicQuote(
	{ input, photos }: { input: PublicQuoteInput; photos: File[] },
	headers: { "Idempotency-Key": string },
) {
	return readJson(
		client.public["quote-requests"].$post({ form: quoteUpload(input, photos) }, { headers }),
	);
}
