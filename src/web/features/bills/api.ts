import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, readJson } from "../../lib/api-client.ts";

/**
 * Query keys of bills. ["bills"] is the signed-in customer's own bills and the monthly "Plan for
 * Next Year" price (the cache holds one account's data: signing out clears it). A live
 * `bill.changed` event naming the signed-in user's id refetches exactly `billQueries.mine`; in the
 * owner's app a bill shows only on customer cards (`customerQueries`).
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
