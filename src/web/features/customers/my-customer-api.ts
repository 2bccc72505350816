import { useQuery } from "@tanstack/react-query";
import type { MyCustomer } from "../../../shared/customers.ts";
import { api } from "../../lib/api-client.ts";

export function useMyCustomer() {
	return useQuery({
		queryKey: ["customer", "me"],
		queryFn: () => api<{ customer: MyCustomer | null }>("/api/customer"),
		select: (d) => d.customer,
	});
}
