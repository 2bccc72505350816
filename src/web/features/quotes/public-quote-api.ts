import { useQuery } from "@tanstack/react-query";
import type { ServiceOption } from "../../../shared/catalog.ts";
import type { Estimate, EstimateRequest } from "../../../shared/estimate.ts";
import type { PublicQuoteInput } from "../../../shared/public-quote.ts";
import { api } from "../../lib/api-client.ts";

export const catalogQueryKey = ["catalog"] as const;

/** The active services people can choose, in the owner's order. */
export function useServiceOptions() {
	return useQuery({
		queryKey: catalogQueryKey,
		queryFn: () => api<{ services: ServiceOption[] }>("/api/catalog"),
		select: (data) =>
			data.services.filter((s) => s.isActive).sort((a, b) => a.sortOrder - b.sortOrder),
		staleTime: 5 * 60_000,
	});
}

/** The instant ("AI") quote from the server's pricing engine. */
export const requestEstimate = (input: EstimateRequest) =>
	api<Estimate>("/api/estimate", { method: "POST", body: input });

/** Sends the public quote form: the JSON in `data`, each image under `photos`. */
export function submitPublicQuote({ input, photos }: { input: PublicQuoteInput; photos: File[] }) {
	const body = new FormData();
	body.append("data", JSON.stringify(input));
	for (const photo of photos) body.append("photos", photo, photo.name);
	return api<unknown>("/api/public/quote-requests", { method: "POST", body });
}
