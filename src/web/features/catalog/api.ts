import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, readJson } from "../../lib/api-client.ts";

/**
 * Query keys of the catalogue. ["catalog"] is the list of services people can choose on the quote
 * forms, the same for every visitor. A live event that the owner changed the catalogue refetches
 * exactly `catalogQueries.all`.
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

/** The active services people can choose, in the owner's order. */
export function useServiceOptions() {
	return useQuery({
		...catalogQueries.services(),
		select: (data) =>
			data.services.filter((s) => s.isActive).sort((a, b) => a.sortOrder - b.sortOrder),
	});
}
