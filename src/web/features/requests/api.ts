import {
	infiniteQueryOptions,
	useInfiniteQuery,
	useMutation,
	useQueryClient,
} from "@tanstack/react-query";
import type {
	NewRequestInput,
	OwnerNewRequestInput,
	RequestAction,
} from "../../../shared/service-requests.ts";
import { client, readJson } from "../../lib/api-client.ts";
import { customerKeys } from "../../lib/customer-keys.ts";
import { useIdempotencyKey } from "../../lib/idempotency.ts";
import { useSubmitMutation } from "../../lib/submit-mutation.ts";
import { billQueries } from "../payments/api.ts";

/**
 * Query keys of service requests. ["requests"] is the signed-in customer's own history, a page at a
 * time, with the Home card's Active flag and the colour fee (the cache holds one account's data:
 * signing out clears it). ["owner", "requests"] is the owner's list of open and in-progress
 * requests. A live `request.changed` event refetches `requestQueries.mine` where it names the
 * signed-in user, and in the owner's app `requestQueries.owner` with the dashboard
 * (`customerKeys.dashboard`: the Pending Requests tile, the cards' FIX and COLOR badges).
 */
export const requestQueries = {
	mine: ["requests"] as const,
	owner: ["owner", "requests"] as const,
	history: () =>
		infiniteQueryOptions({
			queryKey: requestQueries.mine,
			queryFn: ({ pageParam }) =>
				readJson(client["service-requests"].$get({ query: { cursor: pageParam || undefined } })),
			initialPageParam: "",
			getNextPageParam: (page) => page.nextCursor ?? undefined,
		}),
	ownerOpen: () =>
		infiniteQueryOptions({
			queryKey: requestQueries.owner,
			queryFn: ({ pageParam }) =>
				readJson(
					client.owner["service-requests"].$get({ query: { cursor: pageParam || undefined } }),
				),
			initialPageParam: "",
			getNextPageParam: (page) => page.nextCursor ?? undefined,
		}),
};

/** My requests, newest first, a page at a time; the first page says whether one is active. */
export function useMyRequests() {
	return useInfiniteQuery(requestQueries.history());
}

/** The owner's open and in-progress requests, Urgent first. */
export function useOwnerRequests() {
	return useInfiniteQuery(requestQueries.ownerOpen());
}

function useRefresh() {
	const queryClient = useQueryClient();
	return (...keys: (readonly unknown[])[]) =>
		Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Sends my request: the JSON in `data`, each image under `photos`. A colour fee reaches QuickPay. */
export function useSubmitRequest() {
	const refresh = useRefresh();
	const idempotency = useIdempotencyKey();
	return useSubmitMutation({
		mutationFn: ({ input, photos }: { input: NewRequestInput; photos: readonly File[] }) =>
			readJson(
				client["service-requests"].$post(
					{ form: { data: JSON.stringify(input), photos } },
					{ headers: idempotency.headers() },
				),
			),
		onSuccess: () => {
			idempotency.succeeded();
			return refresh(requestQueries.mine, billQueries.mine);
		},
	});
}

/** Cancels my open request; its unpaid colour fee leaves QuickPay. */
export function useCancelMyRequest() {
	const refresh = useRefresh();
	return useSubmitMutation({
		mutationFn: (id: string) =>
			readJson(client["service-requests"][":id"].cancel.$post({ param: { id } })),
		onSuccess: () => refresh(requestQueries.mine, billQueries.mine),
	});
}

/** The owner starts, completes or cancels a request. */
export function useChangeRequest() {
	const refresh = useRefresh();
	return useMutation({
		mutationFn: ({ id, action }: { id: string; action: RequestAction }) =>
			readJson(client.owner["service-requests"][":id"][":action"].$post({ param: { id, action } })),
		onSuccess: () => refresh(requestQueries.owner, customerKeys.dashboard, customerKeys.ownerList),
	});
}

/** The owner adds a request for a customer. */
export function useAddRequestForCustomer() {
	const refresh = useRefresh();
	return useSubmitMutation({
		mutationFn: ({ customerId, input }: { customerId: string; input: OwnerNewRequestInput }) =>
			readJson(
				client.owner.customers[":id"]["service-requests"].$post({
					param: { id: customerId },
					json: input,
				}),
			),
		onSuccess: () => refresh(requestQueries.owner, customerKeys.dashboard, customerKeys.ownerList),
	});
}
