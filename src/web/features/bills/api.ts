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

export function useBills() {
	return useQuery({
		queryKey: ["bills"],
		queryFn: () => api<{ bills: Bill[] }>("/api/bills"),
		select: (d) => d.bills,
	});
}
