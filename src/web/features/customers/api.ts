import {
	infiniteQueryOptions,
	queryOptions,
	useInfiniteQuery,
	useQuery,
} from "@tanstack/react-query";
import { client, readJson } from "../../lib/api-client.ts";

/**
 * Query keys of customers. ["customer", "me"] is the signed-in customer's own record (service type,
 * progress; the cache holds one account's data: signing out clears it). ["owner", "dashboard"] is
 * the owner's dashboard (stat tiles, newest quote requests, first customer cards) and
 * ["owner", "customers", cursor] the cards after it. A live `customer.changed` event refetches
 * `customerQueries.mine` where it names the signed-in user, and in the owner's app
 * `customerQueries.dashboard` and `customerQueries.ownerList`, which `bill.changed` (a card's
 * pending bills) and `quote.changed` (the tiles, the newest requests) also reach.
 */
export const customerQueries = {
	mine: ["customer", "me"] as const,
	dashboard: ["owner", "dashboard"] as const,
	ownerList: ["owner", "customers"] as const,
	myRecord: () =>
		queryOptions({
			queryKey: customerQueries.mine,
			queryFn: () => readJson(client.customer.$get()),
		}),
	ownerDashboard: () =>
		queryOptions({
			queryKey: customerQueries.dashboard,
			queryFn: () => readJson(client.owner.dashboard.$get()),
		}),
	/** Customer cards after the dashboard's first page, which ends at `firstCursor`. */
	more: (firstCursor: string | null) =>
		infiniteQueryOptions({
			queryKey: [...customerQueries.ownerList, firstCursor] as const,
			queryFn: ({ pageParam }) =>
				readJson(client.owner.customers.$get({ query: { cursor: pageParam } })),
			initialPageParam: firstCursor ?? "",
			getNextPageParam: (page) => page.nextCursor ?? undefined,
		}),
};

export function useDashboard() {
	return useQuery(customerQueries.ownerDashboard());
}

/** Customer cards after the dashboard's first page, fetched when asked for. */
export function useMoreCustomers(firstCursor: string | null) {
	return useInfiniteQuery({ ...customerQueries.more(firstCursor), enabled: false });
}

/** My customer record (service type and progress), or null. */
export function useMyCustomer() {
	return useQuery({ ...customerQueries.myRecord(), select: (d) => d.customer });
}
