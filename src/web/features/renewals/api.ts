import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AcceptRenewal } from "../../../shared/renewals.ts";
import { client, readJson } from "../../lib/api-client.ts";
import { useSubmitMutation } from "../../lib/submit-mutation.ts";

/** ["renewal"]: the customer's offer; ["renewals"]: the owner's pipeline. */
export const renewalQueries = {
	mine: () =>
		queryOptions({
			queryKey: ["renewal"] as const,
			queryFn: () => readJson(client.renewal.$get()),
		}),
	pipeline: () =>
		queryOptions({
			queryKey: ["renewals"] as const,
			queryFn: () => readJson(client.owner.renewals.$get()),
		}),
};

export const useMyRenewal = () => useQuery(renewalQueries.mine());
export const useRenewalPipeline = () => useQuery(renewalQueries.pipeline());

export function useAcceptRenewal() {
	const queryClient = useQueryClient();
	return useSubmitMutation({
		mutationFn: (input: { id: string } & AcceptRenewal) => {
			const { id, ...json } = input;
			return readJson(client.renewal[":id"].accept.$post({ param: { id }, json }));
		},
		onSettled: () => queryClient.invalidateQueries(),
	});
}

export function useDeclineRenewal() {
	const queryClient = useQueryClient();
	return useSubmitMutation({
		mutationFn: (input: { id: string; reason: string }) =>
			readJson(
				client.renewal[":id"].decline.$post({
					param: { id: input.id },
					json: { reason: input.reason },
				}),
			),
		onSettled: () => queryClient.invalidateQueries({ queryKey: ["renewal"] }),
	});
}

export function useSendRenewals() {
	const queryClient = useQueryClient();
	return useSubmitMutation({
		mutationFn: (customerId?: string) =>
			readJson(client.owner.renewals.send.$post({ json: customerId ? { customerId } : {} })),
		onSettled: () => queryClient.invalidateQueries({ queryKey: ["renewals"] }),
	});
}

export function useExtendRenewal() {
	const queryClient = useQueryClient();
	return useSubmitMutation({
		mutationFn: (input: { id: string; expiresOn: string }) =>
			readJson(
				client.owner.renewals[":id"].$patch({
					param: { id: input.id },
					json: { expiresOn: input.expiresOn },
				}),
			),
		onSettled: () => queryClient.invalidateQueries({ queryKey: ["renewals"] }),
	});
}
