import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";

export interface Bill {
	id: string;
	description: string;
	amountCents: number;
	dueDate: string;
	status: "pending" | "paid";
	paidAt: string | null;
	createdAt: string;
}

/** My bills and the monthly "Plan for Next Year" price. */
export function useBills() {
	return useQuery({
		queryKey: ["bills"],
		queryFn: () => api<{ bills: Bill[]; planPriceCents: number }>("/api/bills"),
	});
}
