import { useQueryClient } from "@tanstack/react-query";

/**
 * Query keys of customer records that other features refresh after their own changes: a quote's
 * approval or a contract refreshes the customer's own record; a request, a refund or a bill paid in
 * cash refreshes the owner's dashboard, customer cards and customer page. The customers feature
 * builds its queries on them (`customerQueries`); they live here so those features need not import
 * customers, which imports them (its Add Customer form takes a quote and a card).
 */
export const customerKeys = {
	/** The signed-in customer's own record (service type, progress). */
	mine: ["customer", "me"] as const,
	/** The owner's dashboard: stat tiles, newest quote requests, first customer cards. */
	dashboard: ["owner", "dashboard"] as const,
	/** Customer cards after the dashboard's first page, and searches. */
	ownerList: ["owner", "customers"] as const,
	/** Each customer's page, under ["owner", "customer", id]. */
	ownerDetails: ["owner", "customer"] as const,
};

/** ["owner", "customer", id]: everything the customer page shows. */
export const customerDetailKey = (id: string) => [...customerKeys.ownerDetails, id] as const;

/** After a change to a customer: their page (when named), the owner's dashboard and the lists. */
export function useRefreshCustomer(id?: string) {
	const queryClient = useQueryClient();
	return () =>
		Promise.all([
			id ? queryClient.invalidateQueries({ queryKey: customerDetailKey(id) }) : null,
			queryClient.invalidateQueries({ queryKey: customerKeys.dashboard }),
			queryClient.invalidateQueries({ queryKey: customerKeys.ownerList }),
		]);
}
