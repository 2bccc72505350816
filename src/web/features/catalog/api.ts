import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, readJson } from "../../lib/api-client.ts";

/**
 * Query keys of the catalogue. ["catalog"] is the services people can choose on the quote forms,
 * the same for every visitor and signed-in account. A change to the catalogue (no live event
 * announces one yet) refetches exactly `catalogQueries.all`.
 */
export const catalogQueries = {
	all: ["catalog"] as const,
	services: () =>
		queryOptions({
			queryKey: catalogQueries.all,
			queryFn: () => readJson(client.catalog.$get()),
			staleTime: 5 * 60_000,
		}),
};

/** The active services people can choose, in the owner's order (the server filters and sorts). */
export function useServiceOptions() {
	return useQuery({ ...catalogQueries.services(), select: (data) => data.services });
}
