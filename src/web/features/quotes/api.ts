import {
	infiniteQueryOptions,
	queryOptions,
	useInfiniteQuery,
	useMutation,
	useQuery,
	useQueryClient,
} from "@tanstack/react-query";
import type { CustomerQuoteInput } from "../../../shared/quote-request.ts";
import type {
	ApproveQuote,
	OwnerQuoteFilter,
	QuoteSource,
	ReviseQuote,
} from "../../../shared/quotes.ts";
import { client, readJson } from "../../lib/api-client.ts";
import { customerKeys } from "../../lib/customer-keys.ts";
import { useIdempotencyKey } from "../../lib/idempotency.ts";
import { useSubmitMutation } from "../../lib/submit-mutation.ts";
import { authQueries } from "../auth/api.ts";
import { billQueries } from "../payments/api.ts";
import { quoteUpload } from "./public-quote-api.ts";

/**
 * Query keys of quotes. ["quotes", ...] is the signed-in customer's own quotes, ["quotes", "latest"]
 * their latest request and its decision (the cache holds one account's data: signing out clears
 * it). ["owner", "quotes", ...] is the owner's view of everyone's, ["owner", "quotes", "open"] the
 * open requests a page at a time. A live `quote.changed` event refetches `quoteQueries.mine` where
 * its user id is the signed-in user's, and in the owner's app `quoteQueries.owner` with the
 * dashboard (`customerKeys.dashboard`), whether or not it names a user (website quotes have none).
 */
export const quoteQueries = {
	mine: ["quotes"] as const,
	owner: ["owner", "quotes"] as const,
	latest: () =>
		queryOptions({
			queryKey: [...quoteQueries.mine, "latest"] as const,
			queryFn: () => readJson(client.quotes.latest.$get()),
		}),
	approved: () =>
		queryOptions({
			queryKey: [...quoteQueries.mine, "approved"] as const,
			queryFn: () => readJson(client.quotes.approved.$get()),
		}),
	ownerList: (status: OwnerQuoteFilter) =>
		infiniteQueryOptions({
			queryKey: [...quoteQueries.owner, "list", status] as const,
			queryFn: ({ pageParam }) =>
				readJson(client.owner.quotes.$get({ query: { status, cursor: pageParam || undefined } })),
			initialPageParam: "",
			getNextPageParam: (page) => page.nextCursor ?? undefined,
		}),
	counts: () =>
		queryOptions({
			queryKey: [...quoteQueries.owner, "counts"] as const,
			queryFn: () => readJson(client.owner.quotes.counts.$get()),
		}),
};

/** The owner's quotes of one filter, a page at a time. */
export function useOwnerQuotes(status: OwnerQuoteFilter) {
	return useInfiniteQuery(quoteQueries.ownerList(status));
}

/** How many quotes each filter of the owner's list holds. */
export function useQuoteCounts() {
	return useQuery(quoteQueries.counts());
}

/** The signed-in customer's latest quote request, or null. */
export function useLatestQuote() {
	return useQuery({ ...quoteQueries.latest(), select: (data) => data.quote });
}

/** The signed-in customer's latest approved quote (the service they have), or null. */
export function useApprovedQuote() {
	return useQuery({ ...quoteQueries.approved(), select: (data) => data.quote });
}

/** The owner's answer: the body of its route, from the shared schemas. */
type Decision =
	| ({ action: "approve" } & ApproveQuote)
	| ({ action: "revise" } & ReviseQuote)
	| { action: "reject" };

function sendDecision(source: QuoteSource, id: string, decision: Decision) {
	const quote = client.owner.quotes[":source"][":id"];
	const param = { source, id };
	switch (decision.action) {
		case "approve":
			return readJson(quote.approve.$post({ param, json: { unitPrices: decision.unitPrices } }));
		case "revise": {
			const { revisedPriceCents, notes } = decision;
			return readJson(quote.revise.$post({ param, json: { revisedPriceCents, notes } }));
		}
		case "reject":
			return readJson(quote.reject.$post({ param }));
	}
}

/** What the owner sees change when a quote is decided or its customer gets an account. */
function useRefreshOwnerViews() {
	const queryClient = useQueryClient();
	return () =>
		Promise.all([
			queryClient.invalidateQueries({ queryKey: quoteQueries.owner }),
			queryClient.invalidateQueries({ queryKey: customerKeys.dashboard }),
			queryClient.invalidateQueries({ queryKey: customerKeys.ownerList }),
		]);
}

export function useDecideQuote() {
	const refreshOwnerViews = useRefreshOwnerViews();
	return useSubmitMutation({
		mutationFn: ({
			source,
			id,
			decision,
		}: {
			source: QuoteSource;
			id: string;
			decision: Decision;
		}) => sendDecision(source, id, decision),
		onSuccess: refreshOwnerViews,
	});
}

/** Accept or decline my revised quote; dismiss my banner or details card. */
export function useCustomerQuoteActions() {
	const queryClient = useQueryClient();
	const refresh = (...keys: (readonly unknown[])[]) =>
		Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
	return {
		// Accepting approves the quote: the bill appears, the record and the account become active.
		respond: useSubmitMutation({
			mutationFn: ({ id, action }: { id: string; action: "accept" | "decline" }) => {
				const quote = client.quotes[":id"];
				return readJson(
					action === "accept"
						? quote.accept.$post({ param: { id } })
						: quote.decline.$post({ param: { id } }),
				);
			},
			onSuccess: () =>
				refresh(quoteQueries.mine, customerKeys.mine, billQueries.mine, authQueries.all),
		}),
		dismiss: useMutation({
			mutationFn: ({
				id,
				flag,
			}: {
				id: string;
				flag: "approvalNotificationSeen" | "quoteDetailsDismissed";
			}) => {
				const json =
					flag === "approvalNotificationSeen"
						? { approvalNotificationSeen: true as const }
						: { quoteDetailsDismissed: true as const };
				return readJson(client.quotes[":id"].$patch({ param: { id }, json }));
			},
			onSuccess: () => refresh(quoteQueries.mine),
		}),
	};
}

/** Sends my quote request: the JSON in `data`, each image under `photos`. */
export function useSubmitCustomerQuote() {
	const queryClient = useQueryClient();
	const idempotency = useIdempotencyKey();
	return useSubmitMutation({
		mutationFn: ({ input, photos }: { input: CustomerQuoteInput; photos: readonly File[] }) =>
			readJson(
				client["quote-requests"].$post(
					{ form: quoteUpload(input, photos) },
					{ headers: idempotency.headers() },
				),
			),
		onSuccess: () => {
			idempotency.succeeded();
			return queryClient.invalidateQueries({ queryKey: quoteQueries.mine });
		},
	});
}

/** Creates the login of an approved website quote's customer; they get an invite e-mail. */
export function useCreateWebsiteCustomer() {
	const refreshOwnerViews = useRefreshOwnerViews();
	return useSubmitMutation({
		mutationFn: (id: string) =>
			readJson(client.owner.quotes.website[":id"]["customer-account"].$post({ param: { id } })),
		onSuccess: refreshOwnerViews,
	});
}
