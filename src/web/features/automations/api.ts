import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AutomationKind } from "../../../shared/automations.ts";
import { client, readJson } from "../../lib/api-client.ts";
import { useSubmitMutation } from "../../lib/submit-mutation.ts";

/** ["automations"]: Settings → Automations, the switches and what went out lately. */
export const automationsQuery = queryOptions({
	queryKey: ["automations"] as const,
	queryFn: () => readJson(client.owner.automations.$get()),
});

export const useAutomations = () => useQuery(automationsQuery);

export function useSaveReviewUrl() {
	const queryClient = useQueryClient();
	return useSubmitMutation({
		mutationFn: (reviewUrl: string) =>
			readJson(client.owner.automations.$patch({ json: { reviewUrl } })),
		onSuccess: (data) => queryClient.setQueryData(automationsQuery.queryKey, data),
	});
}

export function useSwitchAutomation() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (input: { kind: AutomationKind; enabled: boolean }) =>
			readJson(client.owner.automations.$patch({ json: { [input.kind]: input.enabled } })),
		onSuccess: (data) => queryClient.setQueryData(automationsQuery.queryKey, data),
	});
}
