import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CustomerQuoteInput } from "../../../shared/quote-request.ts";
import type {
	QuoteDecision,
	QuoteSource,
	QuoteView,
	quotePageSchema,
} from "../../../shared/quotes.ts";
import { api } from "../../lib/api-client.ts";

type QuotePage = z.infer<typeof quotePageSchema>;

export const ownerQuotesKey = ["owner", "quotes"] as const;
export const latestQuoteKey = ["quotes", "latest"] as const;

/** The owner's open quotes, a page at a time. */
export function useOwnerQuotes() {
	return useInfiniteQuery({
		queryKey: ownerQuotesKey,
		queryFn: ({ pageParam }) =>
			api<QuotePage>(
				`/api/owner/quotes${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`,
			),
		initialPageParam: "",
		getNextPageParam: (page) => page.nextCursor ?? undefined,
	});
}

type Decision =
	| { action: "approve"; unitPrices?: { serviceId: string; unitPriceCents: number }[] }
	| { action: "revise"; revisedPriceCents: number; notes?: string }
	| { action: "reject" };

export function useDecideQuote() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: ({
			source,
			id,
			decision,
		}: {
			source: QuoteSource;
			id: string;
			decision: Decision;
		}) => {
			const { action, ...body } = decision;
			return api<QuoteDecision>(`/api/owner/quotes/${source}/${id}/${action}`, {
				method: "POST",
				body,
			});
		},
		onSuccess: () => queryClient.invalidateQueries({ queryKey: ["owner"] }),
	});
}

export function useLatestQuote() {
	return useQuery({
		queryKey: latestQuoteKey,
		queryFn: () => api<{ quote: QuoteView | null }>("/api/quotes/latest"),
		select: (data) => data.quote,
	});
}

/** Accept or decline my revised quote; dismiss my banner or details card; sign the contract. */
export function useCustomerQuoteActions() {
	const queryClient = useQueryClient();
	const refresh = () => queryClient.invalidateQueries();
	return {
		respond: useMutation({
			mutationFn: ({ id, action }: { id: string; action: "accept" | "decline" }) =>
				api<QuoteDecision>(`/api/quotes/${id}/${action}`, { method: "POST", body: {} }),
			onSuccess: refresh,
		}),
		dismiss: useMutation({
			mutationFn: ({
				id,
				flag,
			}: {
				id: string;
				flag: "approvalNotificationSeen" | "quoteDetailsDismissed";
			}) => api(`/api/quotes/${id}`, { method: "PATCH", body: { [flag]: true } }),
			onSuccess: refresh,
		}),
		signContract: useMutation({
			mutationFn: () =>
				api<{ agreedToServices: boolean }>("/api/contract/sign", { method: "POST", body: {} }),
			onSuccess: refresh,
		}),
	};
}

/** Sends my quote request: the JSON in `data`, each image under `photos`. */
export function useSubmitCustomerQuote() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: ({ input, photos }: { input: CustomerQuoteInput; photos: readonly File[] }) =>
			api<{ id: string }>("/api/quote-requests", {
				method: "POST",
				body: quoteFormData(input, photos),
			}),
		onSuccess: () => queryClient.invalidateQueries({ queryKey: latestQuoteKey }),
	});
}

/** A quote request as the server takes it: the form's JSON in `data`, each image under `photos`. */
export function quoteFormData(input: unknown, photos: readonly File[]) {
	const body = new FormData();
	body.append("data", JSON.stringify(input));
	for (const photo of photos) body.append("photos", photo, photo.name);
	return body;
}

/** Creates the login of an approved website quote's customer; they get an invite e-mail. */
export function useCreateWebsiteCustomer() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (id: string) =>
			api<{ userId: string; message: string }>(`/api/owner/quotes/website/${id}/customer-account`, {
				method: "POST",
				body: {},
			}),
		onSuccess: () => queryClient.invalidateQueries({ queryKey: ["owner"] }),
	});
}
