import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, readJson } from "../../lib/api-client.ts";

/**
 * Query keys of bills. ["bills"] is the signed-in customer's own bills with the monthly "Plan for
 * Next Year" price (the cache holds one account's data: signing out clears it). A `bill.changed`
 * live event for this customer, or a change to the plan's price, refetches exactly
 * `billQueries.mine`.
 */
export const billQueries = {
	mine: ["bills"] as const,
	list: () =>
		queryOptions({ queryKey: billQueries.mine, queryFn: () => readJson(client.bills.$get()) }),
};

/** My bills and the monthly "Plan for Next Year" price. */
export function useBills() {
	return useQuery(billQueries.list());
}
