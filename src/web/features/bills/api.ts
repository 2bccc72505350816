import { useQuery } from "@tanstack/react-query";
import type { MyBills } from "../../../shared/bills.ts";
import { api } from "../../lib/api-client.ts";

/** My bills and the monthly "Plan for Next Year" price. */
export function useBills() {
	return useQuery({
		queryKey: ["bills"],
		queryFn: () => api<MyBills>("/api/bills"),
	});
}
