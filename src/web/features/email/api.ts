import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, readJson } from "../../lib/api-client.ts";

/** Query keys of the e-mail outbox's status, for the owner. */
export const mailQueries = {
	status: () =>
		queryOptions({
			queryKey: ["owner", "mail-status"] as const,
			queryFn: () => readJson(client.owner["mail-status"].$get()),
		}),
};

export function useMailStatus() {
	return useQuery(mailQueries.status());
}
