import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { CustomerCard, Dashboard } from "../../../shared/customers.ts";
import { api } from "../../lib/api-client.ts";

export function useDashboard() {
	return useQuery({
		queryKey: ["owner", "dashboard"],
		queryFn: () => api<Dashboard>("/api/owner/dashboard"),
	});
}

/** Customer cards after the dashboard's first page. */
export function useMoreCustomers(firstCursor: string | null) {
	return useInfiniteQuery({
		queryKey: ["owner", "customers", firstCursor],
		queryFn: ({ pageParam }) =>
			api<{ customers: CustomerCard[]; nextCursor: string | null }>(
				`/api/owner/customers?cursor=${encodeURIComponent(pageParam)}`,
			),
		initialPageParam: firstCursor ?? "",
		getNextPageParam: (page) => page.nextCursor ?? undefined,
		enabled: false,
	});
}
